package store

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// exportFixture plays the fixture's match (with an edit and an undo), adds
// a season, a house rule, an archived player and a deleted match.
func exportFixture(t *testing.T) fixture {
	t.Helper()
	ctx := context.Background()
	f := newFixture(t)
	s, gid := f.s, f.g.Group.ID
	r1, _, _ := s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw(map[string]any{"cards": []string{"JK"}}), Points: []int{0, 50, 7}, Author: "Ana"})
	if _, err := s.editRound(ctx, f.match, r1.ID, 1, RoundWrite{Entry: raw(map[string]any{"typed": true}), Points: []int{0, 40, 7}, Author: "Ben"}); err != nil {
		t.Fatal(err)
	}
	r2, _, _ := s.addRound(ctx, f.match, RoundWrite{Number: 2, Entry: raw("{}"), Points: []int{3, 0, 1}, Author: "Ana"})
	s.undoRound(ctx, f.match, r2.ID, "Ana")
	s.addRound(ctx, f.match, RoundWrite{Number: 2, Entry: raw("{}"), Points: []int{4, 0, 1}, Author: "Ana", Finished: true})
	from, _ := ParseDate("2026-01-01")
	to, _ := ParseDate("2026-12-31")
	s.AddSeason(ctx, gid, "2026", from, to)
	s.SetHouseRules(ctx, gid, "fivecrowns", map[string]string{"runsWrap": "true"})
	gone, _ := s.CreateMatch(ctx, gid, NewMatch{Game: "taki", Players: []int64{f.players[0].ID, f.players[2].ID}})
	s.addRound(ctx, gone, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{1, 0}, Finished: true})
	s.DeleteMatch(ctx, gid, gone, "Ana")
	s.SetArchived(ctx, gid, f.players[2].ID, true)
	s.AddRuling(ctx, Ruling{MatchID: f.match, Form: "hand=JK+5S", Legal: true, Summary: "Jokers are wild", Rules: []string{"wild — jokers"}, Author: "Ben"})
	s.AddRuling(ctx, Ruling{MatchID: f.match, Form: "hand=", Summary: "No hand", Author: "Ana"})
	return f
}

// normalize drops what an import renumbers or restamps: ids and the export time.
func normalize(e Export) Export {
	e.ExportedAt = ""
	ids := map[int64]int64{}
	for i := range e.Players {
		ids[e.Players[i].ID] = int64(i + 1)
		e.Players[i].ID = int64(i + 1)
	}
	for i := range e.Matches {
		e.Matches[i].ID = int64(i + 1)
		for k := range e.Matches[i].Seats {
			e.Matches[i].Seats[k].Player = ids[e.Matches[i].Seats[k].Player]
		}
	}
	return e
}

func TestExportImportRoundTrip(t *testing.T) {
	ctx := context.Background()
	f := exportFixture(t)
	e, err := f.s.ExportGroup(ctx, f.g.Group.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Matches) != 2 || len(e.Matches[0].Rounds) != 3 || len(e.Matches[0].Rounds[0].Revisions) != 2 || e.Matches[1].DeletedAt == nil ||
		len(e.Matches[0].Rulings) != 2 || e.Players[2].ArchivedAt == nil || len(e.Seasons) != 1 || len(e.HouseRules) != 1 {
		t.Fatalf("export misses data: %+v", e.Matches)
	}
	b, _ := json.Marshal(e)
	read, err := ReadExport(b)
	if err != nil {
		t.Fatalf("ReadExport of a fresh export: %v", err)
	}
	created, err := f.s.ImportGroup(ctx, read, "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	again, err := f.s.ExportGroup(ctx, created.Group.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := normalize(again), normalize(e); !reflect.DeepEqual(got, want) {
		gb, _ := json.MarshalIndent(got, "", " ")
		wb, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("re-export differs from the export:\n got %s\nwant %s", gb, wb)
	}
	before, _ := f.s.PlayedMatches(ctx, f.g.Group.ID, true)
	after, _ := f.s.PlayedMatches(ctx, created.Group.ID, true)
	if len(before) != len(after) || len(after) != 1 || !reflect.DeepEqual(after[0].Seats[0].Rounds, before[0].Seats[0].Rounds) {
		t.Errorf("played matches after import %+v, before %+v", after, before)
	}
	if _, m, err := f.s.Membership(ctx, created.Group.Slug, created.SessionToken); err != nil || !m.IsAdmin {
		t.Errorf("the importer is not the new group's admin: %+v, %v", m, err)
	}
}

func TestImportRefusesDamagedFiles(t *testing.T) {
	ctx := context.Background()
	f := exportFixture(t)
	e, _ := f.s.ExportGroup(ctx, f.g.Group.ID)
	good, _ := json.Marshal(e)
	edit := func(fn func(*Export)) []byte {
		var c Export
		json.Unmarshal(good, &c)
		fn(&c)
		b, _ := json.Marshal(c)
		return b
	}
	tests := []struct {
		name     string
		file     []byte
		wantPart string
	}{
		{"not json", []byte("hello"), "format"},
		{"foreign json", []byte(`{"name": "something else"}`), "format"},
		{"truncated", good[:len(good)/2], "truncated"},
		{"newer version", edit(func(c *Export) { c.Version = 99 }), "version"},
		{"total not the sum", edit(func(c *Export) { c.Matches[0].Seats[1].Total++ }), "matches"},
		{"unknown player", edit(func(c *Export) { c.Matches[0].Seats[0].Player = 999999 }), "matches"},
		{"points of the wrong length", edit(func(c *Export) { c.Matches[0].Rounds[0].Points = []int{1} }), "matches"},
		{"a gap in the rounds", edit(func(c *Export) { c.Matches[0].Rounds[2].Number = 5 }), "matches"},
		{"bad revision kind", edit(func(c *Export) { c.Matches[0].Rounds[0].Revisions[0].Kind = "hacked" }), "matches"},
		{"bad time", edit(func(c *Export) { c.Matches[0].CreatedAt = "yesterday" }), "matches"},
		{"player twice", edit(func(c *Export) { c.Players = append(c.Players, c.Players[0]) }), "players"},
		{"unknown field", []byte(strings.Replace(string(good), `"version"`, `"extra":1,"version"`, 1)), "unknown"},
		{"unknown field first", []byte(strings.Replace(string(good), `"format"`, `"extra":1,"format"`, 1)), "format"},
	}
	countGroups := func() int {
		var n int
		f.s.testQueryRow(`SELECT COUNT(*) FROM groups`).Scan(&n)
		return n
	}
	n0 := countGroups()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadExport(tt.file)
			var ie *ImportError
			if !errors.As(err, &ie) || ie.Part != tt.wantPart || !errors.Is(err, ErrInvalid) {
				t.Fatalf("ReadExport: err = %v, want an ImportError in part %q", err, tt.wantPart)
			}
		})
	}
	// Check runs again inside ImportGroup: a damaged export saves nothing.
	var bad Export
	json.Unmarshal(edit(func(c *Export) { c.Matches[1].Seats[0].Total = 42 }), &bad)
	if _, err := f.s.ImportGroup(ctx, bad, "Zoé", ""); !errors.Is(err, ErrInvalid) {
		t.Errorf("ImportGroup of a damaged export: err = %v, want ErrInvalid", err)
	}
	if n := countGroups(); n != n0 {
		t.Errorf("%d groups after refused imports, want %d", n, n0)
	}
}

// An import is bounded before anything is decoded or written: nesting,
// texts, counts and points. One round entry nested 9,000 deep in a 55 KB
// file used to import and export as 162 MB.
func TestImportRefusesWhatIsBeyondItsLimits(t *testing.T) {
	ctx := context.Background()
	f := exportFixture(t)
	e, _ := f.s.ExportGroup(ctx, f.g.Group.ID)
	good, _ := json.Marshal(e)
	edit := func(fn func(*Export)) []byte {
		var c Export
		json.Unmarshal(good, &c)
		fn(&c)
		b, _ := json.Marshal(c)
		return b
	}
	nested := func(depth int) json.RawMessage {
		return json.RawMessage(strings.Repeat(`{"a":`, depth) + "1" + strings.Repeat("}", depth))
	}
	tiny := `{"number":1,"entry":{},"points":[0,0,0],"version":1,"undone_at":"2026-01-01T10:00:00.000Z","created_at":"2026-01-01T10:00:00.000Z","revisions":[` +
		strings.Repeat("{},", 300000) + `{}]}`
	tests := []struct {
		name     string
		file     []byte
		wantPart string
		match    int
		round    int
	}{
		{"entry nested 9,000 deep", edit(func(c *Export) { c.Matches[0].Rounds[0].Entry = nested(9000) }), "deep", 1, 0},
		{"entry nested 20 deep", edit(func(c *Export) { c.Matches[0].Rounds[1].Entry = nested(MaxEntryDepth + 4) }), "entry", 1, 2},
		{"revision entry too long", edit(func(c *Export) {
			c.Matches[0].Rounds[0].Revisions[0].Entry = json.RawMessage(`["` + strings.Repeat("x", MaxEntryBytes/2) + `","` + strings.Repeat("x", MaxEntryBytes/2) + `"]`)
		}), "entry", 1, 1},
		{"a long text", edit(func(c *Export) { c.HouseRules[0].Value = strings.Repeat("x", MaxImportText+1) }), "deep", 0, 0},
		{"many tiny values", []byte(strings.Replace(string(good), `"rounds":[`, `"rounds":[`+tiny+`,`, 1)), "deep", 1, 0},
		{"points near the integer limit", edit(func(c *Export) {
			c.Matches[0].Rounds[0].Points[1] = 1 << 62
			c.Matches[0].Seats[1].Total += 1<<62 - 40
		}), "points", 1, 1},
		{"points beyond a million", edit(func(c *Export) { c.Matches[0].Rounds[1].Revisions[0].Points[0] = -MaxImportPoints - 1 }), "points", 1, 2},
		{"too many seats", edit(func(c *Export) {
			for len(c.Matches[1].Seats) <= MaxImportSeats {
				c.Matches[1].Seats = append(c.Matches[1].Seats, c.Matches[1].Seats[0])
			}
		}), "toomany.match", 2, 0},
		{"too many players", edit(func(c *Export) {
			for i := int64(0); i <= MaxImportPlayers; i++ {
				c.Players = append(c.Players, ExportPlayer{ID: 1000000 + i, Name: "P", CreatedAt: c.Players[0].CreatedAt})
			}
		}), "toomany", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.file) > 4<<20 {
				t.Fatalf("the test file is %d bytes", len(tt.file))
			}
			_, err := ReadExport(tt.file)
			var ie *ImportError
			if !errors.As(err, &ie) || ie.Part != tt.wantPart || ie.Match != tt.match || ie.Round != tt.round || !errors.Is(err, ErrInvalid) {
				t.Fatalf("ReadExport: err = %v, want an ImportError in part %q, match %d, round %d", err, tt.wantPart, tt.match, tt.round)
			}
		})
	}
	// Check alone (ImportGroup's own) refuses a deep entry too.
	var deep Export
	json.Unmarshal(good, &deep)
	deep.Matches[0].Rounds[0].Entry = nested(MaxEntryDepth + 1)
	var ie *ImportError
	if err := deep.Check(); !errors.As(err, &ie) || ie.Part != "entry" || ie.Match != 1 || ie.Round != 1 {
		t.Errorf("Check of an entry nested %d deep: %v", MaxEntryDepth+1, err)
	}
	// A real export is well inside the memory bound.
	cost, err := scanCost(good, MaxImportCost(len(good)))
	if err != nil || cost > 6*int64(len(good)) {
		t.Errorf("a real export of %d bytes costs %d (%.1f×): %v", len(good), cost, float64(cost)/float64(len(good)), err)
	}
	t.Logf("a real export of %d bytes: estimated decoded cost %d bytes (%.1f×)", len(good), cost, float64(cost)/float64(len(good)))
}
