package store

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// decodePoints reads what encoding/json reads, with or without its fast
// path: random points as stored, and the same texts with bytes changed.
func TestDecodePointsAgreesWithEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 2))
	const alphabet = "[],-0123456789 .e\"n"
	fast := 0
	for n := 0; n < 5000; n++ {
		pts := make([]int, rng.IntN(9))
		for i := range pts {
			pts[i] = rng.IntN(2000) - 500
		}
		raw, _ := json.Marshal(pts)
		texts := []string{string(raw)}
		for range 10 {
			m := []byte(string(raw))
			i := rng.IntN(len(m))
			switch rng.IntN(3) {
			case 0:
				m[i] = alphabet[rng.IntN(len(alphabet))]
			case 1:
				m = append(m[:i], m[i+1:]...)
			default:
				m = append(m[:i], append([]byte{alphabet[rng.IntN(len(alphabet))]}, m[i:]...)...)
			}
			texts = append(texts, string(m))
		}
		for k, s := range texts {
			got, ok := pointsFast(make([]int, 0, 8), s)
			var want []int
			err := json.Unmarshal([]byte(s), &want)
			if k == 0 && (!ok || err != nil) {
				t.Fatalf("%s: stored points not read by the fast path", s)
			}
			if ok {
				fast++
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("%s: fast %#v, encoding/json %#v (%v)", s, got, want, err)
				}
			}
			if full, ferr := decodePoints(s); (ferr == nil) != (err == nil) || (err == nil && !reflect.DeepEqual(full, want)) {
				t.Fatalf("%s: decodePoints %#v %v, encoding/json %#v %v", s, full, ferr, want, err)
			}
			// Into a slab already holding another round's points, which stay
			// (the slab grows by the points, or not at all when encoding/json read them).
			slab := append(make([]int, 0, 1+rng.IntN(6)), 77)
			into, rest, ierr := decodePointsInto(slab, s)
			if (ierr == nil) != (err == nil) || (err == nil && !reflect.DeepEqual(into, want)) || slab[0] != 77 ||
				ierr == nil && (len(rest) != 1 && len(rest) != 1+len(into) || rest[0] != 77) {
				t.Fatalf("%s: decodePointsInto %#v %v (slab after %v), encoding/json %#v %v", s, into, ierr, rest, want, err)
			}
		}
	}
	t.Logf("%d texts read by the fast path", fast)
}

// encodePoints writes what encoding/json writes.
func TestEncodePointsAgreesWithEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 3))
	cases := [][]int{nil, {}, {0}, {-9223372036854775808, 9223372036854775807}}
	for range 3000 {
		pts := make([]int, rng.IntN(11))
		for i := range pts {
			pts[i] = int(rng.Int64()) >> rng.IntN(64)
		}
		cases = append(cases, pts)
	}
	for _, pts := range cases {
		want, _ := json.Marshal(pts)
		if got := encodePoints(pts); got != string(want) {
			t.Fatalf("encodePoints(%#v) = %s, encoding/json %s", pts, got, want)
		}
		if got := mustJSON(pts); got != string(want) {
			t.Fatalf("mustJSON(%#v) = %s, encoding/json %s", pts, got, want)
		}
	}
}
