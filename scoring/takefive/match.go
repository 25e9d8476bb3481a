// Package takefive keeps the score of a Take Five match: rounds whose phase
// cycles score → 21 → quinte → score …, one marker to each round's winner,
// the first to three markers wins the match, and each round is started by the
// player to the left of the previous round's winner.
//
// Seats are numbered 0…players−1 in the order of play; the player to a
// player's left is the next seat (the game is played clockwise).
package takefive

import (
	"fmt"
	"slices"

	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
)

// MarkersToWin is the number of rounds a player must win to win the match.
const MarkersToWin = 3

// NoWinner is the Winner of a 21 round in which every player was eliminated.
const NoWinner = -1

// Elsewhere is the winner of a round, as the table of a later round reads
// it, won by a player who has left since: a round won (it counts, and the
// phase moves on), by no one seated here. Who starts after it is not known
// at that table.
const Elsewhere = -2

// Rule ids of the match, beside the referee's in referee/takefive.
const (
	RuleRoundOrder  = "takefive.round-order"
	RuleNextStarter = "takefive.next-starter"
	RuleMatchWinner = "takefive.match-winner"
)

// Rules is the catalogue of the match rules this scorer applies; each is
// stated plainly in views/locales/takefive.en.toml and .fr.toml ("rule.<id>").
var Rules = []rulebook.Rule{
	{ID: RuleRoundOrder,
		Sheet: "Après avoir joué successivement la première manche « score », la deuxième manche « 21 », la troisième manche « quinte », la quatrième manche sera à nouveau « score » et ainsi de suite."},
	{ID: RuleNextStarter,
		Sheet: "C'est le joueur à la gauche du gagnant de la phase précédente qui commence la nouvelle phase."},
	{ID: RuleMatchWinner,
		Sheet: "Le joueur qui, le premier, remporte trois manches gagne la partie."},
}

// PhaseOf returns the phase of the round at roundIndex (0 for the first),
// counting only the rounds that were not replayed: score, 21, quinte, score…
// A negative index reads as 0.
func PhaseOf(roundIndex int) tf.Phase {
	if roundIndex < 0 {
		return tf.Score
	}
	return tf.Phase(roundIndex % tf.NumPhases)
}

// Starter returns the seat that starts the round after one started by
// prevStarter and won by prevWinner, among players seats: the player to the
// left of the winner. After a round without a winner (a 21 round where all
// were eliminated) play passes on: the player to the left of prevStarter
// starts (a product reading; the sheet does not say).
// Unknown (−1) stays unknown: after a round won Elsewhere, or one started
// by an unknown seat and won by nobody.
func Starter(players, prevStarter, prevWinner int) int {
	if players <= 0 {
		return 0
	}
	switch {
	case prevWinner >= 0:
		return (prevWinner + 1) % players
	case prevWinner == Elsewhere || prevStarter < 0:
		return -1
	}
	return (prevStarter + 1) % players
}

// Winner returns the seat that holds MarkersToWin markers and true, or
// (NoWinner, false) while the match goes on.
func Winner(markers []int) (seat int, finished bool) {
	for i, m := range markers {
		if m >= MarkersToWin {
			return i, true
		}
	}
	return NoWinner, false
}

// Round is one round of a match as the scoresheet shows it.
type Round struct {
	Phase   tf.Phase
	Starter int
	Winner  int  // a seat, or NoWinner
	Replay  bool // a 21 round without a winner that is played again
}

// Sheet is a match so far: its rounds, the markers of each seat, the match
// winner when it is finished, and the phase and starter of the next round.
type Sheet struct {
	Rounds      []Round
	Markers     []int
	Winner      int // a seat, or NoWinner while the match goes on
	Finished    bool
	NextPhase   tf.Phase
	NextStarter int
}

// Play scores a match of players seats (2–4) whose first round was started by
// firstStarter and whose rounds were won, in order, by winners (a seat, or
// NoWinner for a 21 round where every player was eliminated). Under
// allEliminated=replay (the default) such a round is replayed as 21; under
// noWinner the match goes on to the quinte.
//
// Returns an *rulebook.InputError naming "players", "firstStarter" or
// "winners[i]" for a seat out of range, a round without a winner outside the
// 21 phase, or a round played after the match was won.
func Play(players, firstStarter int, winners []int, s rulebook.Settings) (Sheet, error) {
	return PlayAway(players, firstStarter, winners, s, nil)
}

// PlayAway is Play at a table players left (awayFrom as scoring.Away reads
// it, nil when nobody did): who starts passes over the seats away from the
// round he would start, to the next player still there.
func PlayAway(players, firstStarter int, winners []int, s rulebook.Settings, awayFrom []int) (Sheet, error) {
	if players < 2 || players > 4 {
		return Sheet{}, rulebook.Mistake("players", "takefive.mistake.take.five.played.players.2", "Players", players)
	}
	if firstStarter < 0 || firstStarter >= players {
		return Sheet{}, rulebook.Mistake("firstStarter", "takefive.mistake.seat.does.not.exist", "FirstStarter", firstStarter+1, "Players", players)
	}
	there := func(seat, round int) int { // seat, or the next player still there at round
		if away := scoring.Away(awayFrom, round); seat >= 0 && seat < len(away) && away[seat] {
			return scoring.NextThere(players, seat, away)
		}
		return seat
	}
	sh := Sheet{Rounds: []Round{}, Markers: make([]int, players), Winner: NoWinner, NextPhase: tf.Score, NextStarter: there(firstStarter, 1)}
	counted := 0
	for i, w := range winners {
		field := fmt.Sprintf("winners[%d]", i)
		if sh.Finished {
			return Sheet{}, rulebook.Mistake(field, "takefive.mistake.match.already.won.no")
		}
		r := Round{Phase: sh.NextPhase, Starter: sh.NextStarter, Winner: w}
		switch {
		case w == NoWinner && r.Phase != tf.TwentyOne:
			return Sheet{}, rulebook.Mistake(field, "takefive.mistake.round.always.winner.only", "Phase", r.Phase.Name())
		case w == NoWinner:
			r.Replay = s.Get(tf.HouseAllEliminated) != tf.AllEliminatedNoWinner
		case w == Elsewhere:
		case w < 0 || w >= players:
			return Sheet{}, rulebook.Mistake(field, "takefive.mistake.seat.does.not.exist.2", "W", w+1, "Players", players)
		default:
			sh.Markers[w]++
		}
		if !r.Replay {
			counted++
		}
		sh.Rounds = append(sh.Rounds, r)
		sh.NextPhase = PhaseOf(counted)
		sh.NextStarter = there(Starter(players, r.Starter, w), i+2)
		sh.Winner, sh.Finished = Winner(sh.Markers)
	}
	return sh, nil
}

// CheckWinningRack says whether rack reaches the goal of phase, and why not:
// score, five tokens of different values; 21, three to five tokens adding up
// to exactly 21; quinte, five consecutive values. (The score phase's other
// condition, beating every opponent's total, is the referee's TakeEffect.)
// Values must be 1–9.
func CheckWinningRack(phase tf.Phase, rack []int) (bool, rulebook.Msg) {
	for _, v := range rack {
		if v < 1 || v > 9 {
			return false, rulebook.Say("takefive.rack.why.value", "Value", v)
		}
	}
	sorted := slices.Sorted(slices.Values(rack))
	distinct := len(slices.Compact(slices.Clone(sorted))) == len(sorted)
	total := 0
	for _, v := range rack {
		total += v
	}
	switch phase {
	case tf.Score:
		if len(rack) != 5 || !distinct {
			return false, rulebook.Say("takefive.rack.why.score")
		}
	case tf.TwentyOne:
		if len(rack) < 3 || len(rack) > 5 || total != 21 {
			return false, rulebook.Say("takefive.rack.why.21", "Tokens", len(rack), "Total", total)
		}
	case tf.Quinte:
		if len(rack) != 5 || !distinct || sorted[4]-sorted[0] != 4 {
			return false, rulebook.Say("takefive.rack.why.quinte")
		}
	default:
		return false, rulebook.Say("takefive.rack.why.phase")
	}
	return true, rulebook.Say("takefive.rack.why.wins", "Phase", phase.Name())
}
