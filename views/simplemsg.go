package views

import (
	"strconv"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// simpleMsg is a message with one form whose only template actions are
// fields ("Round {{.Round}} ({{.Cards}} cards)"): T fills it without
// text/template, which cost a scoresheet one template run per round label
// (a sixth of building a finished match's page). Anything else goes through
// go-i18n as before.
type simpleMsg struct {
	text []string // text[0] field[0] text[1] field[1] … text[n]
	keys []string
}

// parseSimple reads m as a simpleMsg, if it is one: only an Other form (so a
// count picks nothing), default delimiters, and every {{…}} a plain field.
func parseSimple(m *i18n.Message) (simpleMsg, bool) {
	if m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != "" ||
		m.LeftDelim != "" || m.RightDelim != "" || m.Other == "" {
		return simpleMsg{}, false
	}
	var sm simpleMsg
	rest := m.Other
	for {
		i := strings.Index(rest, "{{")
		if i < 0 {
			if strings.Contains(rest, "}}") {
				return simpleMsg{}, false
			}
			sm.text = append(sm.text, rest)
			return sm, true
		}
		j := strings.Index(rest[i:], "}}")
		if j < 0 {
			return simpleMsg{}, false
		}
		field := rest[i+2 : i+j]
		if !isField(field) || strings.Contains(rest[:i], "}}") {
			return simpleMsg{}, false
		}
		sm.text = append(sm.text, rest[:i])
		sm.keys = append(sm.keys, field[1:])
		rest = rest[i+j+2:]
	}
}

// isField reports whether an action is ".Name" and nothing else (no spaces,
// trim markers, pipes or calls).
func isField(action string) bool {
	if len(action) < 2 || action[0] != '.' {
		return false
	}
	for i, r := range action[1:] {
		letter := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// fill writes the message with args (key, value pairs as T takes them). It
// declines (false) when a field has no value or a value is not a string or
// an int, leaving those to text/template.
func (sm simpleMsg) fill(args []any) (string, bool) {
	// The values first, then the text in one allocation (a round label per
	// round: growing a Builder took three).
	var vals [4]any
	values := vals[:0]
	var digits [24]byte
	size := len(sm.text[len(sm.text)-1])
	for i, key := range sm.keys {
		var v any
		for a := 0; a+1 < len(args); a += 2 { // the last value of a key, as in a map
			if k, ok := args[a].(string); ok && k == key {
				v = args[a+1]
			}
		}
		switch v := v.(type) {
		case string:
			size += len(v)
		case int:
			size += len(strconv.AppendInt(digits[:0], int64(v), 10))
		default: // nil when not found
			return "", false
		}
		values = append(values, v)
		size += len(sm.text[i])
	}
	var b strings.Builder
	b.Grow(size)
	for i, v := range values {
		b.WriteString(sm.text[i])
		switch v := v.(type) {
		case string:
			b.WriteString(v)
		case int:
			b.Write(strconv.AppendInt(digits[:0], int64(v), 10))
		}
	}
	b.WriteString(sm.text[len(sm.text)-1])
	return b.String(), true
}
