package take5

import "github.com/tablekeeper/tablekeeper/rulebook"

// checkHistory refuses a table whose rows no order of play can have built
// (T5-R9, RuleRowHistory): each row's cards are read as laid, from the
// card of the starting circle on.
//
// The reasoning. Put the numbers 1–98 on a dial, 98 followed by 1. T5-R3
// lays card x on the row whose final is the last one before x going round
// the dial: the largest final below x, or, when no final is below x, the
// largest final of all (the sheet's "next row" reading and its exception
// are the same rule, RULES.md T5-R3). So a row's final only ever moves
// forward round the dial, and never onto or past the final of the next row
// clockwise: that final is the next one after x. A descent inside a row
// (40 after 50) is the row's final going past 98 to 1: the wrap, when x
// was lower than every final and the row held the largest. An ascent
// (30 after 10) is the final moving forward without wrapping. Either way
// the card x laid after c tells that, at that moment, the next row's final
// was not between c and x round the dial: for an ascent, no final lay
// between c and x; for a wrap, none above c and none below x.
//
// Other rows' finals at that moment are not their finals now: a row's
// final is, at any moment, one of its cards, and it moves on card by card.
// Unwind the dial: a row's position is its start plus the distance its
// final has travelled (a wrap adds a whole turn, MaxCard). The starting
// cards lie in ascending order clockwise, so each row starts behind the
// next and the last one less than a turn behind the first; a card is laid
// on a row only when the row's new position stays behind the next row's
// position at that moment (the last row: behind the first one's plus a
// turn). Rows taken since then lay between two rows still here, and only
// held them back further, so leaving them out refuses nothing that can
// exist. Whether the rows here can be built is then whether their cards
// can be laid one at a time, in some order across rows, each row staying
// behind the next. Laying a card only moves a row forward, which never
// stops another card from being laid (it only lets the row behind move
// on), so laying any card that can be laid, until none can, reaches every
// table that any order reaches: the rows can be built exactly when this
// greedy play lays every card.
//
// When it cannot, some row stops at a card x after c. If the next row
// clockwise laid all its cards and ends with d, then whenever x could
// have been laid that row ended between c and x round the dial (its final
// was behind d and ahead of c), and the message says so; otherwise every
// row waits on the next one all round the circle.
func (c Circle) checkHistory() error {
	n := len(c)
	if n == 0 || n > MaxRows {
		return nil // Validate refuses these tables first
	}
	start := 0 // the row with the smallest starting card: positions count from it
	for i, r := range c {
		if r.Cards[0] < c[start].Cards[0] {
			start = i
		}
	}
	// Validate has checked that there are at most MaxRows rows of fewer
	// than RowLimit cards, so the work fits in arrays.
	var order [MaxRows]int         // positions in c, clockwise from start
	var pos [MaxRows][RowLimit]int // each card's position on the unwound dial
	var laid [MaxRows]int          // cards of each row laid so far (its final is laid-1)
	var length [MaxRows]int        // cards of each row
	for k := range n {
		order[k] = (start + k) % n
		r := c[order[k]]
		length[k], laid[k] = len(r.Cards), 1
		pos[k][0] = r.Cards[0]
		for j := 1; j < len(r.Cards); j++ {
			step := r.Cards[j] - r.Cards[j-1]
			if step < 0 {
				step += MaxCard // the wrap: past 98 to 1
			}
			pos[k][j] = pos[k][j-1] + step
		}
	}
	ahead := func(k int) int { // the next row's position, which row k must stay behind
		if k == n-1 {
			return pos[0][laid[0]-1] + MaxCard
		}
		return pos[k+1][laid[k+1]-1]
	}
	for moved := true; moved; {
		moved = false
		for k := range n {
			for laid[k] < length[k] && pos[k][laid[k]] < ahead(k) {
				laid[k]++
				moved = true
			}
		}
	}
	stuck := -1
	for k := range n {
		if laid[k] == length[k] {
			continue
		}
		if next := (k + 1) % n; laid[next] == length[next] {
			return cannotFollow(c[order[k]], laid[k], c[order[next]])
		}
		if stuck < 0 {
			stuck = k
		}
	}
	if stuck < 0 {
		return nil
	}
	r, next := c[order[stuck]], c[order[(stuck+1)%n]]
	j := laid[stuck]
	return rulebook.Mistake(cardPath(r.Index, j), "take5.ref.mistake.no.order", "Card", r.Cards[j], "Prev", r.Cards[j-1], "Row", rowNumber(r.Index), "NextRow", rowNumber(next.Index))
}

// cannotFollow says why card j of row r cannot have been laid after card
// j−1: the next row clockwise, which ends with d and only ever ended
// between the two cards round the dial, would have come first.
func cannotFollow(r Row, j int, next Row) error {
	x, prev, d := r.Cards[j], r.Cards[j-1], next.Final()
	if x > prev {
		return rulebook.Mistake(cardPath(r.Index, j), "take5.ref.mistake.cannot.follow.between", "Card", x, "Prev", prev, "Row", rowNumber(r.Index), "NextRow", rowNumber(next.Index), "NextFinal", d)
	}
	return rulebook.Mistake(cardPath(r.Index, j), "take5.ref.mistake.cannot.follow.lowest", "Card", x, "Prev", prev, "Row", rowNumber(r.Index), "NextRow", rowNumber(next.Index), "NextFinal", d)
}
