package store

import (
	"strings"
	"testing"
)

func TestCheckName(t *testing.T) {
	for name, want := range map[string]string{
		"Ana": "", "  Chloé  ": "", "👩‍👩‍👧": "", "سارة": "", "=HYPERLINK(1)": "", strings.Repeat("é", MaxNameLen): "",
		"": NameRequired, " \t ": NameRequired, "\u200b": NameRequired, "\ufeff\u200d": NameRequired,
		strings.Repeat("a", MaxNameLen+1): NameTooLong,
		"a\xff":                           NameEncoding, "\xc3": NameEncoding,
		"a\x00b": NameControl, "a\nb": NameControl, "a\x7fb": NameControl, "a\u0085b": NameControl, "a\u2029b": NameControl,
		"a\u202eb": NameBidi, "a\u202ab": NameBidi, "\u2066a": NameBidi, "a\u2069": NameBidi, "a\u200e": NameBidi, "a\u200f": NameBidi, "a\u061c": NameBidi,
	} {
		got, why := CheckName(name)
		if why != want {
			t.Errorf("CheckName(%q) refuses %q, want %q", name, why, want)
		}
		if why == "" && got != strings.TrimSpace(name) {
			t.Errorf("CheckName(%q) = %q, want it trimmed", name, got)
		}
	}
}
