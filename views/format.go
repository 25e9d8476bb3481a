package views

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

func Capitalize(v string) string {
	r, n := utf8.DecodeRuneInString(v)
	return string(unicode.ToUpper(r)) + v[n:]
}

// Number formats: French writes a decimal comma; negative numbers get a
// true minus sign, as itoa does.
func DecText(lg string, v float64, prec int) string {
	out := strconv.FormatFloat(math.Abs(v), 'f', prec, 64)
	if lg == "fr" {
		out = strings.Replace(out, ".", ",", 1)
	}
	if v < 0 && strings.Trim(out, "0.,") != "" {
		out = "−" + out
	}
	return out
}

func PctText(lg string, v float64) string {
	n := int(math.Round(v * 100))
	if lg == "fr" {
		return strconv.Itoa(n) + "\u202f%"
	}
	return strconv.Itoa(n) + "%"
}

// ChangeText writes a rating change with its sign, "" when it rounds to zero.
func ChangeText(lg string, v float64) (string, int) {
	out := DecText(lg, v, 1)
	switch {
	case strings.Trim(out, "0.,−") == "":
		return "", 0
	case v > 0:
		return "+" + out, 1
	}
	return out, -1
}

func IntText(n int) string {
	var buf [24]byte
	return string(appendInt(buf[:0], n))
}

// AppendIntText appends IntText(n) to b.
func AppendIntText(b []byte, n int) []byte { return appendInt(b, n) }

// appendInt writes n with a true minus sign (−), the smallest int included
// (a saturated total: −n would overflow).
func appendInt(b []byte, n int) []byte {
	if n < 0 {
		return strconv.AppendUint(append(b, "−"...), uint64(-(n+1))+1, 10)
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// DayText writes a date the way people read it: 2 Jan 2026, 2 janv. 2026.
func DayText(lg string, t time.Time) string {
	if lg == "fr" {
		return fmt.Sprintf("%s %s %d", dayOfMonth("fr", t.Day()), months["fr"][t.Month()-1], t.Year())
	}
	return t.Format("2 Jan 2006")
}

// ShortDay is a chart label: 2 Jan, 2 janv.
func ShortDay(lg string, t time.Time) string {
	if lg == "fr" {
		return fmt.Sprintf("%s %s", dayOfMonth("fr", t.Day()), months["fr"][t.Month()-1])
	}
	return t.Format("2 Jan")
}

var months = map[string][12]string{
	"en": {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	"fr": {"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."},
}

// HumanTime writes a moment as people at the table read it: "22 Nov 2026,
// 20:15" or "22 nov. 2026, 20:15", in t's location (the pages' time zone).
func HumanTime(t time.Time, lang string) string {
	m, ok := months[lang]
	if !ok {
		m = months["en"]
	}
	return fmt.Sprintf("%s %s %d, %02d:%02d", dayOfMonth(lang, t.Day()), m[t.Month()-1], t.Year(), t.Hour(), t.Minute())
}

// dayOfMonth writes a day of the month: French writes the first "1er"
// (1er janv.), every other day as its number.
func dayOfMonth(lang string, day int) string {
	if lang == "fr" && day == 1 {
		return "1er"
	}
	return strconv.Itoa(day)
}

// elide writes French elision before a name or a word that begins with a
// vowel or a mute h: "de Ana" becomes "d'Ana", "que Inès" "qu'Inès". It
// looks only where an argument (args, a message's strings) was put in
// after "de" or "que", so a sentence's own words are left as written.
func elide(s string, args []string) string {
	for _, a := range args {
		if !elides(a) {
			continue
		}
		for _, w := range [...]string{"de ", "De ", "que ", "Que "} {
			s = elideBefore(s, w, a)
		}
	}
	return s
}

// elideBefore turns each word w (with its space) that stands right before
// arg into its elided form (w without its last vowel, then an apostrophe).
func elideBefore(s, w, arg string) string {
	pat := w + arg
	var b strings.Builder
	for {
		i := strings.Index(s, pat)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		if i > 0 { // a word of its own, not the end of another ("monde Ana")
			r, _ := utf8.DecodeLastRuneInString(s[:i])
			if unicode.IsLetter(r) {
				b.WriteString(s[:i+len(pat)])
				s = s[i+len(pat):]
				continue
			}
		}
		b.WriteString(s[:i])
		b.WriteString(w[:len(w)-2] + "'")
		s = s[i+len(w):]
	}
}

// elides reports whether a word takes elision before it: it begins with a
// vowel (accented or not) or an h, which names treat as mute.
func elides(word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	return strings.ContainsRune("aeiouyhàâäéèêëîïôöùûüœæAEIOUYHÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ", r)
}

// ScoreText is a score kept as text ("4.5", "-3", "" for none) as the
// language writes a number: "4,5", "−3".
func ScoreText(lg, s string) string {
	if lg == "fr" {
		s = strings.Replace(s, ".", ",", 1)
	}
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		s = "−" + rest
	}
	return s
}

// cell is seat i's number: shown[i] when shown holds the seats' texts, else v.
func cell(shown []string, i, v int) string {
	if i < len(shown) {
		return shown[i]
	}
	return itoa(v)
}
