package views

import (
	"context"

	"regexp"
	"testing"
)

// T fills simple messages itself; every message must read the same as
// go-i18n writes it, in both languages, with strings, numbers (negative and
// zero, for the plural forms), a value missing and a value of another type.
func TestSimpleMessagesReadAsGoI18nWrites(t *testing.T) {
	tr, err := NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	field := regexp.MustCompile(`{{\s*\.(\w+)\s*}}`)
	fast := 0
	for _, lang := range []string{"en", "fr"} {
		ctx := WithEnv(context.Background(), tr.NewEnv(lang, "/", "", "", ""))
		slowEnv := tr.NewEnv(lang, "/", "", "", "")
		slowEnv.msgs = &messages{loc: tr.langs[lang].loc} // go-i18n alone
		slow := WithEnv(context.Background(), slowEnv)
		for id, text := range loadIDs(t, lang) {
			if _, ok := tr.langs[lang].simple[id]; ok {
				fast++
			}
			var keys []string
			for _, m := range field.FindAllStringSubmatch(text, -1) {
				keys = append(keys, m[1])
			}
			keys = append(keys, "N", "Unused")
			for _, vals := range [][]any{{"Zoé & <b>", 7}, {0, "x"}, {1, -3}, {2.5, 12}, {nil, 1}} {
				var args []any
				for i, k := range keys {
					if v := vals[i%len(vals)]; v != nil || i > 0 {
						args = append(args, k, v)
					}
				}
				args = append(args, keys[0], vals[len(vals)-1]) // a key given twice: the last counts
				if got, want := T(ctx, id, args...), T(slow, id, args...); got != want {
					t.Errorf("%s %s %v: %q, go-i18n writes %q", lang, id, args, got, want)
				}
			}
		}
	}
	if fast < 50 {
		t.Errorf("only %d messages are filled without text/template", fast)
	}
}

// T keeps the messages whose only argument is a count: asked again, every
// message reads as go-i18n writes it, in both languages, for counts across
// the plural forms and past the kept range.
func TestCountedMessagesKeptReadAsGoI18nWrites(t *testing.T) {
	tr, err := NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "fr"} {
		ctx := WithEnv(context.Background(), tr.NewEnv(lang, "/", "", "", ""))
		slow := &messages{loc: tr.langs[lang].loc} // go-i18n alone
		for id := range loadIDs(t, lang) {
			for _, n := range []int{minKept - 1, -2, -1, 0, 1, 2, 3, 11, 21, maxKept, maxKept + 1} {
				want := translate(slow, id, []any{"N", n})
				for range 2 { // the second time from what was kept
					if got := T(ctx, id, "N", n); got != want {
						t.Fatalf("%s %s N=%d: %q, go-i18n writes %q", lang, id, n, got, want)
					}
				}
			}
		}
		if len(tr.langs[lang].counted) == 0 {
			t.Errorf("%s: no count was kept", lang)
		}
	}
}
