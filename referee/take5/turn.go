package take5

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// NoEnd is Turn.TurnEndsAfterStep when no rule cut the turn short.
const NoEnd = -1

// Play is one card laid, in the order laid: a number card (Card 1–98,
// Special "") or a special card (Special X2 or Plus5, Card 0). When Claimed,
// Row is the Index of the row the player names: a special must name the row
// it goes under; for a number card the claim is optional and checked
// against T5-R3. Build plays with Number, NumberOn and SpecialUnder.
type Play struct {
	Card    int
	Special Special
	Row     int
	Claimed bool
}

// Number is number card laid with no row named: it goes where it must.
func Number(card int) Play { return Play{Card: card} }

// NumberOn is number card laid on the row the player names.
func NumberOn(card, row int) Play { return Play{Card: card, Row: row, Claimed: true} }

// SpecialUnder is special card s slid under the row named.
func SpecialUnder(s Special, row int) Play { return Play{Special: s, Row: row, Claimed: true} }

// Step is what became of one legal play.
type Step struct {
	Card    int     // the number card, or 0
	Special Special // the special card, or ""
	Row     int     // Index of the row it went on or under
	Pickup  bool    // the card was the 5th of its row, which the player took
	Why     rulebook.Msg
}

// Pickup is a row a player took (T5-R4), specials included.
type Pickup struct {
	Step  int // the step whose card took it
	Row   int // its Index
	Cards []int
	X2    bool
	Plus5 bool
}

// Turn is the referee's verdict on a turn. When a play is illegal,
// evaluation stops there: Steps, Pickups and Rows describe the table just
// before it, and Violations hold it (and the too-many-cards violation,
// which is certain whatever happened before).
type Turn struct {
	Legal      bool
	Violations []rulebook.Violation // sorted by step; never nil
	Steps      []Step               // one per play resolved, in order; never nil
	Pickups    []Pickup             // rows taken, in order; never nil
	Rows       Circle               // the rows left, clockwise, Index kept
	// TurnEndsAfterStep is the step after which the pickupEndsTurn house
	// rule ended the turn, or NoEnd.
	TurnEndsAfterStep int
}

// PlayTurn resolves a player's cards one by one (T5-R2) on the circle,
// under the settings s (Resolve(HouseRules, …)); c is not modified.
//
// Returns an *rulebook.InputError when the table is invalid (Validate with
// no hands; Field "rows…"), when a play cannot be described so (Field
// "play[i]…": neither or both of card and special, a card outside 1–98,
// already on the table or laid twice, an unknown special, a second special
// of one kind (each player holds one of each), a special naming no row, a
// claimed row that is not on the table), or when a number card is left
// with no row at all (the table broke T5-R7, T5-A3).
func PlayTurn(c Circle, plays []Play, s rulebook.Settings) (Turn, error) {
	return playTurn(c, plays, nil, s)
}

// playTurn is PlayTurn with the table's hands when known (Validate): the
// table and the plays are then judged for that many players.
func playTurn(c Circle, plays []Play, hands []int, s rulebook.Settings) (Turn, error) {
	if err := c.Validate(hands); err != nil {
		return Turn{}, err
	}
	players := MaxPlayers
	if hands != nil {
		players = len(hands)
	}
	if err := checkPlays(c, plays, players); err != nil {
		return Turn{}, err
	}
	t := Turn{
		Violations: []rulebook.Violation{}, Steps: []Step{}, Pickups: []Pickup{},
		Rows: c.Clone(), TurnEndsAfterStep: NoEnd,
	}
	if len(plays) == 0 {
		t.Violations = append(t.Violations, rulebook.Violation{Rule: RuleCardsPerTurn, Step: rulebook.NoStep,
			Message: rulebook.Say("take5.ref.v.none")})
		return t, nil
	}
	endsOnPickup := s.Bool(HousePickupEndsTurn)
	for i, p := range plays[:min(len(plays), MaxCards)] {
		if t.TurnEndsAfterStep != NoEnd {
			t.Violations = append(t.Violations, t.turnOver(i))
			break
		}
		var v *rulebook.Violation
		var err error
		if p.Special != "" {
			v = t.laySpecial(i, p)
		} else {
			v, err = t.layNumber(i, p)
		}
		if err != nil {
			return Turn{}, err
		}
		if v != nil {
			t.Violations = append(t.Violations, *v)
			break
		}
		if endsOnPickup && t.Steps[i].Pickup {
			t.TurnEndsAfterStep = i
		}
	}
	if len(plays) > MaxCards {
		t.Violations = append(t.Violations, rulebook.Violation{Rule: RuleCardsPerTurn, Step: MaxCards,
			Message: rulebook.Say("take5.ref.v.toomany", "Max", MaxCards, "Card", MaxCards+1)})
	}
	t.Legal = len(t.Violations) == 0
	return t, nil
}

// layNumber places a number card on its forced row, taking the row on its
// 5th card. A claim of another row is a violation naming the forced row.
func (t *Turn) layNumber(i int, p Play) (*rulebook.Violation, error) {
	pos, wrap := t.Rows.Forced(p.Card)
	if pos < 0 {
		return nil, rulebook.Mistake(fmt.Sprintf("play[%d].card", i), "take5.ref.mistake.no.row.left", "Card", p.Card)
	}
	why := t.Rows.Explain(p.Card)
	if p.Claimed && p.Row != t.Rows[pos].Index {
		return t.wrongRow(i, p, pos, wrap), nil
	}
	row := &t.Rows[pos]
	row.Cards = append(row.Cards, p.Card)
	step := Step{Card: p.Card, Row: row.Index, Why: why}
	if len(row.Cards) == RowLimit {
		step.Pickup = true
		step.Why = rulebook.Both(step.Why, t.take(i, pos))
	}
	t.Steps = append(t.Steps, step)
	return nil, nil
}

// take removes the row at pos onto the pickups and says so.
func (t *Turn) take(i, pos int) rulebook.Msg {
	r := t.Rows[pos]
	t.Pickups = append(t.Pickups, Pickup{Step: i, Row: r.Index, Cards: r.Cards, X2: r.X2, Plus5: r.Plus5})
	t.Rows = append(t.Rows[:pos:pos], t.Rows[pos+1:]...)
	return rulebook.Say("take5.ref.why.take", "Cards", joinInts(r.Cards), "X2", r.X2, "Plus5", r.Plus5)
}

// laySpecial slides a special under the row it names, if that row is on
// the table and lacks one of its kind (T5-R5).
func (t *Turn) laySpecial(i int, p Play) *rulebook.Violation {
	ok := t.Rows.SpecialRows(p.Special)
	special := string(p.Special)
	if len(ok) == 0 {
		return &rulebook.Violation{Rule: RuleSpecialRow, Step: i, Message: rulebook.Say("take5.ref.v.special.blocked", "Special", special)}
	}
	where := rulebook.Say("take5.ref.v.special.where", "Special", special, "Rows", len(ok), "Finals", t.Rows.finalsOf(ok))
	pos := t.Rows.Find(p.Row)
	if pos < 0 {
		return &rulebook.Violation{Rule: RuleSpecialRow, Step: i, Message: rulebook.Both(t.gone(p.Row), where)}
	}
	row := &t.Rows[pos]
	if row.Has(p.Special) {
		return &rulebook.Violation{Rule: RuleSpecialRow, Step: i, Message: rulebook.Both(rulebook.Say("take5.ref.v.special.held",
			"Final", row.Final(), "Row", rowNumber(row.Index), "Special", special), where)}
	}
	if p.Special == X2 {
		row.X2 = true
	} else {
		row.Plus5 = true
	}
	t.Steps = append(t.Steps, Step{Special: p.Special, Row: row.Index,
		Why: rulebook.Say("take5.ref.why.special", "Special", special, "Final", row.Final())})
	return nil
}
