package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tablekeeper/tablekeeper/store"
)

// copyCommand is "tablekeeper copy FROM TO [GROUP…]": FROM and TO are each
// a SQLite file or a postgres:// address.
//
// Without GROUP it moves the whole database (store.CopyAll) into an empty
// TO, keeping every address, link and member, for a move from SQLite to
// PostgreSQL or back; stop the servers on FROM first. With GROUP (a group's
// address, /g/<slug>, or its slug) it copies those groups through the group
// export and import: each becomes a new group of TO, with a new address and
// an admin link printed here, as an export file imported through the app
// would.
func copyCommand(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) < 2 {
		return errors.New("copy: give FROM and TO (each a SQLite file or a postgres:// address), and optionally the groups to copy")
	}
	fromDB, toDB, groups := args[0], args[1], args[2:]
	if !store.IsPostgres(fromDB) {
		if st, err := os.Stat(fromDB); err != nil || !st.Mode().IsRegular() {
			return fmt.Errorf("copy: FROM %q: no database there (check the path)", fromDB)
		}
	}
	from, err := store.Open(ctx, fromDB)
	if err != nil {
		return fmt.Errorf("copy: FROM %q cannot be used: %w", store.Redact(fromDB), err)
	}
	defer from.Close()
	to, err := store.Open(ctx, toDB)
	if err != nil {
		return fmt.Errorf("copy: TO %q cannot be used: %w", store.Redact(toDB), err)
	}
	defer to.Close()
	if len(groups) == 0 {
		n, err := store.CopyAll(ctx, from, to)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "copied %d groups, %d matches, %d rounds from %s to %s\n",
			n["groups"], n["matches"], n["rounds"], store.Redact(fromDB), store.Redact(toDB))
		return nil
	}
	for _, g := range groups {
		slug := strings.TrimPrefix(strings.Trim(g, "/"), "g/")
		grp, err := from.GroupBySlug(ctx, slug)
		if err != nil {
			return fmt.Errorf("copy: group %q: not in FROM: %w", g, err)
		}
		e, err := from.ExportGroup(ctx, grp.ID)
		if err != nil {
			return fmt.Errorf("copy: group %q: %w", g, err)
		}
		created, err := to.ImportGroup(ctx, e, "admin", "")
		if err != nil {
			return fmt.Errorf("copy: group %q: %w", g, err)
		}
		fmt.Fprintf(stdout, "copied %q (%d matches): now /g/%s, admin link /admin/%s/%s\n",
			grp.Name, len(e.Matches), created.Group.Slug, created.Group.Slug, created.AdminToken)
	}
	return nil
}
