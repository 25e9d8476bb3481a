package views

import (
	"math"
	"testing"
)

// Numbers carry a true minus sign, the most negative ones included (a
// total saturated at the smallest int is written, not overflowed).
func TestIntTextWritesEveryInt(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", -7: "−7", math.MaxInt64: "9223372036854775807", math.MinInt64: "−9223372036854775808"} {
		if got := IntText(n); got != want {
			t.Errorf("IntText(%d) = %q, want %q", n, got, want)
		}
		if got := string(AppendIntText(nil, n)); got != want {
			t.Errorf("AppendIntText(%d) = %q, want %q", n, got, want)
		}
	}
}
