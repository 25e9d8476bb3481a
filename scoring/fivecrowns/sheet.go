package fivecrowns

import (
	"encoding/json"
	"strconv"

	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// Sheet is Five Crowns' scoresheet rules: it satisfies scoring.Game.
type Sheet struct{}

var _ scoring.Game = Sheet{}

// Options of a match: the seat dealing the first round (0-based) and the
// round it starts at (1, or later for the express variant).
const (
	OptFirstDealer = "firstDealer"
	OptStartRound  = "startRound"
)

func (Sheet) ID() string                        { return "fivecrowns" }
func (Sheet) Seats() (int, int)                 { return MinPlayers, MaxPlayers }
func (Sheet) HouseRules() []rulebook.HouseRule  { return fc.HouseRules }
func (Sheet) LowWins() bool                     { return true }
func options(m scoring.Match) fc.Options        { return fc.OptionsFrom(m.Rules) }
func atoi(s string) (int, bool)                 { n, err := strconv.Atoi(s); return n, err == nil }
func (Sheet) opt(m scoring.Match, k string) int { n, _ := atoi(m.Options[k]); return n }

// CheckOptions checks the seat count, the first dealer (a seat) and the
// starting round (1…11), and returns both options, at their defaults (seat
// 0, round 1) when absent.
func (Sheet) CheckOptions(seats int, o map[string]string) (map[string]string, error) {
	if err := CheckPlayers("seats", seats); err != nil {
		return nil, err
	}
	out := map[string]string{OptFirstDealer: "0", OptStartRound: "1"}
	if v, ok := o[OptFirstDealer]; ok {
		if n, ok := atoi(v); !ok || n < 0 || n >= seats {
			return nil, rulebook.Mistake(OptFirstDealer, "fivecrowns.mistake.choose.seat.first.dealer", "Seats", seats)
		}
		out[OptFirstDealer] = v
	}
	if v, ok := o[OptStartRound]; ok {
		if n, ok := atoi(v); !ok || !ValidStartRound(n) {
			return nil, rulebook.Mistake(OptStartRound, "fivecrowns.mistake.choose.starting.round.11")
		}
		out[OptStartRound] = v
	}
	return out, nil
}

// StartRound is the game round a match starts at; 1 when the options do not
// say (a match stored before the express variant).
func (s Sheet) StartRound(m scoring.Match) int {
	if n := s.opt(m, OptStartRound); ValidStartRound(n) {
		return n
	}
	return 1
}

// Whole reports whether the match is the whole game, from round 1: an
// express match (started at a later round) sets no records.
func (s Sheet) Whole(m scoring.Match) bool { return s.StartRound(m) == 1 }

// GameRound is the game round (1…11 while the match lasts) of the match's
// number-th round (1-based).
func (s Sheet) GameRound(m scoring.Match, number int) int { return s.StartRound(m) + number - 1 }

// DealerOf is the seat dealing the match's number-th round, −1 once the
// match is over: the deal passes left each round, and after a
// player left, on from the last dealer to the next player still there
// (scoring.PassedTo). StarterOf starts it.
func (s Sheet) DealerOf(m scoring.Match, number int) int {
	if s.GameRound(m, number) > LastRound {
		return -1
	}
	return scoring.PassedTo(m.Seats, s.opt(m, OptFirstDealer), m.AwayFrom, number)
}

// StarterOf is the seat playing first in the match's number-th round: the
// player still there on the dealer's left; −1 once the match
// is over.
func (s Sheet) StarterOf(m scoring.Match, number int) int {
	return scoring.NextThere(m.Seats, s.DealerOf(m, number), scoring.Away(m.AwayFrom, number))
}

// Score checks the entry of the round after before and scores it: the
// entry must be for the game round that comes next (its "round"), then
// ScoreRound decides, under the match's house rules.
func (s Sheet) Score(m scoring.Match, before []scoring.Round, raw json.RawMessage) ([]int, error) {
	e, err := DecodeEntry(raw)
	if err != nil {
		return nil, err
	}
	if want := s.GameRound(m, len(before)+1); e.Round != want {
		return nil, rulebook.Mistake("round", "fivecrowns.mistake.match.round.not", "Want", want, "Round", e.Round)
	}
	if len(e.Seats) != m.Seats {
		return nil, rulebook.Mistake("seats", "fivecrowns.mistake.match.seats.players.round", "Seats", m.Seats, "Given", len(e.Seats))
	}
	return ScoreRound(e, options(m))
}

// SeatPoints is what one seat's cards make on their own (a leftover's
// values, a whole hand's lowest penalty) under the match's house rules: the
// scoresheet shows it as soon as the cards are tapped. Score checks the
// cards against the other seats' too.
func (s Sheet) SeatPoints(m scoring.Match, number int, seat Seat) (int, error) {
	var supply fc.Supply
	return seatPoints(s.GameRound(m, number), seat, "seat", &supply, options(m))
}

// HandLayout is the best lay-down of a whole hand of cards (their codes)
// in round number of m, under its house rules: what a player who taps his
// whole hand is shown, beside its points.
func (s Sheet) HandLayout(m scoring.Match, number int, cards []string) (fc.Solution, error) {
	hand, err := fc.ParseCards("seat.cards", cards)
	if err != nil {
		return fc.Solution{}, err
	}
	return HandLayout("seat.cards", s.GameRound(m, number), hand, options(m))
}

// Progress: the match ends after round 11 whatever round it started at; the
// lowest total wins and a tie is shared (RULES.md FC-A8); the deal passes
// left each round.
func (s Sheet) Progress(m scoring.Match, rounds []scoring.Round) scoring.Progress {
	finished := len(rounds) >= len(MatchRounds(s.StartRound(m)))
	p := scoring.Tally(m.Seats, rounds, true, finished)
	if !finished {
		p.Dealer = s.DealerOf(m, len(rounds)+1)
	}
	return p
}
