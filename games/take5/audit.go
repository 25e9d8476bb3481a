package take5

import (
	"fmt"
	"net/url"

	"github.com/tablekeeper/tablekeeper/games/kit"
)

// AuditStates is Take 5!'s page states for the page audits.
func (Take5) AuditStates() kit.AuditSeed {
	deal := func(last bool) url.Values {
		return auditDeal(last, [5]string{"5", "3", "1", "1", "1"}, [5]string{"3", "20", "", "1", ""})
	}
	calc := deal(false)
	calc.Set("op", "calc")
	bad := url.Values{"op": {"judge"}, "row_1": {"23"}, "row_2": {"43"}, "row_3": {"49"}, "row_4": {"55"}, "row_5": {"80"},
		"play_1": {"50"}, "claim_1": {"2"}}
	return kit.AuditSeed{
		Seats:    2,
		Empty:    []kit.AuditForm{{Name: "scores shown", Form: calc}},
		Rounds:   []url.Values{deal(false)},
		Invalid:  auditDeal(false, [5]string{"1", "", "", "", ""}, [5]string{"5", "2", "", "", ""}), // 1 green cow is no row of 5 cards
		Finished: []url.Values{deal(false), deal(true)},
		Referee: []kit.AuditForm{
			{Name: "verdict: Take 5!, legal", Form: url.Values{"op": {"judge"}, "row_1": {"23"}, "row_2": {"43"}, "row_3": {"49"},
				"row_4": {"55"}, "row_5": {"80"}, "play_1": {"35"}, "play_2": {"50"}, "play_3": {"60"}}},
			{Name: "verdict: Take 5!, illegal claim", Form: bad},
			{Name: "verdict: Take 5!, illegal claim", Form: bad, French: true},
		},
	}
}

// auditDeal is a round form: each seat's cards (green, red, +5, x2, hand).
func auditDeal(last bool, seats ...[5]string) url.Values {
	f := url.Values{}
	for i, v := range seats {
		for j, k := range []string{"green", "red", "plus5", "x2", "hand"} {
			f.Set(fmt.Sprintf("%s_%d", k, i), v[j])
		}
	}
	if last {
		f.Set("last", "1")
	}
	return f
}
