package fivecrowns

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// decodeEncoded must decode what Encode writes as encoding/json does, and
// whatever it accepts of any other text must be what encoding/json reads
// there too: random entries, then each with random bytes changed, cut or
// doubled.
func TestDecodeEncodedAgreesWithEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 1))
	modes := []string{ModeOut, ModePoints, ModeCards, ModeHand, "", "x"}
	cards := []string{"3S", "QH", "JK", "10D", "KC", "7*"}
	accepted, checked := 0, 0
	for n := 0; n < 3000; n++ {
		e := Entry{Round: rng.IntN(13) - 1}
		for range rng.IntN(8) {
			s := Seat{Mode: modes[rng.IntN(len(modes))], Points: rng.IntN(400) - 100}
			for range rng.IntN(4) {
				s.Cards = append(s.Cards, cards[rng.IntN(len(cards))])
			}
			e.Seats = append(e.Seats, s)
		}
		raw := e.Encode()
		got, ok := decodeEncoded(raw)
		var want Entry
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		if !ok || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: fast %v %+v, encoding/json %+v", raw, ok, got, want)
		}
		for range 20 {
			m := mutate(rng, raw)
			got, ok := decodeEncoded(m)
			if !ok {
				continue
			}
			checked++
			var want Entry
			if err := json.Unmarshal(m, &want); err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: fast %+v, encoding/json %+v (%v)", m, got, want, err)
			}
		}
		accepted++
	}
	for _, raw := range []string{`{"round":3,"seats":[]}`, `{"round":3,"seats":null}`, `{"v":1,"round":-0,"seats":[{"mode":"cards","cards":[],"points":5}]}`} {
		got, ok := decodeEncoded([]byte(raw))
		var want Entry
		if err := json.Unmarshal([]byte(raw), &want); err != nil || !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: fast %v %#v, encoding/json %#v", raw, ok, got, want)
		}
	}
	for _, raw := range []string{`{"round":3, "seats":[]}`, `{"round":3,"seats":[{"mode":"\u006fut","points":0}]}`,
		`{"round":3,"seats":nul}`, `{"round":03,"seats":[]}`, `{"Round":3,"seats":[]}`, `{"round":3,"seats":[]}x`} {
		if _, ok := decodeEncoded([]byte(raw)); ok {
			t.Errorf("%s: accepted; it is left to encoding/json", raw)
		}
	}
	t.Logf("%d entries, %d changed texts still accepted", accepted, checked)
}

func mutate(rng *rand.Rand, raw []byte) []byte {
	m := append([]byte(nil), raw...)
	switch i := rng.IntN(len(m)); rng.IntN(3) {
	case 0:
		const bytes = "{}[],:\"-0123456789aszQ \\"
		m[i] = bytes[rng.IntN(len(bytes))]
	case 1:
		m = append(m[:i], m[i+1:]...)
	default:
		m = append(m[:i], append([]byte{m[i]}, m[i:]...)...)
	}
	return m
}
