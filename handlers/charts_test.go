package handlers

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/views"
)

// ledgerNights is what the ledger's Nights gives for the players keep
// selects, all being every player's series of the filter: the filter's
// nights (everyone's), and each kept player's points, nights and best rating
// (scoring/standings tests Nights against its History).
func ledgerNights(all []standings.Series, keep func(int64) bool) ([]int64, []standings.PlayerNights) {
	var nights []int64
	for _, sr := range all {
		for _, p := range sr.Points {
			nights = append(nights, p.Night.Unix())
		}
	}
	slices.Sort(nights)
	nights = slices.Compact(nights)
	var played []standings.PlayerNights
	for _, sr := range all {
		if !keep(sr.Player) || len(sr.Points) == 0 {
			continue
		}
		pn := standings.PlayerNights{Player: sr.Player, Points: sr.Points, Best: math.Inf(-1)}
		for _, p := range sr.Points {
			k, _ := slices.BinarySearch(nights, p.Night.Unix())
			for len(pn.Bits) <= k/64 {
				pn.Bits = append(pn.Bits, 0)
			}
			pn.Bits[k/64] |= 1 << (k % 64)
			pn.Best = math.Max(pn.Best, p.Ordinal)
		}
		played = append(played, pn)
	}
	return nights, played
}

func TestNightGridKeepsOrderEachNightOnceAndWhoPlayed(t *testing.T) {
	d := func(day int) time.Time { return time.Date(2026, 1, day, 21, 0, 0, 0, time.UTC) }
	pts := func(days ...int) []standings.Point {
		var out []standings.Point
		for _, x := range days {
			out = append(out, standings.Point{Night: d(x), Ordinal: float64(-x)})
		}
		return out
	}
	all := []standings.Series{{Player: 1, Points: pts(2, 5, 9)}, {Player: 2, Points: pts(1, 5, 7, 12)},
		{Player: 3, Points: pts(9, 12, 13)}, {Player: 4}, {Player: 5, Points: pts(3, 20)}}
	nights, played := ledgerNights(all, func(p int64) bool { return p != 5 }) // the 3rd and 20th: nobody charted played
	g := gridOfNights(nights, played)
	var days []int
	for _, n := range g.nights {
		days = append(days, time.Unix(n, 0).UTC().Day())
	}
	if want := []int{1, 2, 5, 7, 9, 12, 13}; !slices.Equal(days, want) {
		t.Errorf("merged nights %v, want %v", days, want)
	}
	var who []string // the series that played each night, as bits
	for at := range g.nights {
		w := ""
		for i := range played {
			if g.count(i, g.day[at], g.day[at]+1) == 1 {
				w += string(rune('0' + i))
			}
		}
		who = append(who, w)
	}
	if want := []string{"1", "0", "01", "1", "02", "12", "2"}; !slices.Equal(who, want) {
		t.Errorf("who played each night %v, want %v", who, want)
	}
	if want := []float64{-2, -1, -9}; !slices.Equal(g.best, want) {
		t.Errorf("best ratings %v, want %v", g.best, want)
	}
}

// Ten years of nights are drawn as at most maxChartPoints columns, each
// showing the rating after the last night it stands for; the table keeps
// every player's first, best and last rating.
func TestLongRatingChartsAreThinned(t *testing.T) {
	start := time.Date(2016, 1, 1, 21, 0, 0, 0, time.UTC)
	var a, b standings.Series
	a.Player, b.Player = 1, 2
	for i := 0; i < 1000; i++ {
		n := start.AddDate(0, 0, 3*i)
		a.Points = append(a.Points, standings.Point{Night: n, Ordinal: float64(i)})
		if i%2 == 0 {
			b.Points = append(b.Points, standings.Point{Night: n, Ordinal: float64(-i)})
		}
	}
	nights, played := ledgerNights([]standings.Series{a, b}, func(int64) bool { return true })
	cv := ratingChart(context.Background(), "en", "c", "t", nights, played, map[int64]string{1: "Ana", 2: "Ben"})
	if cv == nil {
		t.Fatal("no chart")
	}
	if cv.Rows[0].Cells[0] != "1000" || cv.Rows[0].Cells[3] != "999.0" {
		t.Errorf("Ana's row %v: want 1000 nights, last 999.0", cv.Rows[0].Cells)
	}
	// Each player's line has one point a column: at most maxChartPoints.
	svg := views.ChartSVG(cv.Line)
	for i, part := range strings.Split(svg, `points="`)[1:] {
		if n := len(strings.Fields(part[:strings.Index(part, `"`)])); n > maxChartPoints || n < maxChartPoints/2 {
			t.Errorf("line %d has %d points, want at most %d (and not far fewer)", i, n, maxChartPoints)
		}
	}
}

// The chart equals one drawn the plain way (every night of every kept
// player sorted, a column per step nights, math.Max for the best) on random
// groups, more than 64 players included (two words of players), in time
// zones with summer time, nights sometimes decades apart.
func TestRatingChartEqualsThePlainWay(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 11))
	var zones []*time.Location // midnights an hour apart across summer time
	for _, name := range []string{"UTC", "Europe/Paris", "America/New_York", "Australia/Lord_Howe"} {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Fatal(err)
		}
		zones = append(zones, loc)
	}
	for trial := range 80 {
		loc := zones[trial%len(zones)]
		players, nights := 1+rng.IntN(90), 1+rng.IntN(900)
		years := 0 // every fifth trial, nights decades apart
		if trial%5 == 4 {
			years = 1 + rng.IntN(40)
		}
		var series []standings.Series
		for p := range players {
			sr := standings.Series{Player: int64(p + 1)}
			for n := range nights {
				if rng.IntN(3) == 0 {
					night := time.Date(2016+n*years, 3, 1+n, 0, 0, 0, 0, loc)
					sr.Points = append(sr.Points, standings.Point{Night: night, Ordinal: rng.NormFloat64() * 10})
				}
			}
			series = append(series, sr)
		}
		names := map[int64]string{}
		for p := range players {
			names[int64(p+1)] = fmt.Sprint("P", p+1)
		}
		keep := func(id int64) bool { return id%7 != 3 }
		all, played := ledgerNights(series, keep)
		got := ratingChart(context.Background(), "fr", "c", "t", all, played, names)
		want := plainRatingChart(series, names, keep)
		if (got == nil) != (want == nil) {
			t.Fatalf("trial %d: chart %v, want %v", trial, got != nil, want != nil)
		}
		if got == nil {
			continue
		}
		if views.ChartSVG(got.Line) != views.ChartSVG(want.Line) || !reflect.DeepEqual(got.Rows, want.Rows) {
			t.Fatalf("trial %d (%d players, %d nights): chart differs from the plain way", trial, players, nights)
		}
	}
}

func plainRatingChart(series []standings.Series, names map[int64]string, keep func(int64) bool) *views.ChartView {
	var kept []standings.Series
	var nights []time.Time
	for _, sr := range series {
		if keep(sr.Player) && len(sr.Points) > 0 {
			kept = append(kept, sr)
			for _, p := range sr.Points {
				nights = append(nights, p.Night)
			}
		}
	}
	if len(kept) == 0 {
		return nil
	}
	slices.SortFunc(nights, func(a, b time.Time) int { return a.Compare(b) })
	nights = slices.CompactFunc(nights, time.Time.Equal)
	step := (len(nights) + maxChartPoints - 1) / maxChartPoints
	lc := views.LineChart{Title: "t", DecimalComma: true}
	for i, n := range nights {
		if i == len(nights)-1 || i%step == step-1 {
			lc.XLabels = append(lc.XLabels, views.ShortDay("fr", n))
		}
	}
	cv := &views.ChartView{}
	for _, sr := range kept {
		vals := make([]float64, len(lc.XLabels))
		for k := range vals {
			vals[k] = math.NaN()
		}
		best := math.Inf(-1)
		for _, p := range sr.Points {
			vals[slices.IndexFunc(nights, p.Night.Equal)/step] = p.Ordinal
			best = math.Max(best, p.Ordinal)
		}
		lc.Series = append(lc.Series, views.ChartSeries{Label: names[sr.Player], Values: vals})
		cv.Rows = append(cv.Rows, views.ChartRow{Label: names[sr.Player], Cells: []string{views.IntText(len(sr.Points)),
			views.DecText("fr", sr.Points[0].Ordinal, 1), views.DecText("fr", best, 1), views.DecText("fr", sr.Points[len(sr.Points)-1].Ordinal, 1)}})
	}
	cv.Line = lc
	return cv
}

// The chart of a real ledger (its History and Nights, kept as matches are
// folded, corrected and removed) equals the plain drawing of its history.
func TestRatingChartOfALedgerEqualsThePlainWay(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 11))
	o := standings.DefaultOptions()
	l := standings.NewLedger(o)
	l.CheckpointEvery = 5
	start := time.Date(2024, 1, 1, 20, 0, 0, 0, time.UTC)
	names := map[int64]string{}
	for p := range 30 {
		names[int64(p+1)] = fmt.Sprint("P", p+1)
	}
	var ids []int64
	for i := range 400 {
		id := int64(i + 1)
		if i > 50 && rng.IntN(5) == 0 { // a past match corrected or removed: replayed from a checkpoint
			old := ids[rng.IntN(len(ids))]
			if rng.IntN(2) == 0 {
				l.Remove(old)
				continue
			}
			id = old
		}
		m := standings.Match{ID: id, Game: "taki", PlayedAt: start.Add(time.Duration(rng.IntN(i+1)) * 30 * time.Hour)}
		for k, p := range rng.Perm(30)[:2+rng.IntN(4)] {
			m.Results = append(m.Results, standings.Result{Player: int64(p + 1), Place: k + 1})
		}
		l.Put(m)
		ids = append(ids, id)
		if i%25 != 24 {
			continue
		}
		keep := func(p int64) bool { return p%3 != 0 }
		series, err := l.History(standings.Filter{}, keep)
		if err != nil {
			t.Fatal(err)
		}
		nights, who, err := l.Nights(standings.Filter{}, keep)
		if err != nil {
			t.Fatal(err)
		}
		got := ratingChart(context.Background(), "fr", "c", "t", nights, who, names)
		want := plainRatingChart(series, names, keep)
		if got == nil || want == nil || views.ChartSVG(got.Line) != views.ChartSVG(want.Line) || !reflect.DeepEqual(got.Rows, want.Rows) {
			t.Fatalf("after %d matches: the ledger's chart differs from the plain way", i+1)
		}
	}
}
