package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
	"github.com/tablekeeper/tablekeeper/store"
)

// "tablekeeper copy FROM TO GROUP" moves a group from SQLite to PostgreSQL
// and back through the group export: its matches and rounds arrive, under a
// new address with an admin link; the whole-database form keeps the address.
func TestCopyMovesAGroupBothWays(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	lite, pg, back, whole := filepath.Join(dir, "a.db"), pgtest.Database(t), filepath.Join(dir, "b.db"), pgtest.Database(t)
	st, err := store.Open(ctx, lite)
	if err != nil {
		t.Fatal(err)
	}
	g, err := st.CreateGroup(ctx, "Jeudi", "Ana", "")
	if err != nil {
		t.Fatal(err)
	}
	ben, _ := st.AddPlayer(ctx, g.Group.ID, "Ben")
	ps, _ := st.Players(ctx, g.Group.ID)
	mid, err := st.CreateMatch(ctx, g.Group.ID, store.NewMatch{Game: "fivecrowns", Players: []int64{ps[0].ID, ben.ID}, Options: map[string]string{"startRound": "1"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := st.ChangeRound(ctx, g.Group, mid, "", func(store.Match, []store.Round) store.RoundWrite {
		return store.RoundWrite{Kind: store.WriteAdd, Number: 1, Entry: json.RawMessage("{}"), Points: []int{0, 12}, Author: "Ana"}
	}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	env := func(string) string { return "" }
	moved := regexp.MustCompile(`now /g/([\w-]+), admin link /admin/[\w-]+/[\w-]+`) // slugs and tokens are base64url
	slug := g.Group.Slug
	for _, hop := range [][2]string{{lite, pg}, {pg, back}} {
		var out bytes.Buffer
		if err := run(ctx, []string{"copy", hop[0], hop[1], "/g/" + slug}, env, &out); err != nil {
			t.Fatalf("copy %s → %s: %v", store.Redact(hop[0]), store.Redact(hop[1]), err)
		}
		m := moved.FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("copy said %q", out.String())
		}
		slug = m[1]
		to, err := store.Open(ctx, hop[1])
		if err != nil {
			t.Fatal(err)
		}
		grp, err := to.GroupBySlug(ctx, slug)
		if err != nil {
			t.Fatal(err)
		}
		ms, _ := to.Matches(ctx, grp.ID, 10)
		if len(ms) != 1 || ms[0].Seats[1].Total != 12 {
			t.Errorf("after the copy to %s: matches %+v", store.Redact(hop[1]), ms)
		}
		to.Close()
	}
	var out bytes.Buffer
	if err := run(ctx, []string{"copy", lite, whole}, env, &out); err != nil {
		t.Fatalf("copy of the whole database: %v", err)
	}
	to, err := store.Open(ctx, whole)
	if err != nil {
		t.Fatal(err)
	}
	defer to.Close()
	if _, m, err := to.Membership(ctx, g.Group.Slug, g.SessionToken); err != nil || !m.IsAdmin {
		t.Errorf("the whole copy lost the admin's membership at the same address: %+v %v (%s)", m, err, out.String())
	}
}
