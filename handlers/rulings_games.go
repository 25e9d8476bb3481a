package handlers

import (
	"fmt"
	"strings"

	"github.com/tablekeeper/tablekeeper/views"
)

// The verdict of each game's referee page, in short, for a kept ruling:
// the reasons when the move is not allowed, what follows when it is, and the
// rules cited with the sheet's words.

func cite(id, sheet string) string {
	if sheet == "" {
		return id
	}
	return id + " — «" + sheet + "»"
}

func take5Ruling(rc RefereeCtx, v *views.T5Verdict) {
	var say, rules []string
	for _, vi := range v.Violations {
		say, rules = append(say, vi.Message), append(rules, cite(vi.Rule.ID, vi.Rule.Sheet))
	}
	if v.Legal {
		for _, st := range v.Steps {
			say = append(say, st.Why)
		}
		for _, r := range v.Rules {
			rules = append(rules, cite(r.ID, r.Sheet))
		}
	}
	rc.Rule(v.Legal, strings.Join(say, " "), rules...)
}

func takiRuling(rc RefereeCtx, v *views.TKVerdict) {
	var say, rules []string
	for _, c := range v.Violations {
		say, rules = append(say, strings.TrimSpace(c.Step+" "+c.Message)), append(rules, cite(c.ID, c.Sheet))
	}
	if v.Legal {
		say = append(say, v.Follows...)
		for _, c := range v.Applied {
			rules = append(rules, cite(c.ID, c.Sheet))
		}
	}
	rc.Rule(v.Legal, strings.Join(say, " "), rules...)
}

func takeFiveRuling(rc RefereeCtx, v *views.TFVerdict) {
	var say, rules []string
	for _, c := range v.Violations {
		say, rules = append(say, c.Why), append(rules, cite(c.ID, c.Sheet))
	}
	if v.Take != nil {
		say = append(say, fmt.Sprintf("%s %d (%s)", v.Take.Square, v.Take.Value, v.Take.Outcome))
		for _, c := range v.Take.Cites {
			say, rules = append(say, c.Why), append(rules, cite(c.ID, c.Sheet))
		}
	}
	rc.Rule(v.Legal, strings.Join(say, " "), rules...)
}

func fiveCrownsRuling(rc RefereeCtx, r *views.FCRResult) {
	var say, rules []string
	legal := r.Best.CanGoOut
	if d := r.Declared; d != nil {
		legal = d.Valid
		for _, m := range d.Melds {
			for _, c := range m.Violations {
				say, rules = append(say, m.Label+": "+c.Message), append(rules, cite(c.ID, c.Sheet))
			}
		}
		for _, c := range d.Other {
			say, rules = append(say, c.Message), append(rules, cite(c.ID, c.Sheet))
		}
	}
	say = append(say, views.T(rc.Ctx, "ruling.fc.best", "Penalty", r.Best.Penalty, "Out", views.T(rc.Ctx, fmt.Sprintf("ruling.fc.out.%v", r.Best.CanGoOut))))
	rc.Rule(legal, strings.Join(say, " "), rules...)
}
