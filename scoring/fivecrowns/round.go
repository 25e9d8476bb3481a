package fivecrowns

import (
	"errors"
	"fmt"
	"slices"

	fc "github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// ScoreRound checks one round's entry under the house rules opts and
// returns each seat's points. It is the one validator of a round: the
// scoresheet and the import reach it through Sheet.Score, the JSON API
// through AnswerScore. It refuses, with an *rulebook.InputError naming the
// entry's field ("round", "seats", "seats[2].points", "seats[1].cards[3]"):
//   - a round outside 1…11, fewer than 2 or more than 7 seats («De 2 à 7
//     joueurs»);
//   - a mode it does not know, or two seats marked as gone out (one player
//     goes out, the others play once more);
//   - typed points that no hand makes (see CheckTypedPoints);
//   - cards that are not Five Crowns cards, more copies over all seats than
//     the two decks hold, a leftover larger than the hand, a whole hand of
//     the wrong size;
//   - a round where nobody scored 0: the player who went out always does.
func ScoreRound(e Entry, opts fc.Options) ([]int, error) {
	if err := CheckRound(e.Round); err != nil {
		return nil, err
	}
	if err := CheckPlayers("seats", len(e.Seats)); err != nil {
		return nil, err
	}
	var supply fc.Supply
	points := make([]int, len(e.Seats))
	outs := OutMistakes(e.Seats)
	first := -1 // the first seat marked out: scored as gone out, its mark told last
	for i := range e.Seats {
		if _, ok := outs[i]; ok && first < 0 {
			first = i
		}
	}
	var errs []error // every seat's mistake, so that a table learns them all at once
	for i, s := range e.Seats {
		at := fmt.Sprintf("seats[%d]", i)
		if err, ok := outs[i]; ok && i != first {
			errs = append(errs, err)
			continue
		}
		p, err := seatPoints(e.Round, s, at, &supply, opts)
		if err != nil {
			errs = append(errs, rulebook.OfSeat(i, err))
			continue
		}
		points[i] = p
	}
	if first >= 0 {
		errs = append(errs, outs[first])
	}
	if len(errs) == 1 {
		return nil, errs[0]
	}
	if len(errs) > 1 {
		return nil, errors.Join(errs...)
	}
	if !slices.Contains(points, 0) {
		return nil, rulebook.Mistake("seats", "fivecrowns.mistake.nobody.scored.player.who")
	}
	return points, nil
}

// seatPoints is one seat's points; supply counts the cards of every seat
// so far, at is the seat's field.
func seatPoints(round int, s Seat, at string, supply *fc.Supply, opts fc.Options) (int, error) {
	switch s.Mode {
	case ModeOut:
		return WentOutPoints, nil
	case ModePoints:
		return s.Points, CheckTypedPoints(at+".points", round, s.Points)
	case ModeCards, ModeHand:
		cards, err := fc.ParseCards(at+".cards", s.Cards)
		if err != nil {
			return 0, err
		}
		if err := supply.Take(at+".cards", cards); err != nil {
			return 0, err
		}
		if s.Mode == ModeHand {
			return HandPoints(at+".cards", round, cards, opts)
		}
		p, err := LeftoverPoints(round, cards)
		return p, prefix(at, "leftover", "cards", err)
	}
	return 0, rulebook.Mistake(at+".mode", "fivecrowns.mistake.not.way.give.points", "Mode", s.Mode)
}

// HandPoints is the lowest penalty of a whole final hand in round under
// opts: the player melds the best he can. The hand holds the round's cards
// (or one more, just after drawing); otherwise the error names field.
func HandPoints(field string, round int, hand []fc.Card, opts fc.Options) (int, error) {
	sol, err := HandLayout(field, round, hand, opts)
	return sol.Penalty, err
}

// HandLayout is how a whole final hand is best laid down in round under
// opts: its melds, the cards kept and their penalty (HandPoints), as the
// exact solver finds it; the same checks as HandPoints.
func HandLayout(field string, round int, hand []fc.Card, opts fc.Options) (fc.Solution, error) {
	if err := CheckRound(round); err != nil {
		return fc.Solution{}, err
	}
	if err := fc.CheckCards(field, hand); err != nil {
		return fc.Solution{}, err
	}
	if err := fc.CheckHandSize(field, round, len(hand)); err != nil {
		return fc.Solution{}, err
	}
	return fc.Solve(round, hand, opts), nil
}

// MaxPoints is the most a player can keep in round: every card dealt at a
// joker's 50.
func MaxPoints(round int) int { return fc.CardsDealt(round) * 50 }

// CheckTypedPoints refuses points that no hand of round makes: below 0,
// above MaxPoints, or 1 and 2, since every card left is worth at least 3
// (a 3 that is not wild). The error names field.
func CheckTypedPoints(field string, round, points int) error {
	max := MaxPoints(round)
	switch {
	case points < 0 || points > max:
		return rulebook.Mistake(field, "fivecrowns.mistake.points.whole.number.round", "Max", max, "Round", round, "Dealt", fc.CardsDealt(round))
	case points == 1:
		return rulebook.Mistake(field, "fivecrowns.mistake.no.hand.worth.point")
	case points == 2:
		return rulebook.Mistake(field, "fivecrowns.mistake.no.hand.worth.points")
	}
	return nil
}

// CheckPlayers refuses a table of other than 2 to 7 players («De 2 à 7
// joueurs»), naming field.
func CheckPlayers(field string, n int) error {
	if n >= MinPlayers && n <= MaxPlayers {
		return nil
	}
	return rulebook.Mistake(field, "fivecrowns.mistake.five.crowns.played.players", "MinPlayers", MinPlayers, "MaxPlayers", MaxPlayers, "Num", n)
}

// prefix moves an InputError's field from under from to under at.to
// ("leftover[2]" → "seats[1].cards[2]"); the round keeps its own field.
func prefix(at, from, to string, err error) error {
	ie, ok := err.(*rulebook.InputError)
	if !ok || ie.Field == "round" {
		return err
	}
	rest, found := cutPrefix(ie.Field, from)
	if !found {
		return err
	}
	return ie.At(at + "." + to + rest)
}

// cutPrefix is strings.CutPrefix for a field path: from must end at a
// segment boundary ("cards" is not a prefix of "cardsX").
func cutPrefix(field, from string) (string, bool) {
	if len(field) < len(from) || field[:len(from)] != from {
		return "", false
	}
	rest := field[len(from):]
	if rest != "" && rest[0] != '[' && rest[0] != '.' {
		return "", false
	}
	return rest, true
}

// OutMistakes is, by seat, the mistake of each seat marked as gone out
// when more than one is: one player goes out, the others play once more,
// and nothing says which mark is wrong, so each is told, next to his own
// row or line. The round form says them with the rows it cannot read, so
// that two players marked out are told in the same save.
func OutMistakes(seats []Seat) map[int]error {
	var outs []int
	for i, s := range seats {
		if s.Mode == ModeOut {
			outs = append(outs, i)
		}
	}
	out := map[int]error{}
	if len(outs) < 2 {
		return out
	}
	for _, i := range outs {
		out[i] = rulebook.SeatMistake(i, fmt.Sprintf("seats[%d].mode", i), "fivecrowns.mistake.only.one.player.goes")
	}
	return out
}
