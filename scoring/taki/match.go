package taki

// End is how a match ends, fixed beforehand («soit un nombre de manches fixé
// au début soit jusqu'à une limite de points fixée»): exactly one of Rounds
// and Limit is positive.
type End struct {
	Rounds int  // play this many rounds
	Limit  int  // or play until a total reaches the limit
	Minus  bool // the limitSign house rule is "-": the limit is −Limit
}

// Valid reports whether exactly one criterion is set.
func (e End) Valid() bool { return (e.Rounds > 0) != (e.Limit > 0) && e.Rounds >= 0 && e.Limit >= 0 }

// Over reports whether the match ends after roundsPlayed rounds with these
// totals: the fixed number of rounds is reached, or (points limit) after the
// round in which any total reaches +Limit or more, or −Limit or less under
// the "-" sign (TK-A14). An invalid End never ends.
func (e End) Over(roundsPlayed int, totals []int) bool {
	if !e.Valid() {
		return false
	}
	if e.Rounds > 0 {
		return roundsPlayed >= e.Rounds
	}
	for _, t := range totals {
		if (!e.Minus && t >= e.Limit) || (e.Minus && t <= -e.Limit) {
			return true
		}
	}
	return false
}

// Winners returns the indexes of the highest totals in index order: the
// player with the most points wins, and a tie is shared. It returns an empty
// slice when there are no players.
func Winners(totals []int) []int {
	out := []int{}
	for i, t := range totals {
		switch {
		case len(out) == 0 || t > totals[out[0]]:
			out = []int{i}
		case t == totals[out[0]]:
			out = append(out, i)
		}
	}
	return out
}
