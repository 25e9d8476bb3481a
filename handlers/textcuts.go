package handlers

// textCuts makes many short strings (a scoresheet's links, its chart's
// numbers) with a few allocations instead of one or two each: they are
// appended into one buffer, each closed by cut, and strings gives them all
// as slices of one string.
type textCuts struct {
	b    []byte
	ends []int
}

func newTextCuts(bytes, n int) *textCuts {
	return &textCuts{b: make([]byte, 0, bytes), ends: make([]int, 0, n)}
}

// cut ends the text appended since the last cut.
func (t *textCuts) cut() { t.ends = append(t.ends, len(t.b)) }

// strings is every text cut, in order.
func (t *textCuts) strings() []string {
	all := string(t.b)
	out := make([]string, len(t.ends))
	start := 0
	for i, end := range t.ends {
		out[i], start = all[start:end], end
	}
	return out
}
