package handlers

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/store"
)

// Issue 40: the forms hold the limits the group's own import holds (its
// other games, a match's rounds, its seasons), in the same write, so that no
// group grows into one whose export its import refuses. The rows up to the
// limit are written straight into the database (raw), the one past it by
// the form: refused with a sentence naming what is over, nothing written.
func TestFormsHoldTheImportsLimits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "limits.db")
	app := newTestAppAt(t, testGames(), path, nil)
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := raw.Exec(q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	ctx := context.Background()
	c := app.client()
	slug := c.group("Table")
	g, _ := app.store.GroupBySlug(ctx, slug)
	base := "/g/" + slug
	count := func(q string, args ...any) int {
		t.Helper()
		var n int
		if err := raw.QueryRow(q, args...).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	refused := func(what, lang, want string, code int, body string) {
		t.Helper()
		if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, want) {
			t.Errorf("%s past the limit (%s): %d %q, want 413 saying %q", what, lang, code, errorText(body), want)
		}
	}

	// Games: the form's game, then the rest of the 1,000 raw; the 1,001st refused.
	addGame(t, c, slug, url.Values{"name": {"Rummy"}, "how": {"high"}, "entry": {"rounds"}, "end": {"hand"}})
	exec(`WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i+1 FROM n WHERE i < $2)
		INSERT INTO group_games (group_id, num, name, name_key, kind, created_at)
		SELECT $1, i, 'Game ' || i, 'game ' || i, 'final', '2026-01-01T00:00:00Z' FROM n`, g.ID, store.MaxImportGames)
	for lang, want := range map[string]string{"en": "at most 1000 other games", "fr": "au plus 1000 autres jeux"} {
		c.lang = lang
		rec := c.post(base+"/games", url.Values{"name": {"One Too Many " + lang}, "how": {"high"}, "entry": {"final"}})
		refused("game", lang, want, rec.Code, rec.Body.String())
	}
	if n := count(`SELECT COUNT(*) FROM group_games WHERE group_id = $1`, g.ID); n != store.MaxImportGames {
		t.Errorf("%d games after the refusals, want %d", n, store.MaxImportGames)
	}

	// Seasons: 1,000 raw; the 1,001st refused.
	exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < $2)
		INSERT INTO seasons (group_id, name, starts_on, ends_on, created_at)
		SELECT $1, 'Season ' || i, '2026-01-01', '2026-02-01', '2026-01-01T00:00:00Z' FROM n`, g.ID, store.MaxImportSeasons)
	for lang, want := range map[string]string{"en": "at most 1000 seasons", "fr": "au plus 1000 saisons"} {
		c.lang = lang
		rec := c.post(base+"/seasons", url.Values{"name": {"Winter"}, "from": {"2026-01-01"}, "to": {"2026-02-01"}})
		refused("season", lang, want, rec.Code, rec.Body.String())
	}
	if n := count(`SELECT COUNT(*) FROM seasons WHERE group_id = $1`, g.ID); n != store.MaxImportSeasons {
		t.Errorf("%d seasons after the refusals, want %d", n, store.MaxImportSeasons)
	}

	// Rounds of an open-ended match: one saved by the form, one undone,
	// the rest of the 2,000 raw (live); the 2,001st refused.
	c.lang = ""
	m := startOther(t, c, slug, "custom-1", "Ana")
	if m == "" {
		return
	}
	for i := range 2 {
		if code := otherRound(t, c, m, map[string]string{"v_0": "5"}); code != http.StatusSeeOther {
			t.Fatalf("round %d: %d", i+1, code)
		}
	}
	match := matchOf(t, app, slug, m)
	rounds, _ := app.store.Rounds(ctx, match.ID)
	if rec := c.post(m+"/undo", url.Values{"round": {fmt.Sprint(rounds[1].ID)}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("undo: %d", rec.Code)
	}
	exec(`WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i+1 FROM n WHERE i < $2)
		INSERT INTO rounds (match_id, number, entry, points, created_at)
		SELECT $1, i, r.entry, r.points, r.created_at FROM n, rounds r WHERE r.id = $3`, match.ID, store.MaxImportRounds-1, rounds[0].ID)
	for lang, want := range map[string]string{"en": "at most 2000 rounds", "fr": "au plus 2000 manches"} {
		c.lang = lang
		keyN++
		rec := c.post(m+"/rounds", url.Values{"op": {"save"}, "submitKey": {fmt.Sprint("k", keyN)}, "v_0": {"5"}})
		refused("round", lang, want, rec.Code, rec.Body.String())
	}
	if n := count(`SELECT COUNT(*) FROM rounds WHERE match_id = $1`, match.ID); n != store.MaxImportRounds {
		t.Errorf("%d rounds after the refusals, want %d", n, store.MaxImportRounds)
	}
}

// TestCorrectionsHoldTheImportsRevisionLimit: a round keeps at most
// store.MaxImportRevisions versions (its first save, each correction and
// its undo), as the import holds them. The 200th is taken; a correction or
// an undo past it is refused with a sentence saying so (English and
// French), the round unchanged; and the group's export imports again.
func TestCorrectionsHoldTheImportsRevisionLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "revisions.db")
	app := newTestAppAt(t, testGames(), path, nil)
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	ctx := context.Background()
	c := app.client()
	slug := c.group("Table")
	g, _ := app.store.GroupBySlug(ctx, slug)
	addGame(t, c, slug, url.Values{"name": {"Rummy"}, "how": {"high"}, "entry": {"rounds"}, "end": {"hand"}})
	m := startOther(t, c, slug, "custom-1", "Ana")
	if m == "" {
		return
	}
	if code := otherRound(t, c, m, map[string]string{"v_0": "5"}); code != http.StatusSeeOther {
		t.Fatalf("round 1: %d", code)
	}
	match := matchOf(t, app, slug, m)
	rounds, _ := app.store.Rounds(ctx, match.ID)
	id := rounds[0].ID
	// 198 corrections written straight into the database: 199 versions.
	if _, err := raw.Exec(`WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i+1 FROM n WHERE i < $2)
		INSERT INTO round_revisions (round_id, version, kind, entry, points, author, at)
		SELECT r.id, i, 'edited', r.entry, r.points, 'Ana', r.created_at FROM n, rounds r WHERE r.id = $1`, id, store.MaxImportRevisions-1); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE rounds SET version = $1 WHERE id = $2`, store.MaxImportRevisions-1, id); err != nil {
		t.Fatal(err)
	}
	app.wrote()
	edit := fmt.Sprintf("%s/rounds/%d", m, id)
	if rec := c.post(edit, url.Values{"op": {"save"}, "version": {fmt.Sprint(store.MaxImportRevisions - 1)}, "v_0": {"7"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("the 200th version: %d %q, want 303", rec.Code, errorText(rec.Body.String()))
	}
	for lang, want := range map[string]string{"en": "at most 200 versions", "fr": "au plus 200 versions"} {
		c.lang = lang
		rec := c.post(edit, url.Values{"op": {"save"}, "version": {fmt.Sprint(store.MaxImportRevisions)}, "v_0": {"9"}})
		if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("a correction past the limit (%s): %d %q, want 413 saying %q", lang, rec.Code, errorText(rec.Body.String()), want)
		}
		rec = c.post(m+"/undo", url.Values{"round": {fmt.Sprint(id)}})
		if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("an undo past the limit (%s): %d %q, want 413 saying %q", lang, rec.Code, errorText(rec.Body.String()), want)
		}
	}
	r, err := app.store.Round(ctx, match.ID, id)
	if err != nil || r.Version != store.MaxImportRevisions || r.Undone() || r.Points[0] != 7 {
		t.Errorf("the round after the refusals: version %d, undone %v, points %v (%v); want version %d, 7 points", r.Version, r.Undone(), r.Points, err, store.MaxImportRevisions)
	}
	e, err := app.store.ExportGroup(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := app.store.ImportGroup(ctx, e, "Ana", ""); err != nil {
		t.Errorf("the group's export does not import again: %v", err)
	}
}
