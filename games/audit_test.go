package games

import (
	"testing"

	"github.com/tablekeeper/tablekeeper/games/kit"
)

// TestEveryGameDeclaresAuditStates: the page audits reach a game's pages
// only through its own AuditStates, so a game listed in All without them
// (or with a match that cannot be played) would go unaudited.
func TestEveryGameDeclaresAuditStates(t *testing.T) {
	for _, g := range All() {
		a, ok := g.(kit.Auditor)
		if !ok {
			t.Errorf("%s declares no page states for the audits (kit.Auditor)", g.ID())
			continue
		}
		s := a.AuditStates()
		if s.Seats < 1 || s.Seats > 5 || s.FinishedSeats > 5 {
			t.Errorf("%s: %d seats (finished: %d); the audit group has five players", g.ID(), s.Seats, s.FinishedSeats)
		}
		if len(s.Rounds) == 0 || len(s.Finished) == 0 || s.Invalid == nil {
			t.Errorf("%s: an in-progress round, a finished match and a refused round are all needed", g.ID())
		}
	}
}
