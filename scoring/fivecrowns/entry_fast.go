package fivecrowns

import (
	"bytes"
	"strconv"
)

// decodeEncoded reads an entry written exactly as Encode writes it (keys
// in its order, no spaces, strings without escapes) without encoding/json,
// which cost a finished match's scoresheet a tenth of its time: the sheet
// decodes every round to describe it. Anything else (an older row, an
// import written by hand) is declined, and DecodeEntry reads it with
// encoding/json; what is accepted here decodes to the same Entry.
func decodeEncoded(raw []byte) (Entry, bool) {
	d := fastDec{b: raw}
	var e Entry
	if !d.lit(`{`) {
		return Entry{}, false
	}
	if d.lit(`"v":`) {
		if e.V, d.ok = d.int(); !d.ok {
			return Entry{}, false
		}
		if !d.lit(`,`) {
			return Entry{}, false
		}
	}
	if !d.lit(`"round":`) {
		return Entry{}, false
	}
	if e.Round, d.ok = d.int(); !d.ok || !d.lit(`,"seats":`) {
		return Entry{}, false
	}
	if d.lit(`null}`) && d.i == len(d.b) { // no seats: a nil slice, as encoding/json reads it
		return e, true
	}
	if !d.lit(`[`) {
		return Entry{}, false
	}
	e.Seats = make([]Seat, 0, 8)
	for first := true; !d.lit(`]`); first = false {
		if !first && !d.lit(`,`) {
			return Entry{}, false
		}
		var s Seat
		if !d.lit(`{"mode":`) {
			return Entry{}, false
		}
		if s.Mode, d.ok = d.str(); !d.ok {
			return Entry{}, false
		}
		if d.lit(`,"cards":[`) {
			s.Cards = make([]string, 0, 8)
			for firstCard := true; !d.lit(`]`); firstCard = false {
				if !firstCard && !d.lit(`,`) {
					return Entry{}, false
				}
				c, ok := d.str()
				if !ok {
					return Entry{}, false
				}
				s.Cards = append(s.Cards, c)
			}
		}
		if !d.lit(`,"points":`) {
			return Entry{}, false
		}
		if s.Points, d.ok = d.int(); !d.ok || !d.lit(`}`) {
			return Entry{}, false
		}
		e.Seats = append(e.Seats, s)
	}
	if !d.lit(`}`) || d.i != len(d.b) {
		return Entry{}, false
	}
	return e, true
}

type fastDec struct {
	b  []byte
	i  int
	ok bool
}

// lit consumes s if the input goes on with it.
func (d *fastDec) lit(s string) bool {
	if len(d.b)-d.i < len(s) || string(d.b[d.i:d.i+len(s)]) != s {
		return false
	}
	d.i += len(s)
	return true
}

// str reads a string of plain printable ASCII without escapes (what Encode
// writes for modes and cards); anything else is declined.
func (d *fastDec) str() (string, bool) {
	if d.i >= len(d.b) || d.b[d.i] != '"' {
		return "", false
	}
	end := bytes.IndexByte(d.b[d.i+1:], '"')
	if end < 0 {
		return "", false
	}
	s := d.b[d.i+1 : d.i+1+end]
	for _, c := range s {
		if c < 0x20 || c >= 0x7f || c == '\\' {
			return "", false
		}
	}
	d.i += end + 2
	return string(s), true
}

// int reads an integer as encoding/json writes one: an optional minus, then
// 0 or digits not starting with 0, at most 18 of them (no overflow).
func (d *fastDec) int() (int, bool) {
	start := d.i
	if d.i < len(d.b) && d.b[d.i] == '-' {
		d.i++
	}
	digits := d.i
	for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
		d.i++
	}
	n := d.i - digits
	if n == 0 || n > 18 || (n > 1 && d.b[digits] == '0') {
		return 0, false
	}
	v, err := strconv.Atoi(string(d.b[start:d.i]))
	return v, err == nil
}
