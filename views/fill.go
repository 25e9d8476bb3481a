package views

import (
	"strconv"
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// filler is a message whose text only puts arguments in ("{{.Author}}
// saved round {{.Round}}"): no plural forms, no other template action.
// Filled here, it gives what go-i18n's text/template gives, for a fraction
// of the cost; a page asks for such messages with ever new arguments (a
// round's points, who saved it), which the kept messages cannot spare.
// TestFillersGiveWhatGoI18nGives holds them equal for every message.
type filler struct {
	text   []string // literal parts, one more than fields
	fields []string
}

// newFiller is m's filler, or nil when m needs go-i18n: plural forms,
// its own delimiters, or any action but a field.
func newFiller(m *i18n.Message) *filler {
	if m.Zero != "" || m.One != "" || m.Two != "" || m.Few != "" || m.Many != "" ||
		m.LeftDelim != "" || m.RightDelim != "" || !strings.Contains(m.Other, "{{") {
		return nil
	}
	f := &filler{}
	rest := m.Other
	for {
		open := strings.Index(rest, "{{")
		if open < 0 {
			if strings.Contains(rest, "}}") {
				return nil
			}
			f.text = append(f.text, rest)
			return f
		}
		end := strings.Index(rest[open:], "}}")
		if end < 0 || strings.Contains(rest[:open], "}}") {
			return nil
		}
		field := strings.TrimSpace(rest[open+2 : open+end])
		if !isField(field) {
			return nil
		}
		f.text = append(f.text, rest[:open])
		f.fields = append(f.fields, field[1:])
		rest = rest[open+end+2:]
	}
}

// isField reports whether action is ".Name", a field and nothing else.
func isField(action string) bool {
	if len(action) < 2 || action[0] != '.' {
		return false
	}
	for i, c := range action[1:] {
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// fill puts args (name, value pairs, as T takes them) into the text; false
// when a field has no argument, or one of a type text/template could print
// otherwise: then go-i18n answers.
func (f *filler) fill(args []any) (string, bool) {
	var b strings.Builder
	n := 0
	for _, t := range f.text {
		n += len(t)
	}
	b.Grow(n + 16*len(f.fields))
	for i, field := range f.fields {
		b.WriteString(f.text[i])
		v, ok := argNamed(args, field)
		if !ok {
			return "", false
		}
		switch v := v.(type) {
		case string:
			b.WriteString(v)
		case int:
			b.WriteString(strconv.Itoa(v))
		default:
			return "", false
		}
	}
	b.WriteString(f.text[len(f.text)-1])
	return b.String(), true
}

// argNamed is the value of the argument name, the last one given (as in
// the map go-i18n is handed).
func argNamed(args []any, name string) (v any, found bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if k, ok := args[i].(string); ok && k == name {
			v, found = args[i+1], true
		}
	}
	return v, found
}
