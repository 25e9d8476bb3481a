package kit

import (
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// A card picker is a form whose buttons post one tap at a time: a card of
// the deck ("tap"=code) goes to the seat or field the picker is open for,
// a chip tapped ("untap"="seat:index", or "pop"=field for its last card)
// comes off, and a button naming another seat or field opens the picker
// there. Every picker (the Five Crowns and TAKI scoresheets, their referee
// pages) reads its post here; what a card looks like and where a tapped card
// goes stay the game's.

// PickerPost is one post of a card picker.
type PickerPost struct {
	Open  string // the seat or field the picker is open for, as posted ("" none)
	Tap   string // the card tapped, as posted: the game parses it
	From  string // the seat or field a chip is taken off ("" none)
	Index int    // which chip of From: 0 is the first, LastChip the last
}

// LastChip is the Index of a "pop": the last card of the field.
const LastChip = -1

// ReadPicker reads a picker's post. carried is the form field keeping the
// open seat from one post to the next, chosen the button that opens another
// (the same name when the button comes after the hidden field: the last
// value wins).
func ReadPicker(form url.Values, carried, chosen string) PickerPost {
	p := PickerPost{Open: Last(form, carried), Tap: Last(form, "tap"), Index: LastChip}
	if v := Last(form, chosen); v != "" {
		p.Open = v
	}
	if at, i, ok := strings.Cut(Last(form, "untap"), ":"); ok {
		if n, err := strconv.Atoi(i); err == nil && n >= 0 {
			p.From, p.Index = at, n
		}
	} else if pop := Last(form, "pop"); pop != "" {
		p.From = pop
	}
	return p
}

// seat is the seat the picker is open for, −1 when it names none of n.
func (p PickerPost) Seat(n int) int { return SeatIn(p.Open, n) }

// untapSeat is the seat a chip is taken off, −1 when it names none of n.
func (p PickerPost) UntapSeat(n int) int { return SeatIn(p.From, n) }

// FieldNamed is the field v names among fields: by its number (the card
// sheet's buttons post a number, the page's own buttons a name) or by name.
func FieldNamed(v string, fields []string) string {
	if i := SeatIn(v, len(fields)); i >= 0 {
		return fields[i]
	}
	return v
}

// SheetField is the field a referee page's card sheet is open on after a
// post: the one the post opens; none after Done (the open field's button
// posted again) or when the verdict is asked for (it is not drawn under a
// sheet); else target, the field the form kept, if known says it is one of
// the page's. pk's fields are already names (FieldNamed).
func SheetField(f url.Values, pk PickerPost, target string, known func(string) bool) string {
	switch {
	case known(pk.Open):
		target = pk.Open
	case pk.Open != "" && pk.Open == Last(f, "pick"):
		target = "" // Done
	}
	if !known(target) || Last(f, "op") == "judge" {
		return ""
	}
	return target
}

func SeatIn(v string, n int) int {
	if i, err := strconv.Atoi(v); err == nil && i >= 0 && i < n {
		return i
	}
	return -1
}

// Untap is list without chip i (LastChip: its last); ok is false, and list
// unchanged, when there is no such chip.
func Untap[T any](list []T, i int) (out []T, gone T, ok bool) {
	if i == LastChip {
		i = len(list) - 1
	}
	if i < 0 || i >= len(list) {
		return list, gone, false
	}
	return slices.Delete(slices.Clone(list), i, i+1), list[i], true
}

// TapCode adds a card's code to a field of space-separated codes.
func TapCode(field, code string) string { return strings.TrimSpace(field + " " + code) }

// UntapCode takes chip i off a field of space-separated codes and says
// which code went ("" when none did).
func UntapCode(field string, i int) (string, string) {
	codes, gone, ok := Untap(strings.Fields(field), i)
	if !ok {
		return field, ""
	}
	return strings.Join(codes, " "), gone
}

// last is the last value posted for key: a button posted after a hidden
// field of the same name wins.
func Last(form url.Values, key string) string {
	if vs := form[key]; len(vs) > 0 {
		return vs[len(vs)-1]
	}
	return ""
}
