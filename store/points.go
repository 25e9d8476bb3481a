package store

import (
	"encoding/json"
	"strconv"
)

// decodePoints reads a round's stored points ("[12,0,-5]", as encoding/json
// writes them) without encoding/json when it can: a scoresheet reads every
// round's points, and the general decoder was a third of reading them.
// Anything else (spaces, a null, a number with a fraction) is read by
// encoding/json, so the result is the same.
func decodePoints(s string) ([]int, error) {
	if out, ok := pointsFast(make([]int, 0, 8), s); ok {
		return out, nil
	}
	var out []int
	err := json.Unmarshal([]byte(s), &out)
	return out, err
}

// decodePointsInto is decodePoints appending the points to slab (a
// scoresheet's rounds share one array): it returns them, capped so that an
// append to them cannot reach the next round's, and the slab after them.
func decodePointsInto(slab []int, s string) (points, rest []int, err error) {
	start := len(slab)
	if out, ok := pointsFast(slab, s); ok {
		return out[start:len(out):len(out)], out, nil
	}
	points, err = decodePoints(s)
	return points, slab, err
}

// pointsFast appends the points of s to out.
func pointsFast(out []int, s string) ([]int, bool) {
	if len(s) < 2 || s[0] != '[' || s[len(s)-1] != ']' {
		return nil, false
	}
	if len(s) == 2 {
		return out, true
	}
	for i := 1; i < len(s); i++ { // s[i] starts a number; after it, ',' or the closing ']'
		j := i
		if s[j] == '-' {
			j++
		}
		d := j
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if n := j - d; n == 0 || n > 18 || (n > 1 && s[d] == '0') || (s[j] != ',' && s[j] != ']') {
			return nil, false
		}
		v, err := strconv.Atoi(s[i:j])
		if err != nil {
			return nil, false
		}
		out = append(out, v)
		if s[j] == ']' {
			return out, j == len(s)-1
		}
		i = j
	}
	return nil, false
}

// encodePoints writes points as encoding/json does ("[12,0,-5]", "null" for
// none): every save and revision stores them, and the general encoder's
// reflection cost more than the numbers.
func encodePoints(p []int) string {
	if p == nil {
		return "null"
	}
	b := make([]byte, 0, 2+len(p)*4)
	b = append(b, '[')
	for i, v := range p {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(v), 10)
	}
	return string(append(b, ']'))
}
