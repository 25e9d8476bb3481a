package fivecrowns

import (
	"fmt"
	"net/url"

	"github.com/tablekeeper/tablekeeper/games/kit"
)

// AuditStates is Five Crowns' page states for the page audits.
func (FiveCrowns) AuditStates() kit.AuditSeed {
	tap := auditRound("out", "12")
	tap.Set("mode_1", "cards")
	tap.Set("picker", "1")
	tap.Set("tap", "JH")
	return kit.AuditSeed{
		Seats:      5,
		Options:    url.Values{"startRound": {"1"}, "dealer": {"{Ana}"}},
		French:     []string{"empty", "finished"},
		Empty:      []kit.AuditForm{{Name: "card picker open", Form: tap}},
		Rounds:     []url.Values{auditRound("out", "12", "30", "7", "55"), auditRound("20", "out", "3", "41", "9")},
		JustSaved:  true,
		Correction: auditRound("out", "14", "30", "7", "55"),
		Invalid:    auditRound("out", "12", "-3"),

		FinishedSeats:   4,
		FinishedOptions: url.Values{"startRound": {"10"}, "dealer": {"{Chloé}"}},
		Finished:        []url.Values{auditRound("out", "22", "17", "40"), auditRound("8", "out", "61", "13")},

		Referee: []kit.AuditForm{
			{Name: "referee: fivecrowns (fr)", French: true}, // listed as "referee: fivecrowns (fr) (fr)"
			{Name: "verdict: Five Crowns, going out",
				Form: url.Values{"op": {"judge"}, "round": {"4"}, "hand": {"JH JS JD 8S 9S 10S 3C"}}},
			{Name: "verdict: Five Crowns, a meld refused",
				Form: url.Values{"op": {"judge"}, "round": {"2"}, "hand": {"QH KH 3H 5S"}, "meld1": {"QH KH 3H"}}},
		},
	}
}

// auditRound is a round form: each seat's points, or "out".
func auditRound(points ...string) url.Values {
	f := url.Values{}
	for i, p := range points {
		if p == "out" {
			f.Set(fmt.Sprintf("mode_%d", i), "out")
			continue
		}
		f.Set(fmt.Sprintf("mode_%d", i), "points")
		f.Set(fmt.Sprintf("points_%d", i), p)
	}
	return f
}
