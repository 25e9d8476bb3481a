package taki

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// Sheet is TAKI's scoresheet rules: it satisfies scoring.Game.
type Sheet struct{}

var _ scoring.Game = Sheet{}

// Options of a match (RULES.md §4.5): how it ends, «soit un nombre de
// manches fixé au début soit jusqu'à une limite de points fixée».
const (
	OptEnd    = "end"    // EndRounds or EndLimit
	OptRounds = "rounds" // the number of rounds, with EndRounds
	OptLimit  = "limit"  // the points limit, with EndLimit
	EndRounds = "rounds"
	EndLimit  = "limit"
)

// Bounds on the options: beyond them a typo is more likely than a plan.
const (
	MaxRounds = 100
	MaxLimit  = 100000
)

func (Sheet) ID() string                       { return "taki" }
func (Sheet) Seats() (int, int)                { return tk.MinPlayers, tk.MaxPlayers }
func (Sheet) HouseRules() []rulebook.HouseRule { return tk.HouseRules }
func (Sheet) LowWins() bool                    { return false }

// checkPlayers is the one check of a table's size: «de 2 à 10 joueurs».
func checkPlayers(field string, n int) error {
	if n < tk.MinPlayers || n > tk.MaxPlayers {
		return rulebook.Mistake(field, "taki.mistake.taki.round.10.players")
	}
	return nil
}

// CheckOptions checks the table's size and how the match ends: a number of
// rounds (the default, 1…MaxRounds) or a points limit (1…MaxLimit). It
// returns the end and its one number.
func (Sheet) CheckOptions(seats int, o map[string]string) (map[string]string, error) {
	if err := checkPlayers("seats", seats); err != nil {
		return nil, err
	}
	end, key, most := EndRounds, OptRounds, MaxRounds
	if o[OptEnd] == EndLimit {
		end, key, most = EndLimit, OptLimit, MaxLimit
	}
	n, err := strconv.Atoi(strings.TrimSpace(o[key]))
	if err != nil || n < 1 || n > most {
		if end == EndLimit {
			return nil, rulebook.Mistake(key, "taki.mistake.give.points.limit", "Most", most)
		}
		return nil, rulebook.Mistake(key, "taki.mistake.give.number.rounds", "Most", most)
	}
	return map[string]string{OptEnd: end, key: strconv.Itoa(n)}, nil
}

// MatchEnd is how the match ends, from its options and the limitSign house rule.
func MatchEnd(m scoring.Match) End {
	e := End{Minus: m.Rules.Get(tk.HRLimitSign) == "-"}
	if m.Options[OptEnd] == EndLimit {
		e.Limit, _ = strconv.Atoi(m.Options[OptLimit])
	} else {
		e.Rounds, _ = strconv.Atoi(m.Options[OptRounds])
	}
	return e
}

// Plus2 is what a +2 left in hand costs under the match's house rules.
func Plus2(m scoring.Match) int { return m.Rules.Int(tk.HRPlus2ScoresAs) }

// Score checks a round's entry and returns each seat's points: the table
// must exist (2 to 10 seats, as many as the match has), the winner holds no
// card, every loser at least one, no card more often than the deck holds it
// and typed points a loser can lose. Errors name the entry's field
// ("seats[2].points", "seats[1].cards[3]"). Rounds do not depend on each
// other, so before is not read.
func (Sheet) Score(m scoring.Match, _ []scoring.Round, raw json.RawMessage) ([]int, error) {
	e, err := DecodeEntry(raw)
	if err != nil {
		return nil, err
	}
	if len(e.Seats) != m.Seats {
		return nil, rulebook.Mistake("seats", "taki.mistake.round.seats.match", "Seats", len(e.Seats), "MatchSeats", m.Seats)
	}
	points, _, err := e.score(m.Rules, "seats")
	return points, err
}

// Progress totals the rounds; the match is over after its last round or
// after the round in which a total reaches the limit, and the highest total
// wins (a tie is shared).
func (Sheet) Progress(m scoring.Match, rounds []scoring.Round) scoring.Progress {
	over := MatchEnd(m).Over(len(rounds), scoring.Totals(m.Seats, rounds))
	return scoring.Tally(m.Seats, rounds, false, over)
}

// score is the one validator and scorer of a round, for the scoresheet and
// the API alike: list names the seats in errors ("seats" for an Entry,
// "players" for the API's request). Every seat is checked, so a round's
// mistakes come all at once (joined, one per seat at most): first those
// that make a seat unreadable, then those of the points, each in seat
// order; the first is the one the API answers with.
func (e Entry) score(set rulebook.Settings, list string) ([]int, []string, error) {
	if err := checkPlayers(list, len(e.Seats)); err != nil {
		return nil, nil, err
	}
	hands, unread := e.hands()
	points, working, wrong, err := roundPoints(hands, e.Winner, set.Int(tk.HRPlus2ScoresAs), unread)
	if err != nil {
		return nil, nil, renamed(err, "players", list)
	}
	var errs []error
	for _, err := range seatOrder(unread) {
		errs = append(errs, renamed(err, "seats", list))
	}
	for _, err := range seatOrder(wrong) {
		errs = append(errs, renamed(err, "players", list))
	}
	if len(errs) == 0 {
		errs = append(errs, inHands(hands, list)) // only a table of cards every seat could hold can overflow the deck
	}
	if err := rulebook.All(errs); err != nil {
		return nil, nil, err
	}
	return points, working, nil
}

// inHands checks what no single card's count shows: the winner's last card
// lies on the discard pile, so the hands hold every card of the deck but
// one at most.
func inHands(hands []Hand, list string) error {
	n := 0
	for i, h := range hands {
		for j := range h.Cards {
			if n++; n >= tk.DeckSize {
				return rulebook.SeatMistake(i, fmt.Sprintf("%s[%d].cards[%d]", list, i, j), "taki.mistake.hands.hold.more.cards", "DeckSize", tk.DeckSize)
			}
		}
	}
	return nil
}

// renamed returns err with the list at the start of its field renamed
// ("players[1].cards" → "seats[1].cards").
func renamed(err error, from, to string) error {
	ie, ok := err.(*rulebook.InputError)
	if !ok || from == to || !strings.HasPrefix(ie.Field, from) {
		return err
	}
	return at(err, to+strings.TrimPrefix(ie.Field, from))
}
