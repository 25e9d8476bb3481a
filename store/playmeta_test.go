package store

import (
	"context"
	"slices"
	"testing"
)

// What a match keeps of its play (places, location, duration, comments,
// start seat, the play's local date) is written by an import and read back
// by every reader that needs it: the scoresheet (MatchSheet and Match), the
// standings (PlayedMatches and ChangedMatches), the group's export (and so
// a copy of the group). A match recorded here has none. The games an
// import took are remembered per group.
func TestPlayMetaKept(t *testing.T) {
	f := newFixture(t)
	s, ctx, gid := f.s, context.Background(), f.g.Group.ID
	ms := finalMatches(2)
	start := 1
	ms[0].PlayMeta = PlayMeta{Places: []int{2, 1}, Location: "Chez Ana", DurationMin: 40, Comments: "serré", StartSeat: &start, PlayedLocal: "2025-03-01 20:00:00", NoScores: true}
	if err := s.ImportInto(ctx, gid, IntoGroup{Players: []ExportPlayer{{ID: 1, Name: "Ana"}, {ID: 2, Name: "Dora"}}, Existing: map[int64]int64{1: f.players[0].ID}, Matches: ms}); err != nil {
		t.Fatal(err)
	}
	_, held, _ := s.BGStatsPlays(ctx, gid)
	var id, plain int64
	for _, h := range held {
		switch h.UUID {
		case "play-0":
			id = h.ID
		case "play-1":
			plain = h.ID
		}
	}
	same := func(where string, m PlayMeta) {
		t.Helper()
		if !slices.Equal(m.Places, []int{2, 1}) || m.Location != "Chez Ana" || m.DurationMin != 40 || m.Comments != "serré" ||
			m.StartSeat == nil || *m.StartSeat != 1 || m.PlayedLocal != "2025-03-01 20:00:00" || !m.NoScores {
			t.Errorf("%s: %+v", where, m)
		}
	}
	m, _, err := s.MatchSheet(ctx, gid, id)
	if err != nil {
		t.Fatal(err)
	}
	same("MatchSheet", m.Play)
	m, _ = s.Match(ctx, gid, id)
	same("Match", m.Play)
	if m, _, _ := s.MatchSheet(ctx, gid, plain); m.Play.Places != nil || m.Play.StartSeat != nil || m.Play.Location != "" {
		t.Errorf("a match without a play's facts: %+v", m.Play)
	}
	played, _ := s.PlayedMatches(ctx, gid, false)
	changed, _, _ := s.ChangedMatches(ctx, gid, 0)
	for _, pm := range played {
		if want := map[int64][]int{id: {2, 1}}[pm.ID]; !slices.Equal(pm.Places, want) || pm.NoScores != (pm.ID == id) {
			t.Errorf("PlayedMatches %d: places %v, want %v", pm.ID, pm.Places, want)
		}
	}
	for _, c := range changed {
		if want := map[int64][]int{id: {2, 1}}[c.Match.ID]; c.Played && (!slices.Equal(c.Match.Places, want) || c.Match.NoScores != (c.Match.ID == id)) {
			t.Errorf("ChangedMatches %d: places %v, want %v", c.Match.ID, c.Match.Places, want)
		}
	}
	e, err := s.ExportGroup(ctx, gid)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(e.Matches, func(m ExportMatch) bool { return m.ID == id })
	same("ExportGroup", e.Matches[i].PlayMeta)
	copied, err := s.ImportGroup(ctx, e, "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	e2, _ := s.ExportGroup(ctx, copied.Group.ID)
	i = slices.IndexFunc(e2.Matches, func(m ExportMatch) bool { return m.BGStatsPlay == "play-0" })
	same("a copy's export", e2.Matches[i].PlayMeta)

	// Places that are no ranking are refused.
	bad := finalMatches(1)
	bad[0].BGStatsPlay, bad[0].Places = "play-9", []int{1, 3}
	if err := s.ImportInto(ctx, gid, IntoGroup{Players: []ExportPlayer{{ID: 1, Name: "Ana"}, {ID: 2, Name: "Dora"}}, Existing: map[int64]int64{1: f.players[0].ID}, Matches: bad}); err == nil {
		t.Error("places 1, 3 of two seats accepted")
	}

	if err := s.SetBGStatsGames(ctx, gid, map[string]string{"bgg:1472": "fivecrowns", "name:take five": "takefive", "bgg:432": ""}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetBGStatsGames(ctx, gid, map[string]string{"name:take five": ""}); err != nil {
		t.Fatal(err)
	}
	got, _ := s.BGStatsGames(ctx, gid)
	if len(got) != 3 || got["bgg:1472"] != "fivecrowns" || got["name:take five"] != "" {
		t.Errorf("remembered %v", got)
	}
	if other, _ := s.BGStatsGames(ctx, copied.Group.ID); len(other) != 0 {
		t.Errorf("another group remembers %v", other)
	}
}
