package bgstats

import (
	"bytes"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/internal/bgstatsgen"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
)

// fileWinners is who won a play as BGSTATS.md reads the file: the players
// flagged winners; else nobody when the winner was picked by hand or the
// game is co-operative (a co-op loss flags nobody); else the first by rank
// when every seat has one; else the best score; else nobody (no result).
func fileWinners(p Play, g Game) []bool {
	out := make([]bool, len(p.PlayerScores))
	flagged := false
	for i, s := range p.PlayerScores {
		out[i] = s.Winner
		flagged = flagged || s.Winner
	}
	if flagged || p.ManualWinner || g.Cooperative || p.Scoring == 4 || p.Scoring == 6 {
		return out
	}
	if !slices.ContainsFunc(p.PlayerScores, func(s Score) bool { return s.Rank <= 0 }) {
		for i, s := range p.PlayerScores {
			out[i] = s.Rank == 1
		}
		return out
	}
	values := make([]float64, len(p.PlayerScores))
	any := false
	for i, s := range p.PlayerScores {
		v, ok, _ := Value(string(s.Score))
		values[i] = v
		if ok {
			any = true
		} else {
			values[i] = 1e18 // no score: never the best
			if g.HighestWins {
				values[i] = -1e18
			}
		}
	}
	if !any {
		return out
	}
	best := values[0]
	for _, v := range values {
		if g.HighestWins && v > best || !g.HighestWins && v < best {
			best = v
		}
	}
	for i, v := range values {
		out[i] = v == best
	}
	return out
}

// matchWinners is who won a match as the import kept it, in the file's
// seat order of its play.
func matchWinners(m store.ExportMatch, lowWins bool) []bool {
	out := make([]bool, len(m.Seats))
	switch m.Result {
	case store.ResultWon:
		for i := range out {
			out[i] = true
		}
		return out
	case store.ResultLost, store.ResultNobody, store.ResultNone:
		return out
	}
	places := m.Places
	if len(places) != len(m.Seats) {
		totals := make([]int, len(m.Seats))
		for i, s := range m.Seats {
			totals[i] = s.Total
		}
		places = scoring.Places(totals, lowWins)
	}
	for i, p := range places {
		out[i] = p == 1
	}
	return out
}

// TestShares logs, for the note, the share of the test files' plays an
// import takes in and the share of their winners it keeps, every game
// imported (ours, or any other as a game of the group).
func TestShares(t *testing.T) {
	files := map[string][]byte{
		"ios-6.x-export (600)":   bgstatsgen.Make(bgstatsgen.Options{Seed: 31, Plays: 600, Platform: "ios"}),
		"android-4.x-play (300)": bgstatsgen.Make(bgstatsgen.Options{Seed: 7, Plays: 300, Platform: "android", Old: true, PlayFile: true}),
	}
	for _, name := range []string{"bgstats.json", "edge-cases.json", "issue38.json"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = b
	}
	var plays, imported, same int
	for name, b := range files {
		f, err := Read(bytes.NewReader(b))
		if err != nil {
			t.Fatal(name, err)
		}
		games := map[int64]Game{}
		gameOf := ours.Proposed(f)
		for _, g := range f.Games {
			games[g.ID] = g
			if gameOf[g.ID] == "" {
				gameOf[g.ID] = "other-" + itoa(g.ID)
			}
		}
		low := func(game string) bool {
			for id, g := range gameOf {
				if g == game {
					if _, ours := ours.export[game]; ours {
						return lowWins(game)
					}
					return !games[id].HighestWins
				}
			}
			return false
		}
		_, ms, rep := Import(f, gameOf, nil, time.UTC, low)
		n, k := 0, 0
		for i, m := range ms {
			p := f.Plays[rep.PlayOf[i]-1]
			if slices.Equal(matchWinners(m, low(m.Game)), fileWinners(p, games[p.GameRefID])) {
				k++
			}
		}
		for _, p := range f.Plays {
			if !p.Ignored {
				n++
			}
		}
		t.Logf("%s: %d of %d plays imported, %d of them with their winners unchanged", name, len(ms), n, k)
		plays, imported, same = plays+n, imported+len(ms), same+k
	}
	t.Logf("all: %d of %d plays imported (%.1f %%), winners unchanged in %d (%.1f %% of the plays)",
		imported, plays, 100*float64(imported)/float64(plays), same, 100*float64(same)/float64(plays))
}
