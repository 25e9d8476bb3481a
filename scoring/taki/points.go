// Package taki scores TAKI rounds and matches (RULES.md §4.5): the round
// winner gains 100, every other player loses the face value of his number
// cards and 10 per action card; a match runs a fixed number of rounds or to a
// points limit, and the highest total wins.
package taki

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// WinnerPoints is what the player who played his last card gains.
const WinnerPoints = 100

// ActionPoints is what an action card left in hand costs.
const ActionPoints = 10

// CardPoints returns what c costs when left in a loser's hand, as a positive
// number: its value for a number card (the plain 2 costs 2: «toutes les
// autres cartes font perdre leur valeur»), 10 for an action card, and for a +2
// either 10 or 2 as the plus2ScoresAs setting says (TK-A11).
func CardPoints(c tk.Card, plus2ScoresAs int) int {
	switch {
	case c.Kind == tk.Number:
		return c.Value
	case c.Kind == tk.Plus2 && plus2ScoresAs == 2:
		return 2
	}
	return ActionPoints
}

// HandPoints returns the (negative or zero) points of a loser holding cards,
// and the working a player can check: "−(7 + 3) − 3 × 10 = −40".
func HandPoints(cards []tk.Card, plus2ScoresAs int) (int, string) {
	var nums []string
	sum, actions := 0, 0
	for _, c := range cards {
		p := CardPoints(c, plus2ScoresAs)
		if p == ActionPoints && c.Kind != tk.Number {
			actions++
			continue
		}
		sum += p
		nums = append(nums, strconv.Itoa(p))
	}
	total := -sum - ActionPoints*actions
	var parts []string
	if len(nums) > 0 {
		parts = append(parts, "−("+strings.Join(nums, " + ")+")")
	}
	if actions > 0 {
		parts = append(parts, fmt.Sprintf("%d × %d", actions, ActionPoints))
	}
	work := strings.Join(parts, " − ")
	if len(nums) == 0 && actions > 0 {
		work = "−" + work
	}
	if work == "" {
		work = "0"
	}
	return total, work + " = " + signed(total)
}

// signed writes n with a typographic minus, as the working does.
func signed(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// MaxLoss is the most a loser can lose in one round: every card of the deck
// but the one the winner went out on, bounded here by every copy of every
// card a hand may hold (tk.Deck, the seed's plain 2s included), so that typed
// points are never refused where the same cards tapped in would be scored.
func MaxLoss(plus2ScoresAs int) int {
	n := 0
	for _, c := range tk.Deck() {
		n += tk.Copies(c) * CardPoints(c, plus2ScoresAs)
	}
	return n
}

// Hand is one player's end of round as entered: the cards left in his hand,
// or (Typed != nil) the points typed in directly.
type Hand struct {
	Cards []tk.Card
	Typed *int
}

// RoundPoints returns each player's points for a round won by players[winner].
// It returns an *rulebook.InputError, with the field as "players[i]…", when
// winner is not a player, the winner still holds cards or typed points other
// than +100, a loser holds no card, typed points a loser cannot have (above
// −1 or below −MaxLoss), or the hands hold more copies of a card than the
// deck has (§4.1). Every player is checked: several mistakes come joined
// (errors.Join), in seat order, one per player at most.
func RoundPoints(players []Hand, winner int, plus2ScoresAs int) ([]int, []string, error) {
	points, working, errs, err := roundPoints(players, winner, plus2ScoresAs, nil)
	if err != nil {
		return nil, nil, err
	}
	if err := rulebook.All(seatOrder(errs)); err != nil {
		return nil, nil, err
	}
	return points, working, nil
}

// roundPoints is RoundPoints seat by seat: err is a mistake of the whole
// table (its size, the winner), errs each player's first mistake by seat.
// A seat in skip (already refused) is not checked again, but its cards
// still count against the deck.
func roundPoints(players []Hand, winner int, plus2ScoresAs int, skip map[int]error) (points []int, working []string, errs map[int]error, err error) {
	if len(players) < 2 || len(players) > 10 {
		return nil, nil, nil, rulebook.Mistake("players", "taki.mistake.taki.round.10.players")
	}
	if winner < 0 || winner >= len(players) {
		return nil, nil, nil, rulebook.Mistake("winner", "taki.mistake.winner.one.players")
	}
	seen := map[tk.Card]int{}
	points = make([]int, len(players))
	working = make([]string, len(players))
	errs = map[int]error{}
	for i, p := range players {
		f := fmt.Sprintf("players[%d]", i)
		var bad error
		for j, c := range p.Cards {
			seen[c]++
			if seen[c] > tk.Copies(c) && bad == nil {
				bad = rulebook.SeatMistake(i, fmt.Sprintf("%s.cards[%d]", f, j), "taki.mistake.deck.holds.only", "Copies", tk.Copies(c), "Card", c.Name())
			}
		}
		if skip[i] != nil {
			continue
		}
		if bad == nil {
			points[i], working[i], bad = seatPoints(p, f, i == winner, plus2ScoresAs)
			bad = rulebook.OfSeat(i, bad)
		}
		if bad != nil {
			errs[i] = bad
		}
	}
	return points, working, errs, nil
}

// seatPoints is one player's points and working; f names him in errors.
func seatPoints(p Hand, f string, won bool, plus2ScoresAs int) (int, string, error) {
	if won {
		if len(p.Cards) > 0 || (p.Typed != nil && *p.Typed != WinnerPoints) {
			return 0, "", rulebook.Mistake(f, "taki.mistake.winner.played.all.his")
		}
		return WinnerPoints, "+100", nil
	}
	if p.Typed != nil {
		if *p.Typed > -1 || *p.Typed < -MaxLoss(plus2ScoresAs) {
			return 0, "", rulebook.Mistake(f+".points", "taki.mistake.player.who.did.not", "Plus2ScoresAs", MaxLoss(plus2ScoresAs), "Typed", signed(*p.Typed))
		}
		return *p.Typed, signed(*p.Typed), nil
	}
	if len(p.Cards) == 0 {
		return 0, "", rulebook.Mistake(f+".cards", "taki.mistake.only.winner.can.end")
	}
	pts, work := HandPoints(p.Cards, plus2ScoresAs)
	return pts, work, nil
}

// seatOrder is errs (by seat) in seat order.
func seatOrder(errs map[int]error) []error {
	seats := make([]int, 0, len(errs))
	for i := range errs {
		seats = append(seats, i)
	}
	slices.Sort(seats)
	out := make([]error, len(seats))
	for k, i := range seats {
		out[k] = errs[i]
	}
	return out
}
