package views

import (
	"context"
	"testing"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

type i18nMessage = i18n.Message

// TestFillersGiveWhatGoI18nGives: every message T fills itself reads, in
// both languages, exactly as go-i18n's template makes it, with strings
// (markup and template-like text included) and numbers.
func TestFillersGiveWhatGoI18nGives(t *testing.T) {
	tr, err := NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	values := []any{`Zoé <b>&amp;</b> "{{.X}}"`, 0, 1, 2, -7, 12, "", "Ana 0, Ben 12"}
	for _, lang := range []string{"en", "fr"} {
		msgs := tr.langs[lang]
		n := 0
		for id, f := range msgs.fillers {
			if f == nil {
				continue
			}
			n++
			for k := range values {
				var args []any
				given := map[string]bool{}
				for i, field := range f.fields {
					if !given[field] { // a field may appear twice in the text
						given[field] = true
						args = append(args, field, values[(k+i)%len(values)])
					}
				}
				got, ok := f.fill(args)
				if !ok {
					t.Errorf("%s %s: not filled with %v", lang, id, args)
					continue
				}
				if want := translate(msgs, id, args); got != want {
					t.Errorf("%s %s with %v:\n got %q\nwant %q", lang, id, args, got, want)
				}
			}
		}
		if n < 20 {
			t.Errorf("%s: only %d messages filled without go-i18n", lang, n)
		}
	}
	// The message a save's answer fills each time, with the round's points.
	ctx := WithEnv(context.Background(), tr.NewEnv("fr", "/", "", "", ""))
	if tr.langs["fr"].fillers["match.savedby"] == nil {
		t.Fatal("match.savedby is not filled without go-i18n")
	}
	got := T(ctx, "match.savedby", "Author", "Zoé", "Round", 3, "Points", "Ana 0, Ben 12")
	if want := translate(tr.langs["fr"], "match.savedby", []any{"Author", "Zoé", "Round", 3, "Points", "Ana 0, Ben 12"}); got != want {
		t.Errorf("T: %q, go-i18n %q", got, want)
	}
}

// TestFillerFallsBack: a message with plural forms, or T called without one
// of its fields or with a value text/template may print otherwise, is left
// to go-i18n.
func TestFillerFallsBack(t *testing.T) {
	tr, err := NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	f := tr.langs["en"].fillers["match.savedby"]
	if _, ok := f.fill([]any{"Author", "Zoé", "Round", 3}); ok {
		t.Error("filled without Points")
	}
	if _, ok := f.fill([]any{"Author", "Zoé", "Round", 3.5, "Points", ""}); ok {
		t.Error("filled a float")
	}
	for _, text := range []string{"{{.A}} {{if .B}}x{{end}}", "{{ .A | printf }}", "{{.A.B}}", "a }} b {{.A}}", "{{.A"} {
		if newFiller(&i18nMessage{Other: text}) != nil {
			t.Errorf("%q: filled without go-i18n", text)
		}
	}
	if newFiller(&i18nMessage{Other: "{{.N}} card", One: "{{.N}} card"}) != nil {
		t.Error("a plural message filled without go-i18n")
	}
}
