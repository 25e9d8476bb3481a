package fivecrowns

// Rounds is the number of rounds in a match: round 1 deals 3 cards, round 11
// deals 13.
const Rounds = 11

// ValidRound reports whether round is 1…11.
func ValidRound(round int) bool { return round >= 1 && round <= Rounds }

// CardsDealt is the number of cards dealt in round (1…11): round + 2.
func CardsDealt(round int) int { return round + 2 }

// WildRank is the round's wild rank (the "Atout"): the rank equal to the
// number of cards dealt, so 3 in round 1, 10 in round 8, J in round 9, Q in
// round 10, K in round 11. The result is meaningless outside 1…11.
func WildRank(round int) Rank { return Rank(CardsDealt(round)) }

// IsWild reports whether c is wild in round: a joker, or a card of the
// round's wild rank.
func (c Card) IsWild(round int) bool {
	return c.IsJoker() || c.Rank == WildRank(round)
}

// Value is the penalty c costs when left in hand at the end of round: face
// value for 3…10, J 11, Q 12, K 13, 20 for the round's wild rank, 50 for a
// joker.
func (c Card) Value(round int) int {
	switch {
	case c.IsJoker():
		return 50
	case c.Rank == WildRank(round):
		return 20
	}
	return int(c.Rank)
}

// Wild values, for the solver and the scoresheet.
const (
	JokerValue    = 50
	WildRankValue = 20
)
