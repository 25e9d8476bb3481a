package store

import (
	"context"
	"errors"
	"testing"
)

func TestSeasons(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	gid := f.g.Group.ID
	from, _ := ParseDate("2025-01-01")
	to, _ := ParseDate("2025-12-31")
	if _, err := f.s.AddSeason(ctx, gid, "2025", from, to); err != nil {
		t.Fatal(err)
	}
	if _, err := f.s.AddSeason(ctx, gid, "backwards", to, from); !errors.Is(err, ErrInvalid) {
		t.Errorf("a season ending before it starts: err = %v, want ErrInvalid", err)
	}
	if _, err := f.s.AddSeason(ctx, gid, "  ", from, to); !errors.Is(err, ErrInvalid) {
		t.Errorf("a season without a name: err = %v, want ErrInvalid", err)
	}
	from2, _ := ParseDate("2026-01-01")
	to2, _ := ParseDate("2026-06-30")
	s2, _ := f.s.AddSeason(ctx, gid, "2026 H1", from2, to2)
	got, err := f.s.Seasons(ctx, gid)
	if err != nil || len(got) != 2 || got[0].Name != "2026 H1" || !got[1].To.Equal(to) {
		t.Fatalf("Seasons = %+v, %v; want 2026 H1 then 2025", got, err)
	}
	if err := f.s.DeleteSeason(ctx, gid+1, s2.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("deleting another group's season: err = %v, want ErrNotFound", err)
	}
	if err := f.s.DeleteSeason(ctx, gid, s2.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.s.Seasons(ctx, gid); len(got) != 1 {
		t.Errorf("after delete, %d seasons, want 1", len(got))
	}
}

// The public link works with its token only, stops with a new one, and is off once disabled.
func TestPublicToken(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	gid, slug := f.g.Group.ID, f.g.Group.Slug
	if _, err := f.s.GroupByPublicToken(ctx, slug, ""); !errors.Is(err, ErrNotFound) {
		t.Errorf("link off: err = %v, want ErrNotFound", err)
	}
	tok, err := f.s.RotatePublicToken(ctx, gid)
	if err != nil {
		t.Fatal(err)
	}
	if g, err := f.s.GroupByPublicToken(ctx, slug, tok); err != nil || g.ID != gid || !g.PublicOn {
		t.Errorf("GroupByPublicToken = %+v, %v", g, err)
	}
	tok2, _ := f.s.RotatePublicToken(ctx, gid)
	if _, err := f.s.GroupByPublicToken(ctx, slug, tok); !errors.Is(err, ErrNotFound) {
		t.Errorf("old token after rotation: err = %v, want ErrNotFound", err)
	}
	f.s.DisablePublicToken(ctx, gid)
	if _, err := f.s.GroupByPublicToken(ctx, slug, tok2); !errors.Is(err, ErrNotFound) {
		t.Errorf("token after disabling: err = %v, want ErrNotFound", err)
	}
}
