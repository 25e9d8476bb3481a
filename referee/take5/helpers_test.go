package take5

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// singles lays a starting circle: one card per row, clockwise.
func singles(finals ...int) Circle {
	rows := make([]Row, len(finals))
	for i, f := range finals {
		rows[i] = Row{Cards: []int{f}}
	}
	return NewCircle(rows)
}

// table builds a circle from rows written as card lists.
func table(rows ...[]int) Circle {
	rs := make([]Row, len(rows))
	for i, cards := range rows {
		rs[i] = Row{Cards: cards}
	}
	return NewCircle(rs)
}

func withX2(c Circle, indexes ...int) Circle {
	for _, i := range indexes {
		c[c.Find(i)].X2 = true
	}
	return c
}

func withPlus5(c Circle, indexes ...int) Circle {
	for _, i := range indexes {
		c[c.Find(i)].Plus5 = true
	}
	return c
}

// fmtSteps writes steps as "35@0 42@1!" ("!" for a pickup).
func fmtSteps(steps []Step) string {
	var parts []string
	for _, s := range steps {
		w := fmt.Sprint(s.Card)
		if s.Special != "" {
			w = string(s.Special)
		}
		w += fmt.Sprintf("@%d", s.Row)
		if s.Pickup {
			w += "!"
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, " ")
}

// fmtRows writes rows as "0:[23 35] 2:[49]x2+5".
func fmtRows(c Circle) string {
	var parts []string
	for _, r := range c {
		w := fmt.Sprintf("%d:%v", r.Index, r.Cards)
		if r.X2 {
			w += "x2"
		}
		if r.Plus5 {
			w += "+5"
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, " ")
}

// fmtPickups writes pickups as "1:[20 35 37 39 42]x2".
func fmtPickups(ps []Pickup) string {
	var parts []string
	for _, p := range ps {
		w := fmt.Sprintf("%d:%v", p.Row, p.Cards)
		if p.X2 {
			w += "x2"
		}
		if p.Plus5 {
			w += "+5"
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, " ")
}

// fmtViolations writes violations as "take5.forced-row@1".
func fmtViolations(vs []rulebook.Violation) string {
	var parts []string
	for _, v := range vs {
		parts = append(parts, fmt.Sprintf("%s@%d", v.Rule, v.Step))
	}
	return strings.Join(parts, " ")
}

// wantInputError fails unless err is an *rulebook.InputError on field with
// both languages filled in.
func wantInputError(t *testing.T, name string, err error, field string) {
	t.Helper()
	var ie *rulebook.InputError
	switch {
	case !errors.As(err, &ie):
		t.Errorf("%s: error = %v, want an input error on %s", name, err, field)
	case ie.Field != field:
		t.Errorf("%s: error field = %q (%s), want %q", name, ie.Field, says(ie).EN, field)
	case !says(ie).IsSentence():
		t.Errorf("%s: error message = %+v, want a sentence in English and French", name, says(ie))
	}
}

var (
	defaults   = rulebook.Defaults(HouseRules)
	endsOnTake = func() rulebook.Settings {
		s, _ := rulebook.Resolve(HouseRules, map[string]string{HousePickupEndsTurn: "true"})
		return s
	}()
)
