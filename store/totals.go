package store

import (
	"math"
	"math/bits"
	"strconv"
)

// totalsOf sums the live rounds' points per seat, as the totals column keeps
// them. The sum is exact (128 bits) and then saturates at the integer range,
// like the PostgreSQL statement that computed it before (numeric, then
// clamped); SQLite's summed in floating point, which agrees wherever a sum
// stays under 2^53 (every score a game allows) and saturates the same way.
// Computing it here from the rounds the write transaction has just read
// spares the database a second pass over every round's JSON.
func totalsOf(rounds []Round) []int64 {
	type wide struct {
		hi int64
		lo uint64
	}
	var sums []wide
	for _, r := range rounds {
		if r.Undone() {
			continue
		}
		for seat, p := range r.Points {
			for seat >= len(sums) {
				sums = append(sums, wide{})
			}
			s := &sums[seat]
			var carry uint64
			s.lo, carry = bits.Add64(s.lo, uint64(int64(p)), 0)
			s.hi += int64(carry)
			if p < 0 {
				s.hi-- // the sign extension of a negative addend
			}
		}
	}
	out := make([]int64, len(sums))
	for i, s := range sums {
		switch {
		case s.hi > 0 || s.hi == 0 && s.lo > math.MaxInt64:
			out[i] = math.MaxInt64
		case s.hi < -1 || s.hi == -1 && s.lo < 1<<63:
			out[i] = math.MinInt64
		default:
			out[i] = int64(s.lo)
		}
	}
	return out
}

// totalsJSON writes totals as the JSON array the totals statement reads
// (dialect.setTotals): one number per seat.
func totalsJSON(totals []int64) string {
	b := make([]byte, 0, 2+len(totals)*6)
	b = append(b, '[')
	for i, t := range totals {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, t, 10)
	}
	return string(append(b, ']'))
}

// totalWidth is the width of one seat's field in totalsFixed: the longest
// int64, -9223372036854775808, has 20 characters.
const (
	totalWidth    = 20
	totalWidthSQL = "20"
)

// totalsFixed writes totals as SQLite's totals statement reads them
// (dialect.setTotals): seat i's number right-aligned in characters
// [20i, 20i+20), padded with spaces, which CAST(… AS INTEGER) skips. A seat
// past the end reads the empty string: 0.
func totalsFixed(totals []int64) string {
	b := make([]byte, 0, len(totals)*totalWidth)
	var num [totalWidth]byte
	for _, t := range totals {
		n := strconv.AppendInt(num[:0], t, 10)
		for range totalWidth - len(n) {
			b = append(b, ' ')
		}
		b = append(b, n...)
	}
	return string(b)
}
