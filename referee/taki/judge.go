package taki

import (
	"slices"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// judge carries one turn's evaluation.
type judge struct {
	s         State // as given
	eff       State // as the first player faces it after the starting card's action
	skipStart bool
	hand      []Card
	t         Turn
	set       rulebook.Settings
}

// refuse is the Result of an illegal turn: nothing changes.
func (j judge) refuse(v rulebook.Violation) (Result, error) {
	return Result{Violations: []rulebook.Violation{v}, Next: j.s.Current, Direction: j.s.Direction,
		Draws: map[int]int{}, Skipped: []int{}, Penalized: []int{}, State: j.s}, nil
}

func (j judge) run() (Result, error) {
	s, eff, t := j.s, j.eff, j.t
	if j.skipStart {
		return j.refuse(msgStartStop(s.Current, s.step(s.Current, s.Direction, 1)))
	}
	r := Result{Legal: true, Direction: eff.Direction, Draws: map[int]int{}, Skipped: []int{}, Penalized: []int{}}
	after := State{Players: s.Players, Direction: eff.Direction, Top: eff.Top, Colour: eff.Colour}
	cur := s.Current
	r.Next = s.step(cur, eff.Direction, 1)

	if t.Draw {
		if j.set.Bool(HRMustPlayIfAble) && j.hand != nil {
			if can := playable(eff, j.hand, j.set); len(can) > 0 {
				return j.refuse(msgMustPlay(can))
			}
		}
		r.Draws[cur] = max(1, eff.PendingDraw)
		if eff.PendingDraw == 0 {
			after.OpenTaki = eff.OpenTaki // a draw leaves an open TAKI open; a paid +2 chain closes it
		}
	} else {
		var v rulebook.Violation
		var ok bool
		if after, v, ok = j.play(after, &r); !ok {
			return j.refuse(v)
		}
	}
	// A colourless starting card leaves the colour free until someone
	// plays a colour (a crazy card on it is transparent), so the next player
	// still faces an opening.
	after.Opening = s.Opening && after.Colour == NoColour

	// «Taki» at one card (TK-R12, TK-A5): the silent players pay now that
	// the current player has completed an action.
	pen := j.set.Int(HRLastCardPenalty)
	for _, p := range s.SilentOneCard {
		if p != cur {
			r.Draws[p] += pen
			r.Penalized = append(r.Penalized, p)
		}
	}
	after.SilentOneCard = []int{}
	if j.hand != nil && !r.RoundOver && r.HandsPassed == NoSide && !t.CallTaki &&
		len(j.hand)-len(t.Play)+r.Draws[cur] == 1 {
		after.SilentOneCard = []int{cur}
	}
	for p, n := range r.Draws {
		if n == 0 {
			delete(r.Draws, p)
		}
	}
	after.Current = r.Next
	after.Direction = r.Direction
	r.State = after
	return r, nil
}

// play lays the cards in order and then carries out the last card's action.
func (j judge) play(after State, r *Result) (State, rulebook.Violation, bool) {
	eff, t, cards := j.eff, j.t, j.t.Play
	n := len(cards)
	run, runEnded := NoColour, false // the TAKI run the player is in, and whether a card ended it
	plusNeeds := NoColour            // the colour a Plus just played asks for
	top, col := eff.Top, eff.Colour
	lastChooser := -1
	for i, c := range cards {
		if c.Kind == ChangeColour || c.Kind == SuperTaki {
			lastChooser = i
		}
	}
	for i, c := range cards {
		if i == 0 {
			if v, ok := firstCard(c, eff, j.set); !ok {
				return after, v, false
			}
			if eff.OpenTaki != NoColour && eff.PendingDraw == 0 && c.Colour == eff.OpenTaki {
				run = eff.OpenTaki // the open TAKI left by the previous player goes on
			}
		} else {
			switch {
			case plusNeeds != NoColour:
				if c.Colour != plusNeeds {
					return after, msgPlusFollow(plusNeeds, c, i), false
				}
			case runEnded:
				return after, msgRunEnded(cards[i-1], c, i), false
			case run != NoColour:
				if c.Colour != run && !c.Kind.Colourless() {
					return after, msgRunColour(run, c, i), false
				}
			default:
				return after, msgOneCard(cards[i-1], c, i), false
			}
		}
		plusNeeds = NoColour
		switch c.Kind {
		case Plus:
			plusNeeds, col = c.Colour, c.Colour
		case Taki:
			run, col = c.Colour, c.Colour
		case SuperTaki:
			sc := col
			if j.set.Bool(HRSuperTakiChoosesColour) || col == NoColour {
				sc = t.Colour
				if i+1 < n && cards[i+1].Colour != NoColour {
					if i == lastChooser && t.Colour != NoColour && t.Colour != cards[i+1].Colour {
						return after, msgSuperColour(t.Colour, cards[i+1], i+1), false
					}
					sc = cards[i+1].Colour
				}
			}
			if run != NoColour && sc != run {
				return after, msgRunColour(run, Card{Kind: SuperTaki}, i), false
			}
			run, col = sc, sc
		case ChangeColour:
			col = t.Colour
			runEnded = run != NoColour
		case Crazy:
			runEnded = run != NoColour
		default:
			col = c.Colour
		}
		top = c
	}
	last := cards[n-1]
	if plusNeeds != NoColour {
		return after, msgPlusAlone(plusNeeds, j.hand == nil || hasFollowUp(j.hand, plusNeeds), n-1), false
	}
	if eff.PendingDraw > 0 && last.Kind != Plus2 {
		return after, msgRunPlus2(eff.PendingDraw, n-1), false
	}
	return j.effects(after, r, top, col, run, runEnded)
}

// effects carries out the action of the turn's last card (only the last
// card of a TAKI run acts, TK-R7) and fills in r.
func (j judge) effects(after State, r *Result, top Card, col, run Colour, runEnded bool) (State, rulebook.Violation, bool) {
	s, eff, t, cards := j.s, j.eff, j.t, j.t.Play
	n, cur := len(cards), s.Current
	last := cards[n-1]
	plus3 := n >= 2 && last.Kind == Number && last.Value == 3 && cards[n-2].Kind == Plus && cards[n-2].Colour == last.Colour
	open := NoColour
	if run != NoColour && !runEnded && !t.CloseTaki {
		open = run // only «TAKI fermé» closes a TAKI, even one played alone (TK-A8)
	}
	r.RoundOver = j.hand != nil && len(j.hand) == n
	dir := eff.Direction
	switch {
	case r.RoundOver:
		open = NoColour
		if last.Kind == Plus2 && j.set.Bool(HRFinalPlus2StillDraws) {
			r.Draws[r.Next] += eff.PendingDraw + 2
		}
		if last.Kind == Crazy && j.set.Bool(HRCrazyLastCardPasses) {
			r.HandsPassed = t.PassHands
		}
	case plus3:
		if t.Counter != nil {
			cc := t.Counter.Play
			if len(cc) != 2 || cc[0].Kind != Plus || cc[1].Kind != Number || cc[1].Value != 3 || cc[0].Colour != cc[1].Colour {
				return after, msgCounterCards(cc), false
			}
			r.Draws[cur] += 3
			top, col, open = cc[1], cc[1].Colour, NoColour
		} else {
			for p := 0; p < s.Players; p++ {
				if p != cur {
					r.Draws[p] += 3
				}
			}
		}
		if j.set.Bool(HRPlus3NextIsLeft) {
			r.Next = s.step(cur, Clockwise, 1)
		}
	case last.Kind == Plus2:
		after.PendingDraw = eff.PendingDraw + 2
	case last.Kind == Stop:
		r.Skipped = []int{r.Next}
		r.Next = s.step(cur, dir, 2)
	case last.Kind == Direction:
		dir = -dir
		r.Next = s.step(cur, dir, 1)
		if s.Players == 2 && j.set.Bool(HRTwoPlayerReverseIsStop) {
			r.Skipped = []int{r.Next}
			r.Next = cur
		}
	case last.Kind == Crazy:
		r.HandsPassed = t.PassHands
	}
	if t.Counter != nil && (!plus3 || r.RoundOver) {
		return after, msgNoPlus3(r.RoundOver), false
	}
	r.Direction = dir
	after.Top, after.Colour, after.OpenTaki = top, col, open
	return after, rulebook.Violation{}, true
}

// hasFollowUp reports whether cards hold a card that can close a Plus of
// colour col: a card of that colour that is not itself a Plus.
func hasFollowUp(cards []Card, col Colour) bool {
	return slices.ContainsFunc(cards, func(c Card) bool { return c.Colour == col && c.Kind != Plus })
}
