package handlers

import (
	"fmt"
	"time"
)

var months = map[string][12]string{
	"en": {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	"fr": {"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."},
}

// humanTime writes a moment as people at the table read it: "22 Nov 2026,
// 20:15" or "22 nov. 2026, 20:15" (in UTC: the group has no time zone yet).
func humanTime(t time.Time, lang string) string {
	m, ok := months[lang]
	if !ok {
		m = months["en"]
	}
	t = t.UTC()
	return fmt.Sprintf("%d %s %d, %02d:%02d", t.Day(), m[t.Month()-1], t.Year(), t.Hour(), t.Minute())
}
