package standings

import (
	"fmt"
	"reflect"
	"testing"
)

func TestHeadToHead(t *testing.T) {
	got, err := HeadToHead(fixture(), autumn)
	if err != nil {
		t.Fatal(err)
	}
	want := []Versus{
		{ann, ben, 5, 3, 1, 1}, // level in the shared Five Crowns win
		{ann, cat, 4, 3, 1, 0},
		{ann, dan, 2, 1, 1, 0},
		{ann, eve, 1, 1, 0, 0},
		{ben, cat, 3, 2, 0, 1},
		{ben, dan, 1, 1, 0, 0},
		{ben, eve, 1, 1, 0, 0},
		{cat, dan, 2, 1, 0, 1},
		{cat, eve, 1, 1, 0, 0},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("HeadToHead(autumn) = %+v, want %+v", got, want)
	}
}

func TestPlayerProfile(t *testing.T) {
	tests := []struct {
		name        string
		player      int64
		minTogether int
		wantPlayed  int
		wantWins    int
		wantForm    []int64 // match ids, most recent first
		wantLongest Streak
		wantCurrent int
		wantRival   int64 // 0: none
	}{
		{"Ann: three wins running to the season's end; Dan beat her in half their matches",
			ann, 1, 6, 4, []int64{7, 6, 5}, Streak{ann, 3, 5, 7, at(11, 30, 23, 59)}, 3, dan},
		{"Ann: with 3 matches together required, nobody: she beat Cat 3 times in 4, and a player you mostly beat is no rival",
			ann, 3, 6, 4, []int64{7, 6, 5}, Streak{ann, 3, 5, 7, at(11, 30, 23, 59)}, 3, 0},
		{"Ben: two wins at the start, none since; Ann is ahead 3 times in 5",
			ben, 3, 5, 2, []int64{7, 6, 5}, Streak{ben, 2, 2, 3, at(9, 5, 22, 30)}, 0, ann},
		{"Eve met each player once: fewer than the 3 matches together a rival needs",
			eve, 3, 1, 0, []int64{5}, Streak{Player: eve}, 0, 0},
		{"Eve lost once to Ann, Ben and Cat alike: the lowest id is the rival",
			eve, 1, 1, 0, []int64{5}, Streak{Player: eve}, 0, ann},
		{"a player with no match in the season",
			99, 1, 0, 0, []int64{}, Streak{Player: 99}, 0, 0},
	}
	for _, tt := range tests {
		o := DefaultOptions()
		o.FormLength = 3
		o.MinTogether = tt.minTogether
		p, err := PlayerProfile(fixture(), autumn, tt.player, o)
		if err != nil {
			t.Fatal(err)
		}
		form := []int64{}
		for _, a := range p.Form {
			form = append(form, a.MatchID)
		}
		if p.Played != tt.wantPlayed || p.Wins != tt.wantWins {
			t.Errorf("%s: Played, Wins = %d, %d, want %d, %d", tt.name, p.Played, p.Wins, tt.wantPlayed, tt.wantWins)
		}
		if fmt.Sprint(form) != fmt.Sprint(tt.wantForm) {
			t.Errorf("%s: Form = %v, want %v", tt.name, form, tt.wantForm)
		}
		if !reflect.DeepEqual(p.LongestStreak, tt.wantLongest) || p.CurrentStreak != tt.wantCurrent {
			t.Errorf("%s: streaks = %+v, %d, want %+v, %d", tt.name, p.LongestStreak, p.CurrentStreak, tt.wantLongest, tt.wantCurrent)
		}
		var rival int64
		if p.ToughestRival != nil {
			rival = p.ToughestRival.Opponent
		}
		if rival != tt.wantRival {
			t.Errorf("%s: ToughestRival = %+v, want opponent %d", tt.name, p.ToughestRival, tt.wantRival)
		}
		if p.Rivals == nil || p.Form == nil || p.Extremes == nil {
			t.Errorf("%s: a nil list in %+v", tt.name, p)
		}
	}
}

// The form of a place, for the player page: Ann's autumn in detail.
func TestPlayerProfileAppearancesAndExtremes(t *testing.T) {
	p, err := PlayerProfile(fixture(), autumn, ann, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	wantForm := []Appearance{
		{7, "fivecrowns", at(11, 30, 23, 59), 1, 2, 20, true},
		{6, "taki", at(9, 12, 21, 0), 1, 2, 120, true},
		{5, "fivecrowns", at(9, 12, 20, 0), 1, 4, 30, true},
		{4, "takefive", at(9, 6, 0, 30), 3, 3, 3, false},
		{3, "take5", at(9, 5, 22, 30), 2, 3, 66, false},
	}
	if !reflect.DeepEqual(p.Form, wantForm) {
		t.Errorf("Form = %+v, want %+v", p.Form, wantForm)
	}
	wantExtremes := []Extremes{
		// Lowest wins in Five Crowns: 20 is her best, 40 her worst.
		{"fivecrowns", wantForm[0], Appearance{2, "fivecrowns", at(9, 5, 20, 0), 1, 4, 40, true}},
		{"take5", wantForm[4], wantForm[4]},
		{"takefive", wantForm[3], wantForm[3]},
		{"taki", wantForm[1], wantForm[1]},
	}
	if !reflect.DeepEqual(p.Extremes, wantExtremes) {
		t.Errorf("Extremes = %+v, want %+v", p.Extremes, wantExtremes)
	}
	wantRivals := []Versus{{ann, ben, 5, 3, 1, 1}, {ann, cat, 4, 3, 1, 0}, {ann, dan, 2, 1, 1, 0}, {ann, eve, 1, 1, 0, 0}}
	if !reflect.DeepEqual(p.Rivals, wantRivals) {
		t.Errorf("Rivals = %+v, want %+v", p.Rivals, wantRivals)
	}
	// Seen from Cat's side, Ann's record flips.
	pc, err := PlayerProfile(fixture(), autumn, cat, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if want := (Versus{cat, ann, 4, 1, 3, 0}); !reflect.DeepEqual(pc.Rivals[0], want) {
		t.Errorf("Cat's Rivals[0] = %+v, want %+v", pc.Rivals[0], want)
	}
}

func TestStreaks(t *testing.T) {
	got, err := Streaks(fixture(), autumn)
	if err != nil {
		t.Fatal(err)
	}
	want := []Streak{
		{ann, 3, 5, 7, at(11, 30, 23, 59)},
		{ben, 2, 2, 3, at(9, 5, 22, 30)},
		{cat, 1, 4, 4, at(9, 6, 0, 30)}, // a shared Take Five win
		{dan, 1, 4, 4, at(9, 6, 0, 30)},
		{Player: eve},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Streaks(autumn) = %+v, want %+v", got, want)
	}
	// All time in Five Crowns, Ann's run starts on 30 August, before the
	// season, and ends at its last match; Ben's two one-win runs keep the
	// earlier.
	all, err := Streaks(fixture(), Filter{Game: "fivecrowns"})
	if err != nil {
		t.Fatal(err)
	}
	if w := (Streak{ann, 4, 1, 7, at(11, 30, 23, 59)}); !reflect.DeepEqual(all[0], w) {
		t.Errorf("Streaks(Five Crowns)[0] = %+v, want %+v", all[0], w)
	}
	if w := (Streak{ben, 1, 2, 2, at(9, 5, 20, 0)}); !reflect.DeepEqual(all[1], w) {
		t.Errorf("Streaks(Five Crowns)[1] = %+v, want %+v (the earlier of two one-win runs)", all[1], w)
	}
}

func TestGroupRecords(t *testing.T) {
	got, err := GroupRecords(fixture(), autumn)
	if err != nil {
		t.Fatal(err)
	}
	feat := func(p, id int64, v int) Feat {
		for _, m := range fixture() {
			if m.ID == id {
				return Feat{p, id, m.PlayedAt, v}
			}
		}
		panic("no match")
	}
	ptr := func(f Feat) *Feat { return &f }
	want := Records{
		Games: []GameRecords{
			// Lowest wins: Ann's 20 is the best.
			{"fivecrowns", true, feat(ann, 7, 20), nil},
			{"take5", false, feat(ben, 3, 70), nil},
			// Cat and Dan both won 5 rounds in the same match: the lower id holds it.
			{"takefive", false, feat(cat, 4, 5), nil},
			// TAKI's biggest round was Ben's 80.
			{"taki", false, feat(ann, 6, 120), ptr(feat(ben, 6, 80))},
		},
		LongestStreak: ptr(feat(ann, 7, 3)),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("GroupRecords(autumn) =\n%+v\nwant\n%+v", got, want)
	}
	empty, err := GroupRecords(nil, autumn)
	if err != nil || empty.Games == nil || len(empty.Games) != 0 || empty.LongestStreak != nil {
		t.Errorf("GroupRecords(nil) = %+v, %v, want no records", empty, err)
	}
}

func TestHistory(t *testing.T) {
	all := fixture()
	got, err := History(all, autumn, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	night := func(day int, month int) Point {
		return Point{Night: at(timeMonth(month), day, 0, 0)}
	}
	after := func(p int64, ids ...int64) Rating { return rateByHand(all, ids...)[p] }
	want := map[int64][]Point{
		ann: {
			{night(5, 9).Night, after(ann, 2, 3, 4), after(ann, 2, 3, 4).Ordinal(), 3},
			{night(12, 9).Night, after(ann, 2, 3, 4, 5, 6), after(ann, 2, 3, 4, 5, 6).Ordinal(), 5},
			{night(30, 11).Night, after(ann, 2, 3, 4, 5, 6, 7), after(ann, 2, 3, 4, 5, 6, 7).Ordinal(), 6},
		},
		dan: {{night(5, 9).Night, after(dan, 2, 3, 4), after(dan, 2, 3, 4).Ordinal(), 2}},
		eve: {{night(12, 9).Night, after(eve, 2, 3, 4, 5), after(eve, 2, 3, 4, 5).Ordinal(), 1}},
	}
	var ids []int64
	for _, s := range got {
		ids = append(ids, s.Player)
		w, ok := want[s.Player]
		if !ok {
			continue
		}
		if len(s.Points) != len(w) {
			t.Errorf("History player %d = %+v, want %+v", s.Player, s.Points, w)
			continue
		}
		for i := range w {
			g := s.Points[i]
			if !g.Night.Equal(w[i].Night) || g.Played != w[i].Played ||
				!near(g.Rating.Mu, w[i].Rating.Mu, 1e-12) || !near(g.Ordinal, w[i].Ordinal, 1e-12) {
				t.Errorf("History player %d point %d = %+v, want %+v", s.Player, i, g, w[i])
			}
		}
	}
	if fmt.Sprint(ids) != "[1 2 3 4 5]" {
		t.Errorf("History players = %v, want [1 2 3 4 5]", ids)
	}
}
