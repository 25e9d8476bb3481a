package standings

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// tallyOf is the part of a row that is counting, not rating.
type tallyOf struct {
	Player         int64
	Played, Wins   int
	WinRate        float64
	AvgPlace       float64
	PointsPerMatch float64
}

func tallies(rows []Row) []tallyOf {
	out := []tallyOf{}
	for _, r := range rows {
		out = append(out, tallyOf{r.Player, r.Played, r.Wins, r.WinRate, r.AvgPlace, r.PointsPerMatch})
	}
	return out
}

func sameTallies(a, b []tallyOf) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Player != y.Player || x.Played != y.Played || x.Wins != y.Wins ||
			!near(x.WinRate, y.WinRate, 1e-12) || !near(x.AvgPlace, y.AvgPlace, 1e-12) ||
			!near(x.PointsPerMatch, y.PointsPerMatch, 1e-12) {
			return false
		}
	}
	return true
}

func TestStandingsTallies(t *testing.T) {
	fiveCrownsAutumn := autumn
	fiveCrownsAutumn.Game = "fivecrowns"
	takeFiveAutumn := autumn
	takeFiveAutumn.Game = "takefive"
	tests := []struct {
		name            string
		filter          Filter
		minMatches      int
		wantPoints      bool
		wantRanked      []tallyOf
		wantProvisional []tallyOf
	}{
		{
			name:   "autumn, all games: a shared first is a win for both, no points column",
			filter: autumn, minMatches: 5, wantPoints: false,
			wantRanked: []tallyOf{
				{ann, 6, 4, 4.0 / 6, 9.0 / 6, 0},
				{ben, 5, 2, 2.0 / 5, 8.0 / 5, 0},
			},
			wantProvisional: []tallyOf{ // ordered by rating, checked below
				{cat, 4, 1, 1.0 / 4, 9.0 / 4, 0},
				{dan, 2, 1, 1.0 / 2, 5.0 / 2, 0},
				{eve, 1, 0, 0, 4, 0},
			},
		},
		{
			name:   "autumn, Five Crowns: points per match, the season's edges excluded",
			filter: fiveCrownsAutumn, minMatches: 3, wantPoints: true,
			wantRanked: []tallyOf{
				{ann, 3, 3, 1, 1, 30},
				{ben, 3, 1, 1.0 / 3, 5.0 / 3, 110.0 / 3},
			},
			wantProvisional: []tallyOf{
				{cat, 2, 0, 0, 2.5, 57.5},
				{dan, 1, 0, 0, 4, 90},
				{eve, 1, 0, 0, 4, 100},
			},
		},
		{
			name:   "all time, Five Crowns: the matches on both sides of the season count",
			filter: Filter{Game: "fivecrowns"}, minMatches: 3, wantPoints: true,
			wantRanked: []tallyOf{
				{ann, 5, 4, 4.0 / 5, 6.0 / 5, 230.0 / 5},
				{ben, 5, 2, 2.0 / 5, 8.0 / 5, 180.0 / 5},
			},
			wantProvisional: []tallyOf{
				{cat, 2, 0, 0, 2.5, 57.5},
				{dan, 1, 0, 0, 4, 90},
				{eve, 1, 0, 0, 4, 100},
			},
		},
		{
			name:   "Take Five counts round wins, which are not averaged as points",
			filter: takeFiveAutumn, minMatches: 1, wantPoints: false,
			wantRanked: []tallyOf{
				{cat, 1, 1, 1, 1, 0},
				{dan, 1, 1, 1, 1, 0},
				{ann, 1, 0, 0, 3, 0},
			},
			wantProvisional: []tallyOf{},
		},
		{
			name:   "a season with no match yet",
			filter: Filter{From: seasonEnd.AddDate(0, 1, 0)}, minMatches: 5,
			wantRanked: []tallyOf{}, wantProvisional: []tallyOf{},
		},
	}
	for _, tt := range tests {
		o := DefaultOptions()
		o.MinMatches = tt.minMatches
		got, err := Standings(fixture(), tt.filter, o)
		if err != nil {
			t.Fatalf("%s: Standings error %v", tt.name, err)
		}
		if got.Points != tt.wantPoints {
			t.Errorf("%s: Points = %v, want %v", tt.name, got.Points, tt.wantPoints)
		}
		if g := tallies(got.Ranked); !sameTallies(g, tt.wantRanked) {
			t.Errorf("%s: Ranked = %+v, want %+v", tt.name, g, tt.wantRanked)
		}
		// The provisional list's order depends on ratings; compare as sets.
		gp := tallies(got.Provisional)
		for _, w := range tt.wantProvisional {
			found := false
			for _, g := range gp {
				found = found || sameTallies([]tallyOf{g}, []tallyOf{w})
			}
			if !found {
				t.Errorf("%s: Provisional = %+v, missing %+v", tt.name, gp, w)
			}
		}
		if len(gp) != len(tt.wantProvisional) {
			t.Errorf("%s: %d provisional, want %d", tt.name, len(gp), len(tt.wantProvisional))
		}
		for _, rows := range [][]Row{got.Ranked, got.Provisional} {
			for i := 1; i < len(rows); i++ {
				a, b := rows[i-1], rows[i]
				if a.Ordinal < b.Ordinal || (a.Ordinal == b.Ordinal && (a.Wins < b.Wins || (a.Wins == b.Wins && a.Player > b.Player))) {
					t.Errorf("%s: row %d (%+v) before row %d (%+v)", tt.name, i-1, a, i, b)
				}
			}
		}
	}
}

// The season is rated on its own matches in the order played, across games
// for the overall table; each game's table is rated on that game alone.
func TestStandingsRatings(t *testing.T) {
	fc := autumn
	fc.Game = "fivecrowns"
	tests := []struct {
		name   string
		filter Filter
		want   map[int64]Rating
	}{
		{"autumn overall", autumn, rateByHand(fixture(), 2, 3, 4, 5, 6, 7)},
		{"autumn Five Crowns", fc, rateByHand(fixture(), 2, 5, 7)},
		{"all time overall", Filter{}, rateByHand(fixture(), 1, 2, 3, 4, 5, 6, 7, 8)},
	}
	for _, tt := range tests {
		got, err := Standings(fixture(), tt.filter, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		rows := append(got.Ranked, got.Provisional...)
		if len(rows) != len(tt.want) {
			t.Errorf("%s: %d rows, want %d", tt.name, len(rows), len(tt.want))
		}
		for _, r := range rows {
			w := tt.want[r.Player]
			if !near(r.Rating.Mu, w.Mu, 1e-12) || !near(r.Rating.Sigma, w.Sigma, 1e-12) || !near(r.Ordinal, w.Ordinal(), 1e-12) {
				t.Errorf("%s: player %d rating = %+v (ordinal %v), want %+v (ordinal %v)", tt.name, r.Player, r.Rating, r.Ordinal, w, w.Ordinal())
			}
		}
	}
}

// The change is measured from the rating before the player's most recent
// game night; a night runs until NightEnds the next morning.
func TestStandingsChangeSinceLastNight(t *testing.T) {
	all := fixture()
	ordinal := func(ids ...int64) func(int64) float64 {
		r := rateByHand(all, ids...)
		return func(p int64) float64 {
			if v, ok := r[p]; ok {
				return v.Ordinal()
			}
			return 0 // a new player's ordinal
		}
	}
	end := ordinal(2, 3, 4, 5, 6, 7)
	tests := []struct {
		name      string
		nightEnds time.Duration
		player    int64
		want      float64
	}{
		{"Ann's last night was 30 November, one match", 6 * time.Hour, ann, end(ann) - ordinal(2, 3, 4, 5, 6)(ann)},
		{"Cat's last night was 12 September, only the Five Crowns", 6 * time.Hour, cat, end(cat) - ordinal(2, 3, 4)(cat)},
		{"Dan's 00:30 match belongs to the night of 5 September: all of his rating", 6 * time.Hour, dan, end(dan)},
		{"with nights ending at midnight, Dan's last night is 6 September", 0, dan, end(dan) - ordinal(2, 3)(dan)},
		{"Eve played once: the change is her whole rating", 6 * time.Hour, eve, end(eve)},
	}
	for _, tt := range tests {
		o := DefaultOptions()
		o.NightEnds = tt.nightEnds
		got, err := Standings(all, autumn, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range append(got.Ranked, got.Provisional...) {
			if r.Player == tt.player && !near(r.Change, tt.want, 1e-12) {
				t.Errorf("%s: Change = %v, want %v", tt.name, r.Change, tt.want)
			}
		}
	}
}

// Two players with the same rating and the same wins are ordered by id, so
// the page never reshuffles.
func TestStandingsDeterministicOrder(t *testing.T) {
	ms := []Match{
		played(1, "take5", at(9, 1, 20, 0), []int64{9, 4}, []int{50, 50}),
		played(2, "take5", at(9, 1, 21, 0), []int64{7, 2}, []int{50, 50}),
	}
	got, err := Standings(ms, Filter{}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, r := range got.Ranked {
		ids = append(ids, r.Player)
	}
	if fmt.Sprint(ids) != "[2 4 7 9]" {
		t.Errorf("Standings order = %v, want [2 4 7 9]", ids)
	}
}

func TestStandingsRejectsImpossibleMatches(t *testing.T) {
	when := at(9, 10, 20, 0)
	tests := []struct {
		name  string
		match Match
	}{
		{"no results", Match{ID: 90, Game: "taki", PlayedAt: when}},
		{"a player listed twice", Match{ID: 91, Game: "taki", PlayedAt: when, Results: []Result{{Player: ann, Total: 5, Place: 1}, {Player: ann, Total: 3, Place: 2}}}},
		{"place zero", Match{ID: 92, Game: "taki", PlayedAt: when, Results: []Result{{Player: ann, Total: 5, Place: 0}, {Player: ben, Total: 3, Place: 2}}}},
		{"third place of two", Match{ID: 93, Game: "taki", PlayedAt: when, Results: []Result{{Player: ann, Total: 5, Place: 1}, {Player: ben, Total: 3, Place: 3}}}},
		{"Five Crowns recorded as highest-wins", Match{ID: 94, Game: "fivecrowns", PlayedAt: when, Results: []Result{{Player: ann, Total: 5, Place: 1}}}},
	}
	for _, tt := range tests {
		ms := append(fixture(), tt.match)
		if _, err := Standings(ms, autumn, DefaultOptions()); !errors.Is(err, ErrInvalidMatch) {
			t.Errorf("%s: Standings error = %v, want ErrInvalidMatch", tt.name, err)
		}
		// Outside the filter the bad match is not looked at.
		if _, err := Standings(ms, Filter{Game: "take5"}, DefaultOptions()); err != nil {
			t.Errorf("%s: Standings(take5 only) error = %v, want nil", tt.name, err)
		}
	}
}

// benchGroup is 20 players and 2,000 matches of 2 to 6 players over a
// year, mixed games, with ties.
func benchGroup() []Match {
	rng := rand.New(rand.NewPCG(1, 2))
	games := []string{"fivecrowns", "take5", "takefive", "taki"}
	start := time.Date(2025, 1, 1, 20, 0, 0, 0, time.UTC)
	ms := make([]Match, 0, 2000)
	for id := range 2000 {
		n := 2 + rng.IntN(5)
		perm := rng.Perm(20)[:n]
		players := make([]int64, n)
		totals := make([]int, n)
		for i, p := range perm {
			players[i] = int64(p + 1)
			totals[i] = rng.IntN(30)
		}
		ms = append(ms, played(int64(id+1), games[rng.IntN(4)], start.Add(time.Duration(id)*4*time.Hour), players, totals))
	}
	return ms
}

func BenchmarkStandings20Players2000Matches(b *testing.B) {
	ms := benchGroup()
	o := DefaultOptions()
	for b.Loop() {
		if _, err := Standings(ms, Filter{}, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPlayerProfile20Players2000Matches(b *testing.B) {
	ms := benchGroup()
	o := DefaultOptions()
	for b.Loop() {
		if _, err := PlayerProfile(ms, Filter{}, 7, o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkHistory20Players2000Matches(b *testing.B) {
	ms := benchGroup()
	o := DefaultOptions()
	for b.Loop() {
		if _, err := History(ms, Filter{}, o); err != nil {
			b.Fatal(err)
		}
	}
}

// A co-operative match won or lost together, and a match with no winner,
// count in each player's matches played and their own record, never in
// wins, average place, ratings or head-to-head (issue 38).
func TestMatchesNotRankedCountAsPlayedOnly(t *testing.T) {
	at := time.Date(2025, 2, 1, 20, 0, 0, 0, time.UTC)
	ranked := Match{ID: 1, Game: "azul", PlayedAt: at, Results: []Result{{Player: 1, Place: 1}, {Player: 2, Place: 2}}}
	won := Match{ID: 2, Game: "pandemic", PlayedAt: at.Add(time.Hour), Outcome: WonTogether, Results: []Result{{Player: 1}, {Player: 2}}}
	lost := Match{ID: 3, Game: "pandemic", PlayedAt: at.Add(2 * time.Hour), Outcome: LostTogether, Results: []Result{{Player: 1}, {Player: 2}, {Player: 3}}}
	none := Match{ID: 4, Game: "azul", PlayedAt: at.Add(3 * time.Hour), Outcome: NoWinner, Results: []Result{{Player: 1}, {Player: 2}}}
	o := DefaultOptions()
	alone, err := Standings([]Match{ranked}, Filter{}, o)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Standings([]Match{ranked, won, lost, none}, Filter{}, o)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[int64]Row{}
	for _, r := range tb.Provisional {
		rows[r.Player] = r
	}
	ana := rows[1]
	if ana.Played != 4 || ana.Wins != 1 || ana.WinRate != 1 || ana.AvgPlace != 1 || ana.Together != (Together{Won: 1, Lost: 1, NoWinner: 1}) {
		t.Errorf("Ana: %+v, want 4 played, 1 win of 1 ranked, won 1, lost 1, no winner 1 together", ana)
	}
	if ana.Rating != alone.Provisional[0].Rating {
		t.Errorf("Ana's rating %v moved with matches not ranked (%v alone)", ana.Rating, alone.Provisional[0].Rating)
	}
	if c := rows[3]; c.Played != 1 || c.Wins != 0 || c.Together.Lost != 1 || c.Rating != o.model().New() {
		t.Errorf("Chloé (a co-op loss only): %+v", c)
	}
	h2h, err := HeadToHead([]Match{ranked, won, lost, none}, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(h2h) != 1 || h2h[0].Together != 1 {
		t.Errorf("head-to-head %+v, want the ranked match only", h2h)
	}
	p, err := PlayerProfile([]Match{ranked, won, lost, none}, Filter{}, 1, o)
	if err != nil {
		t.Fatal(err)
	}
	if p.Played != 4 || p.Wins != 1 || p.Together.Played() != 3 || len(p.Form) != 1 {
		t.Errorf("Ana's profile: %d played, %d wins, %+v together, form %d", p.Played, p.Wins, p.Together, len(p.Form))
	}
}
