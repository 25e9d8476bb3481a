package views

import (
	"strings"
	"unicode"
)

// shortNames are the column heads of a big table's round table (seven
// players on: issue 37, the table fits a 360 px phone): each name cut to a
// few letters, told apart from the others'. A name of several parts gives
// its initials ("Anne-Sophie" → "AS"), a name of one part its first three
// letters ("Dimitri" → "Dim"); two that would read the same take a letter
// more each, up to the whole name. The full name stays in the head's
// title and for screen readers.
func shortNames(names []string) []string {
	level := make([]int, len(names))
	out := make([]string, len(names))
	for {
		for i, n := range names {
			out[i] = shortName(n, level[i])
		}
		clash := false
		seen := map[string][]int{}
		for i, s := range out {
			k := strings.ToLower(s)
			seen[k] = append(seen[k], i)
		}
		for _, at := range seen {
			if len(at) < 2 {
				continue
			}
			for _, i := range at {
				if out[i] != names[i] {
					level[i]++
					clash = true
				}
			}
		}
		if !clash {
			return out
		}
	}
}

// shortName is name cut at level (0 the shortest); the whole name once
// no cut is shorter.
func shortName(name string, level int) string {
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == ' ' || r == '.' || r == '\'' })
	var s string
	if len(parts) > 1 && level == 0 {
		for _, p := range parts {
			s += string(upperFirst(p))
		}
	} else {
		first := []rune(name)
		if len(parts) > 1 {
			level-- // after the initials, the first part's letters
		}
		n := 3 + level
		s = name
		if n < len(first) {
			s = strings.TrimRightFunc(string(first[:n]), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
		}
	}
	if len([]rune(s)) >= len([]rune(name)) {
		return name
	}
	return s
}

func upperFirst(p string) rune {
	for _, r := range p {
		return unicode.ToUpper(r)
	}
	return 0
}

// short is seat i's column head at a big table (shortNames).
func (s Scoresheet) short(i int) string {
	if all := shortNames(s.Names); i < len(all) {
		return all[i]
	}
	return ""
}
