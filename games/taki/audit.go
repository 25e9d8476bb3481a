package taki

import (
	"net/url"

	"github.com/tablekeeper/tablekeeper/games/kit"
)

// AuditStates is TAKI's page states for the page audits.
func (Taki) AuditStates() kit.AuditSeed {
	first := url.Values{"winner": {"0"}, "points_1": {"40"}, "points_2": {"25"}, "points_3": {"12"}}
	judge := func(kv ...string) url.Values {
		f := url.Values{"players": {"4"}, "current": {"0"}, "direction": {"cw"}, "top": {"R5"}, "pending": {"0"}, "move": {"play"}, "op": {"judge"}}
		for i := 0; i+1 < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		return f
	}
	return kit.AuditSeed{
		Seats:    4,
		Options:  url.Values{"end": {"rounds"}, "rounds": {"2"}},
		Empty:    []kit.AuditForm{{Name: "card picker open", Form: url.Values{"winner": {"0"}, "pick": {"1"}, "tap": {"R7"}}}},
		Rounds:   []url.Values{first},
		Invalid:  url.Values{"winner": {"1"}, "points_0": {"40"}},
		Finished: []url.Values{first, {"winner": {"2"}, "points_0": {"10"}, "points_1": {"30"}, "points_3": {"8"}}},
		Referee: []kit.AuditForm{
			{Name: "verdict: TAKI, legal", Form: judge("play", "B5")},
			{Name: "verdict: TAKI, illegal", Form: judge("current", "2", "top", "B+2", "pending", "4", "play", "B5")},
		},
	}
}
