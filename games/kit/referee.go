package kit

import (
	"context"
	"net/url"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// RefereePage is what a game with a dispute page provides: given the posted
// form (nil on a first visit), the whole page to show and its status (200,
// or 422 when the described table cannot occur). The page needs no login.
// A game without one does not implement it: no page, no link to it.
type RefereePage interface {
	Referee(rc RefereeCtx) (templ.Component, int)
	// RefereeSetup is the page's form as far as a match knows the table
	// (its players, how many rounds were played), for "settle a dispute".
	RefereeSetup(match store.Match, played int) url.Values
	// RuleBook is the rules the page cites, for a kept ruling's reader.
	RuleBook() []rulebook.Rule
}

// SeatsAt is the seats of match whose players still play its round number
// (1-based), in seat order: a referee opened from a match offers only them.
func SeatsAt(match store.Match, number int) []store.Seat {
	away := scoring.Away(match.AwayFrom(), number)
	if away == nil {
		return match.Seats
	}
	var out []store.Seat
	for i, st := range match.Seats {
		if !away[i] {
			out = append(out, st)
		}
	}
	return out
}

// RefereeCtx is a referee page request: the language and the posted form.
type RefereeCtx struct {
	Ctx  context.Context // carries the page language for views.T
	Lang string
	Form url.Values // the query on GET, the body on POST
	Post bool
	// Action is where the page's form posts: the referee page's own
	// address, built by route name.
	Action string
	// Ruling, when not nil, receives the verdict in short once the page has
	// judged a move (see rule), so it can be kept with a match.
	Ruling *Ruling
	// From is the match the page was opened from (nil for none): the page
	// draws the way back to it, and rule arms the offer to keep the verdict.
	From *views.RulingBar
}

// HouseRuleField is the form field of a house rule on every referee page.
func HouseRuleField(key string) string { return "rule." + key }

// HouseRulesPosted reads a referee page's house-rule switches: the last
// value of each declared field (a ticked box comes after its hidden "false").
// Rules the form does not mention are absent, so their defaults apply.
func HouseRulesPosted(form url.Values, decl []rulebook.HouseRule) map[string]string {
	given := map[string]string{}
	for _, h := range decl {
		if vs := form[HouseRuleField(h.Key)]; len(vs) > 0 {
			given[h.Key] = vs[len(vs)-1]
		}
	}
	return given
}

// HouseRuleFields are a game's switches with the values in force, for a page.
func HouseRuleFields(decl []rulebook.HouseRule, set rulebook.Settings, lang string) []views.HouseRuleField {
	out := make([]views.HouseRuleField, 0, len(decl))
	for _, h := range decl {
		out = append(out, views.HouseRuleField{Key: h.Key, Label: views.Messages().Say(lang, h.Statement()), Value: set[h.Key],
			Default: h.Default, Choices: h.Choices, IsBool: h.IsBool()})
	}
	return out
}

// WithHouseRules returns the referee form with the given house rules in
// force (a match's snapshot), whatever the form said.
func WithHouseRules(form url.Values, rules map[string]string) url.Values {
	out := url.Values{}
	for k, v := range form {
		if !strings.HasPrefix(k, "rule.") {
			out[k] = v
		}
	}
	for k, v := range rules {
		out.Set(HouseRuleField(k), v)
	}
	out.Set("rules_shown", "1")
	return out
}
