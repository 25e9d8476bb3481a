package bgstats

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/store"
)

func lowWins(game string) bool { return game == "fivecrowns" }

func info(game string) GameInfo { return GameInfo{LowWins: lowWins(game)} }

// result is what must survive the round trip: who played which game when,
// with what score, and who won.
type result struct {
	Game, Date string
	Seats      []seat
}

type seat struct {
	Name   string
	Score  int
	Winner bool
}

func results(t *testing.T, f File) []result {
	t.Helper()
	games, players := map[int64]string{}, map[int64]string{}
	for _, g := range f.Games {
		games[g.ID] = ours.GameID(g)
	}
	for _, p := range f.Players {
		players[p.ID] = p.Name
	}
	var out []result
	for _, p := range f.Plays {
		if games[p.GameRefID] == "" || p.Ignored {
			continue
		}
		r := result{Game: games[p.GameRefID], Date: p.PlayDate}
		ps := slices.Clone(p.PlayerScores) // in seat order: the order kept
		slices.SortStableFunc(ps, func(a, b Score) int { return a.SeatOrder - b.SeatOrder })
		for _, s := range ps {
			n, err := Points(string(s.Score))
			if err != nil {
				continue
			}
			r.Seats = append(r.Seats, seat{players[s.PlayerRefID], n, s.Winner})
		}
		if len(r.Seats) == len(p.PlayerScores) {
			out = append(out, r)
		}
	}
	return out
}

// BG Stats → tablekeeper → BG Stats keeps the players, dates, scores and
// winners of the plays of our games; the others are counted and skipped.
func TestBGStatsRoundTrip(t *testing.T) {
	b, err := os.ReadFile("testdata/bgstats.json")
	if err != nil {
		t.Fatal(err)
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no time zone data")
	}
	roster, matches, rep := Import(f, ours.Proposed(f), map[int64]string{}, paris, lowWins)
	if rep.Imported != 2 || rep.Skipped["Take 5"] != 1 || rep.Skipped["Catan"] != 1 || rep.Ignored != 1 || len(rep.Refused) != 1 {
		t.Fatalf("report %+v", rep)
	}
	at := "2026-01-01T10:00:00.000Z"
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "bg.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e := store.Export{Format: store.ExportFormat, Version: store.ExportVersion, ExportedAt: at,
		Group:   store.ExportGroup{Name: "From BG Stats", CreatedAt: at},
		Players: roster, Seasons: []store.ExportSeason{}, HouseRules: []store.ExportRule{}, Matches: matches}
	created, err := st.ImportGroup(context.Background(), e, "Ana", "")
	if err != nil {
		t.Fatal(err)
	}
	back, err := st.ExportGroup(context.Background(), created.Group.ID)
	if err != nil {
		t.Fatal(err)
	}
	out := ours.Export(back, paris, info)
	got, want := results(t, out), results(t, f)
	gb, _ := json.Marshal(got)
	wb, _ := json.Marshal(want)
	if string(gb) != string(wb) {
		t.Errorf("round trip:\n got %s\nwant %s", gb, wb)
	}
	if again, _, rep := Import(out, ours.Proposed(out), nil, paris, lowWins); rep.Imported != 2 || len(again) != 3 {
		t.Errorf("our own file read back: %+v, roster %v", rep, again)
	}
}

func TestPoints(t *testing.T) {
	for in, want := range map[string]int{"42": 42, "3+20+5": 28, " -5 ": -5, "10 + -2": 8} {
		if n, err := Points(in); err != nil || n != want {
			t.Errorf("Points(%q) = %d, %v; want %d", in, n, err, want)
		}
	}
	for _, in := range []string{"", "x", "1e9", "99999999999", "1++2"} {
		if _, err := Points(in); err == nil {
			t.Errorf("Points(%q) accepted", in)
		}
	}
}

// IsFinal answers most entries without decoding them; it must still say
// what a decoding says (encoding/json matches keys in any case and reads
// escaped letters), or a match would be drawn as a game's rounds on one
// page and as final scores on another.
func TestIsFinalAgreesWithDecoding(t *testing.T) {
	for entry, want := range map[string]bool{
		`{"final":true}`:                     true,
		`{"FINAL":true}`:                     true,
		`{"Final": true}`:                    true,
		`{"fin\u0061l":true}`:                true,
		`{"final":false}`:                    false,
		`{"l":1,"fINAl":true}`:               true,
		`{"v":1,"ll":"Lol","final":true}`:    true,
		`{"v":1,"seats":[{"mode":"out"}]}`:   false,
		`{"v":1,"seats":[{"cards":["QS"]}]}`: false,
		`{"v":1,"finalist":true}`:            false,
		`not json, final`:                    false,
		``:                                   false,
	} {
		if got := IsFinal([]byte(entry)); got != want {
			t.Errorf("IsFinal(%s) = %v, want %v", entry, got, want)
		}
	}
}
