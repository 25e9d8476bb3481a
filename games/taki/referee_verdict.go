package taki

import (
	"slices"
	"sort"

	"github.com/tablekeeper/tablekeeper/games/kit"
	tk "github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

// verdict says whether the turn is legal, why not, and what follows.
func (g Taki) verdict(rc kit.RefereeCtx, s tk.State, hand []tk.Card, t tk.Turn, r tk.Result, set rulebook.Settings) TKVerdict {
	ctx := rc.Ctx
	v := TKVerdict{Legal: r.Legal}
	for _, id := range set.Changed(tk.HouseRules) {
		for _, h := range tk.HouseRules {
			if h.Key == id {
				d := views.Say(ctx, h.Statement())
				if !h.IsBool() {
					d += " = " + set.Get(id)
				}
				v.HouseRules = append(v.HouseRules, d)
			}
		}
	}
	if !r.Legal {
		for _, vi := range r.Violations {
			step := ""
			if vi.Step >= 0 && vi.Step < len(t.Play) {
				step = views.T(ctx, "tkr.step", "N", vi.Step+1, "Card", views.Say(ctx, t.Play[vi.Step].Name()))
			}
			v.Violations = append(v.Violations, kit.CiteBroken(ctx, tk.Rules, vi, step))
		}
		return v
	}
	cur := takiName(rc.Form, s.Current)
	say := func(id string, args ...any) { v.Follows = append(v.Follows, views.T(ctx, id, args...)) }
	if r.RoundOver {
		say("tkr.f.roundover", "Player", cur)
	}
	if r.HandsPassed != tk.NoSide {
		say("tkr.f.passed." + r.HandsPassed.String())
	}
	players := make([]int, 0, len(r.Draws))
	for p := range r.Draws {
		players = append(players, p)
	}
	sort.Ints(players)
	for _, p := range players {
		say("tkr.f.draws", "Player", takiName(rc.Form, p), "N", r.Draws[p])
	}
	for _, p := range r.Penalized {
		say("tkr.f.penalized", "Player", takiName(rc.Form, p), "N", set.Int(tk.HRLastCardPenalty))
	}
	for _, p := range r.Skipped {
		say("tkr.f.skipped", "Player", takiName(rc.Form, p))
	}
	if !r.RoundOver {
		next := takiName(rc.Form, r.Next)
		if r.Next == s.Current {
			say("tkr.f.again", "Player", next)
		} else {
			say("tkr.f.next", "Player", next)
		}
		way := views.T(ctx, "tkr.cw")
		if r.Direction == tk.CounterClockwise {
			way = views.T(ctx, "tkr.ccw")
		}
		if r.Direction != s.Direction {
			say("tkr.f.reversed", "Way", way)
		} else {
			say("tkr.f.way", "Way", way)
		}
		after := r.State
		switch {
		case after.Top.Kind == tk.Crazy && set.Bool(tk.HRCrazyAnyColour): // the sheet: any colour may follow
			say("tkr.f.crazyany", "Card", views.Say(ctx, after.Top.Name()))
		case after.Colour != tk.NoColour:
			say("tkr.f.colour", "Card", views.Say(ctx, after.Top.Name()), "Colour", views.Say(ctx, after.Colour.Name()))
		}
		if after.PendingDraw > 0 {
			say("tkr.f.pending", "Player", next, "N", after.PendingDraw)
		}
		ranTaki := s.OpenTaki != tk.NoColour || slices.ContainsFunc(t.Play, func(c tk.Card) bool { return c.Kind == tk.Taki || c.Kind == tk.SuperTaki })
		switch {
		case after.OpenTaki != tk.NoColour:
			say("tkr.f.open", "Colour", views.Say(ctx, after.OpenTaki.Name()), "Player", next)
		case ranTaki:
			say("tkr.f.closed")
		}
		for _, p := range after.SilentOneCard {
			say("tkr.f.silent", "Player", takiName(rc.Form, p), "N", set.Int(tk.HRLastCardPenalty))
		}
	}
	for _, id := range takiApplied(s, t, r) {
		v.Applied = append(v.Applied, kit.CiteRule(tk.Rules, id))
	}
	return v
}

// takiApplied lists the rules that decided a legal turn's outcome, the
// deciding one first.
func takiApplied(s tk.State, t tk.Turn, r tk.Result) []string {
	var ids []string
	add := func(id string) {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	n := len(t.Play)
	switch {
	case r.RoundOver:
		add(tk.RuleRoundEnd)
	case t.Draw:
		if s.PendingDraw > 0 || (s.Opening && s.Top.Kind == tk.Plus2) {
			add(tk.RulePlus2)
		}
		add(tk.RuleTurn)
	case n >= 2 && t.Play[n-1].Kind == tk.Number && t.Play[n-1].Value == 3 && t.Play[n-2].Kind == tk.Plus && t.Play[n-2].Colour == t.Play[n-1].Colour:
		add(tk.RulePlus3)
	default:
		switch t.Play[n-1].Kind {
		case tk.Plus2:
			add(tk.RulePlus2)
		case tk.Stop:
			add(tk.RuleStop)
		case tk.Direction:
			add(tk.RuleDirection)
		case tk.ChangeColour:
			add(tk.RuleColour)
		case tk.Crazy:
			add(tk.RuleCrazy)
		case tk.SuperTaki:
			add(tk.RuleSuperTaki)
		case tk.Taki:
			add(tk.RuleTaki)
		}
	}
	for _, c := range t.Play {
		switch c.Kind {
		case tk.Taki, tk.SuperTaki:
			add(tk.RuleTaki)
		case tk.Plus:
			add(tk.RulePlus)
		}
	}
	if n > 0 {
		add(tk.RuleMatch)
	}
	if len(r.Penalized) > 0 || len(r.State.SilentOneCard) > 0 {
		add(tk.RuleLastCard)
	}
	if s.Opening {
		add(tk.RuleStartCard)
	}
	return ids
}
