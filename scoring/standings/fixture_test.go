package standings

import (
	"time"

	"github.com/tablekeeper/tablekeeper/scoring"
)

// The fixture group: Ann, Ben, Cat, Dan and Eve, one autumn season
// [1 Sep 2025, 1 Dec 2025) with one match just before it and one at the very
// instant it ends.
const (
	ann int64 = iota + 1
	ben
	cat
	dan
	eve
)

var (
	seasonStart = time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC)
	seasonEnd   = time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)
	autumn      = Filter{From: seasonStart, To: seasonEnd}
)

func at(month time.Month, day, hour, minute int) time.Time {
	return time.Date(2025, month, day, hour, minute, 0, 0, time.UTC)
}

// played builds a match whose places come from the totals, as the store's
// caller does.
func played(id int64, game string, when time.Time, players []int64, totals []int) Match {
	lowWins := game == "fivecrowns"
	places := scoring.Places(totals, lowWins)
	m := Match{ID: id, Game: game, PlayedAt: when, LowWins: lowWins, HasPoints: game != "takefive"}
	for i, p := range players {
		m.Results = append(m.Results, Result{Player: p, Total: totals[i], Place: places[i]})
	}
	return m
}

func fixture() []Match {
	taki := played(6, "taki", at(9, 12, 21, 0), []int64{ann, ben}, []int{120, 80})
	taki.Results[0].Rounds = []int{50, 70}
	taki.Results[1].Rounds = []int{80, 0}
	// Stored out of order on purpose: the package sorts by time then id.
	return []Match{
		played(8, "fivecrowns", seasonEnd, []int64{ben, ann}, []int{10, 90}),
		played(1, "fivecrowns", at(8, 30, 20, 0), []int64{ann, ben}, []int{50, 60}),
		played(3, "take5", at(9, 5, 22, 30), []int64{ann, ben, cat}, []int{66, 70, 55}),
		played(2, "fivecrowns", at(9, 5, 20, 0), []int64{ann, ben, cat, dan}, []int{40, 40, 70, 90}),
		// After midnight, still the night of 5 September.
		played(4, "takefive", at(9, 6, 0, 30), []int64{ann, cat, dan}, []int{3, 5, 5}),
		played(5, "fivecrowns", at(9, 12, 20, 0), []int64{ann, ben, cat, eve}, []int{30, 45, 45, 100}),
		taki,
		played(7, "fivecrowns", at(11, 30, 23, 59), []int64{ann, ben}, []int{20, 25}),
	}
}

// rateByHand replays the listed matches (by id, in the order given) with
// Rate and returns the ratings: the expected values for the tables, derived
// without the package's selection and sorting.
func rateByHand(all []Match, ids ...int64) map[int64]Rating {
	byID := map[int64]Match{}
	for _, m := range all {
		byID[m.ID] = m
	}
	model := DefaultModel()
	r := map[int64]Rating{}
	for _, id := range ids {
		m := byID[id]
		in := make([]Rating, len(m.Results))
		places := make([]int, len(m.Results))
		for i, res := range m.Results {
			in[i], places[i] = model.New(), res.Place
			if v, ok := r[res.Player]; ok {
				in[i] = v
			}
		}
		out, err := model.Rate(in, places)
		if err != nil {
			panic(err)
		}
		for i, res := range m.Results {
			r[res.Player] = out[i]
		}
	}
	return r
}

func timeMonth(m int) time.Month { return time.Month(m) }
