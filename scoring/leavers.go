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
// the dealer passing over them, and a match ended early over, won by the
// stayers ahead at that moment.
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
	if p.Dealer >= 0 && p.Dealer < len(left) && left[p.Dealer] {
		n := len(p.Totals)
		for k := 1; k < n; k++ { // the deal passes to the next player still there
			if d := (p.Dealer + k) % n; !left[d] {
				p.Dealer = d
				break
			}
		}
	}
	return p
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
