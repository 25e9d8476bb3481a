package scoring

// People come and go: a player who left a match is ranked after everyone
// who stayed, and a match ended early is over with the totals it has. Both
// are decided here once, for every game, on top of the game's own Progress.

// PlacesLeft is Places with the players who left (left[i]) ranked after
// everyone who stayed: the stayers are placed among themselves by their
// totals, then the leavers among themselves. A nil left is Places.
func PlacesLeft(totals []int, lowWins bool, left []bool) []int {
	if !anyTrue(left) {
		return Places(totals, lowWins)
	}
	var stay, gone []int
	for i := range totals {
		if i < len(left) && left[i] {
			gone = append(gone, i)
		} else {
			stay = append(stay, i)
		}
	}
	places := make([]int, len(totals))
	for k, p := range Places(pick(totals, stay), lowWins) {
		places[stay[k]] = p
	}
	for k, p := range Places(pick(totals, gone), lowWins) {
		places[gone[k]] = len(stay) + p
	}
	return places
}

// FinalPlaces is a finished match's places as every page and export ranks
// it: the places it keeps when it keeps a ranking of its own (kept, one
// per seat: a BG Stats play's hand-picked winner, winner or ranks), else
// its totals' with the players who left after those who stayed
// (PlacesLeft).
func FinalPlaces(kept, totals []int, lowWins bool, left []bool) []int {
	if len(kept) == len(totals) && len(kept) > 0 {
		return kept
	}
	return PlacesLeft(totals, lowWins, left)
}

// Away is what a match's seats did at round number (1-based): away[i] when
// seat i's player left before it, from awayFrom (the first round each seat
// no longer plays, 0 when he stayed). Nil when everyone plays it.
func Away(awayFrom []int, number int) []bool {
	var out []bool
	for i, f := range awayFrom {
		if f > 0 && number >= f {
			if out == nil {
				out = make([]bool, len(awayFrom))
			}
			out[i] = true
		}
	}
	return out
}

// Adjust is p with what the table decided beside the game: the players who
// left (left[i]) placed after those who stayed and never among the winners,
// and a match ended early over, won by the stayers ahead at that moment.
// Who deals is the game's to say (PassedTo, from the rounds each seat is
// away), not decided again here.
func (p Progress) Adjust(lowWins bool, left []bool, endedEarly bool) Progress {
	if !anyTrue(left) && !endedEarly {
		return p
	}
	p.Places = PlacesLeft(p.Totals, lowWins, left)
	if endedEarly {
		p.Finished, p.Dealer = true, -1
	}
	if p.Finished {
		p.Winners = p.Leaders()
		return p
	}
	return p
}

// NextThere is the first seat after seat, going round a table of seats
// (seat+1, seat+2, …), whose player is still there (not away[i]); seat
// itself when nobody else is, −1 when seat is no seat.
func NextThere(seats, seat int, away []bool) int {
	if seat < 0 || seat >= seats {
		return -1
	}
	for k := 1; k <= seats; k++ {
		if d := (seat + k) % seats; d >= len(away) || !away[d] {
			return d
		}
	}
	return seat
}

// PassedTo is the seat a turn that passes one seat on each round (the
// deal) falls to at round number (1-based): first's at round 1, then the
// next player still there after the previous round's seat, over the seats
// away from that round (awayFrom as Away reads it); so after a player
// leaves the turn goes on from whoever had it last, never to him. −1 when
// first is no seat or number < 1. With nobody away it is
// (first + number − 1) mod seats.
func PassedTo(seats, first int, awayFrom []int, number int) int {
	if seats < 1 || first < 0 || first >= seats || number < 1 {
		return -1
	}
	d := first
	if away := Away(awayFrom, 1); d < len(away) && away[d] {
		d = NextThere(seats, d, away)
	}
	for r := 2; r <= number; r++ {
		d = NextThere(seats, d, Away(awayFrom, r))
	}
	return d
}

func anyTrue(b []bool) bool {
	for _, v := range b {
		if v {
			return true
		}
	}
	return false
}

func pick(totals []int, seats []int) []int {
	out := make([]int, len(seats))
	for k, i := range seats {
		out[k] = totals[i]
	}
	return out
}
