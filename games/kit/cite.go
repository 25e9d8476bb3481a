package kit

import (
	"context"
	"slices"
	"strings"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

// Every referee page cites the rules of its game's catalogue the same way,
// and a ruling kept with a match is summed up from those same citations:
// a game only says which rules apply and why.

// CiteRule quotes rule id of a game's catalogue: the sheet's words (without
// the sheet's bold marks) and the rule stated plainly, which the page says
// in its reader's language. An id the catalogue lacks is still cited by its
// id, so a verdict never loses it.
func CiteRule(rules []rulebook.Rule, id string) views.Cited {
	r, ok := rulebook.Find(rules, id)
	if !ok {
		return views.Cited{ID: id}
	}
	return views.Cited{ID: r.ID, Sheet: strings.ReplaceAll(r.Sheet, "**", ""), Text: r.Statement()}
}

// CiteBroken quotes the rule a violation breaks, with why in this case (in
// the page's language, from ctx) and step, the card or move at fault as the
// page names it ("" for none).
func CiteBroken(ctx context.Context, rules []rulebook.Rule, vi rulebook.Violation, step string) views.Cited {
	c := CiteRule(rules, vi.Rule)
	c.Message, c.Step = views.Say(ctx, vi.Message), step
	return c
}

// Ruling is a verdict in short: whether the move was legal, what the page
// said, the rules it cited ("id — «sheet words»", and their ids), and the
// engine request it judged (what the API would take).
type Ruling struct {
	Legal   bool
	Summary string
	Rules   []string
	RuleIDs []string
	Request any
}

// judged records the engine request a referee page judged, for a ruling
// kept with a match (call it before rule).
func (rc RefereeCtx) Judged(req any) {
	if rc.Ruling != nil {
		rc.Ruling.Request = req
	}
}

// rule records the verdict a referee page reached, for a ruling kept with a
// match (a no-op when nobody asked): the reason of each citation, then what
// follows, and every rule cited.
func (rc RefereeCtx) Rule(legal bool, cited []views.Cited, follows ...string) {
	if rc.From != nil { // judged: the verdict may be kept with the match
		rc.From.Form = rc.Form.Encode()
	}
	if rc.Ruling == nil {
		return
	}
	var say, rules, ids []string
	for _, c := range cited {
		if c.Message != "" {
			say = append(say, strings.TrimPrefix(c.Step+" — "+c.Message, " — "))
		}
		line := c.ID
		if c.Sheet != "" {
			line += " — «" + c.Sheet + "»"
		}
		rules = append(rules, line)
		if !slices.Contains(ids, c.ID) {
			ids = append(ids, c.ID)
		}
	}
	*rc.Ruling = Ruling{Legal: legal, Summary: strings.Join(append(say, follows...), " "), Rules: rules, RuleIDs: ids,
		Request: rc.Ruling.Request}
}
