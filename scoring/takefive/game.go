package takefive

import (
	"encoding/json"
	"strconv"

	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// OptionFirstStarter is the option naming the seat (0-based) that starts the
// first round; the sheet does not say who starts, so the table tells.
const OptionFirstStarter = "firstStarter"

// Game is Take Five's scoresheet engine: each round gives its winner one
// marker (1 point, the others 0), so a total is a count of round wins and
// the first to MarkersToWin wins the match. It satisfies scoring.Game.
type Game struct{}

var _ scoring.Game = Game{}

func (Game) ID() string                       { return "takefive" }
func (Game) Seats() (min, max int)            { return 2, 4 }
func (Game) HouseRules() []rulebook.HouseRule { return tf.HouseRules }
func (Game) LowWins() bool                    { return false }

// CountsRoundWins says that a Take Five total is the number of rounds won,
// not points: the standings neither average it nor keep round records of it.
func (Game) CountsRoundWins() bool { return true }

// CheckOptions checks the seat that starts the first round (0-based; seat 0
// when absent) against a table of 2 to 4 players.
func (g Game) CheckOptions(seats int, options map[string]string) (map[string]string, error) {
	if lo, hi := g.Seats(); seats < lo || seats > hi {
		return nil, rulebook.Mistake("players", "takefive.mistake.take.five.played.players", "Seats", seats)
	}
	first := "0"
	if v, ok := options[OptionFirstStarter]; ok {
		first = v
	}
	if n, err := strconv.Atoi(first); err != nil || n < 0 || n >= seats {
		return nil, rulebook.Mistake(OptionFirstStarter, "takefive.mistake.choose.seat.first.player", "Seats", seats)
	}
	return map[string]string{OptionFirstStarter: first}, nil
}

// firstStarter reads the option as CheckOptions left it; seat 0 otherwise.
func firstStarter(m scoring.Match) int {
	n, err := strconv.Atoi(m.Options[OptionFirstStarter])
	if err != nil || n < 0 || n >= m.Seats {
		return 0
	}
	return n
}

// winners reads each round's winner from its points: the seat given the
// marker, or NoWinner when nobody has it. Points, not the stored entries,
// decide, so rounds stored in any form (an import) are read alike; only a
// round whose points give nobody the marker while its entry names a winner
// was won Elsewhere: by a player not at this table, who has left since.
func winners(rounds []scoring.Round) []int {
	out := make([]int, len(rounds))
	for i, r := range rounds {
		out[i] = NoWinner
		for seat, p := range r.Points {
			if p > 0 {
				out[i] = seat
			}
		}
		if e, err := DecodeEntry(r.Entry); out[i] == NoWinner && err == nil && e.Winner >= 0 {
			out[i] = Elsewhere
		}
	}
	return out
}

// Standing is where a match stands after its rounds: the Sheet of the longest
// run of rounds the rules accept (a correction can leave a later round
// impossible; the sheet still shows what stands) and whether every round was
// in it, so that the next round's phase and starter are known.
func (Game) Standing(m scoring.Match, rounds []scoring.Round) (sh Sheet, whole bool) {
	ws := winners(rounds)
	for k := len(ws); k >= 0; k-- {
		if sh, err := PlayAway(m.Seats, firstStarter(m), ws[:k], m.Rules, m.AwayFrom); err == nil {
			return sh, k == len(ws)
		}
	}
	return Sheet{Winner: NoWinner, Markers: make([]int, max(m.Seats, 0))}, len(ws) == 0
}

// Next is the phase of the round played after before and who starts it;
// known is false when a correction left the rounds before impossible (the
// phase is then counted from the rounds alone, and the starter unknown).
func (g Game) Next(m scoring.Match, before []scoring.Round) (phase tf.Phase, starter int, known bool) {
	sh, whole := g.Standing(m, before)
	switch {
	case !whole:
		return PhaseOf(len(before)), 0, false
	case sh.NextStarter < 0: // after a round won by a player who left, at a smaller table
		return sh.NextPhase, 0, false
	}
	return sh.NextPhase, sh.NextStarter, true
}

// EntryFor builds the entry of the round played after before, won by winner
// (NoWinner for a 21 round without one) with the winning rack, if told.
func (g Game) EntryFor(m scoring.Match, before []scoring.Round, winner int, rack []int) Entry {
	ph, starter, known := g.Next(m, before)
	if !known {
		starter = -1 // not told, rather than told wrong
	}
	return Entry{V: EntryVersion, Phase: ph.String(), Starter: starter, Winner: winner, Rack: rack}
}

// Score checks the round played after before and gives its winner the
// marker. The phase is the one the rounds before decide (the entry's phase
// and starter record the round as it stood when saved, and a later
// correction of an earlier round may leave them stale: they never change a
// verdict). Refused, with the field: a missing or unknown winner, «nobody»
// outside a 21 round, a round after the match was won, and a rack that does
// not reach the phase's goal or is given for a round nobody won. A wrong
// winner and a wrong rack are said together (joined, the winner first).
func (g Game) Score(m scoring.Match, before []scoring.Round, raw json.RawMessage) ([]int, error) {
	e, err := DecodeEntry(raw)
	if err != nil {
		return nil, err
	}
	sh, whole := g.Standing(m, before)
	if whole && sh.Finished {
		return nil, rulebook.Mistake("winner", "takefive.mistake.match.already.won.no")
	}
	ph := g.phase(m, before)
	var errs []error
	switch w := e.Winner; {
	case w == NoWinner && ph != tf.TwentyOne:
		errs = append(errs, rulebook.Mistake("winner", "takefive.mistake.only.21.round.can", "Ph", ph))
	case w < NoWinner || w >= m.Seats:
		errs = append(errs, rulebook.Mistake("winner", "takefive.mistake.seat.not.player.match", "W", w+1, "Seats", m.Seats))
	}
	if len(e.Rack) > 0 && e.Winner == NoWinner {
		errs = append(errs, rulebook.Mistake("rack", "takefive.mistake.round.without.winner.no"))
	} else {
		errs = append(errs, rackMistake(ph, e.Rack))
	}
	if err := rulebook.All(errs); err != nil {
		return nil, err
	}
	points := make([]int, m.Seats)
	if e.Winner >= 0 {
		points[e.Winner] = 1
	}
	return points, nil
}

// phase is the phase of the round played after before.
func (g Game) phase(m scoring.Match, before []scoring.Round) tf.Phase {
	sh, whole := g.Standing(m, before)
	if !whole {
		return PhaseOf(len(before))
	}
	return sh.NextPhase
}

// RackMistake is what is wrong with rack as the winning rack of the round
// played after before, nil when nothing is (an empty rack is no claim).
// The round form asks it when it cannot ask Score (no winner chosen), so
// that the rack is judged in the same save.
func (g Game) RackMistake(m scoring.Match, before []scoring.Round, rack []int) error {
	return rackMistake(g.phase(m, before), rack)
}

func rackMistake(ph tf.Phase, rack []int) error {
	if len(rack) == 0 {
		return nil
	}
	if won, why := CheckWinningRack(ph, rack); !won {
		return rulebook.Mistake("rack", "takefive.mistake.rack.does.not.win", "Why", why)
	}
	return nil
}

// Progress is the match decided by round wins: the totals are the markers,
// places rank them, and the match is over when a player holds MarkersToWin
// (he alone is the winner). Dealer is the seat that starts the next round.
func (g Game) Progress(m scoring.Match, rounds []scoring.Round) scoring.Progress {
	sh, whole := g.Standing(m, rounds)
	p := scoring.Tally(m.Seats, rounds, false, sh.Finished)
	switch {
	case sh.Finished:
		p.Winners = []int{sh.Winner}
	case whole:
		p.Dealer = sh.NextStarter
	}
	return p
}
