package rulebook

import "errors"

// Msg is a sentence for a player, or a part of one, named by its id in the
// game's message files (views/locales/<game>.en.toml and .fr.toml) with its
// arguments as name, value pairs ("Max", 99); an argument that is itself a
// Msg is said in the same language. An engine says what is wrong; the page
// or the API's answer says it in the reader's language.
type Msg struct {
	ID   string
	Args []any
}

// Say is the message id with its arguments (name, value, name, value…).
func Say(id string, args ...any) Msg { return Msg{ID: id, Args: args} }

// Speaker says a message in one reader's language, from the message files:
// how an engine's answer to the API writes its sentences without knowing
// any language (views.Translator.Speaker gives one per language).
type Speaker func(Msg) string

// Both is two sentences said one after the other, in the same language.
func Both(first, then Msg) Msg { return Say("rulebook.both", "First", first, "Then", then) }

// NoSeat is the Seat of an input error that is no player's (the round's,
// the table's, a house rule's).
const NoSeat = -1

// InputError reports a state or a move description that cannot occur in the
// game (a card twice, an unknown card, a row that should already be taken).
// It is an input mistake, distinct from an illegal move.
type InputError struct {
	Field string // where the mistake is as the API names it, e.g. "rows[2].cards[1]"
	Seat  int    // the seat of the player whose input it is, NoSeat when none
	Msg   Msg    // what is wrong, from the game's message files
	// Rule is the rule Msg breaks, said after it (Sentence); a list of
	// several players refused by the same rule says each Msg and the rule
	// once. Empty when Msg says it all.
	Rule Msg
}

// Because is e said with the rule it breaks.
func (e *InputError) Because(rule Msg) *InputError {
	c := *e
	c.Rule = rule
	return &c
}

// Sentence is the whole of e: its Msg, then its Rule.
func (e *InputError) Sentence() Msg {
	if e.Rule.ID == "" {
		return e.Msg
	}
	return Both(e.Msg, e.Rule)
}

func (e *InputError) Error() string {
	if e.Field == "" {
		return "referee: " + e.Msg.ID
	}
	return "referee: " + e.Field + ": " + e.Msg.ID
}

// Mistake is an *InputError on field that is no player's: msg id with its
// arguments (name, value…).
func Mistake(field, id string, args ...any) *InputError {
	return &InputError{Field: field, Seat: NoSeat, Msg: Say(id, args...)}
}

// SeatMistake is an *InputError in the input of the player of seat (from
// 0), on field.
func SeatMistake(seat int, field, id string, args ...any) *InputError {
	return &InputError{Field: field, Seat: seat, Msg: Say(id, args...)}
}

// At is the same mistake said of another field (an engine's answer read
// under a larger request, "leftover[2]" as "cards[2]"): its message and its
// seat are kept (a seat loop gives the seat, OfSeat).
func (e *InputError) At(field string) *InputError {
	c := *e
	c.Field = field
	return &c
}

// OfSeat is err with every input mistake in it (one, or several joined)
// said of the player of seat: how a check that names only a field is
// called for each seat in turn. Any other error is returned as it is.
func OfSeat(seat int, err error) error {
	switch e := err.(type) {
	case *InputError:
		c := *e
		c.Seat = seat
		return &c
	case interface{ Unwrap() []error }:
		errs := e.Unwrap()
		out := make([]error, len(errs))
		for i, err := range errs {
			out[i] = OfSeat(seat, err)
		}
		return errors.Join(out...)
	}
	return err
}

// Says reports whether the error says what is wrong: a message key, whose
// sentences TestEveryEngineMessageExists holds in both languages.
func (e *InputError) Says() bool { return e.Msg.ID != "" }
