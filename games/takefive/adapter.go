// Package takefive is Take Five on the pages: its web adapter (the round form ↔ the
// engine's entry, the referee page), its views and its profile.
package takefive

import (
	"context"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	tfscore "github.com/tablekeeper/tablekeeper/scoring/takefive"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// TakeFive is Take Five (Laffont) on the scoresheet and the referee page.
// Its rules are in its engines (scoring/takefive, referee/takefive): this
// file only maps the forms to the engine's entry and the engine's facts to
// the views.
type TakeFive struct{ tfscore.Game }

// What Take Five offers, declared: the compiler holds each (a method
// missing would silently take a page or a tool away).
var (
	_ kit.Game        = TakeFive{}
	_ kit.WinnerLine  = TakeFive{}
	_ kit.RefereePage = TakeFive{}
	_ kit.API         = TakeFive{}
	_ kit.Auditor     = TakeFive{}
	_ kit.Sampler     = TakeFive{}
)

func (TakeFive) Name(lang string) string { return "Take Five" }

func (TakeFive) Options(oc kit.OptionsCtx) templ.Component {
	return TFOptions(oc.Errs)
}

// ReadOptions maps the first starter (1-based, as players count) to the
// engine's seat (0-based); a seat off the table is the engine's to refuse.
func (TakeFive) ReadOptions(oc kit.OptionsCtx) map[string]string {
	return map[string]string{tfscore.OptionFirstStarter: strconv.Itoa(oc.Dealer - 1)}
}

// next is the phase and starter of round number, as the engine decides them.
func (g TakeFive) next(m store.Match, played kit.Played, number int) (tf.Phase, int, bool) {
	return g.Game.Next(kit.EngineMatch(g, m), kit.EngineRounds(played.Before(number)))
}

func (TakeFive) phaseName(ctx context.Context, ph tf.Phase) string {
	return views.T(ctx, "takefive.phase."+ph.String())
}

func (g TakeFive) RoundLabel(ctx context.Context, m store.Match, played kit.Played, number int) string {
	ph, _, _ := g.next(m, played, number)
	return views.T(ctx, "takefive.roundlabel", "Round", number, "Phase", g.phaseName(ctx, ph))
}

func (g TakeFive) Info(ctx context.Context, m store.Match, played kit.Played, number int) templ.Component {
	ph, starter, known := g.next(m, played, number)
	info := TFRoundInfo{Round: number, Phase: g.phaseName(ctx, ph), Goal: views.T(ctx, "takefive.goal."+ph.String()), ToWin: tfscore.MarkersToWin}
	if known && starter >= 0 && starter < len(m.Seats) {
		info.Starter = m.Seats[starter].Name
	}
	// the rounds shown, not totals stored before them
	wins := g.Game.Progress(kit.EngineMatch(g, m), kit.EngineRounds(played)).Totals
	for i, st := range m.Seats {
		info.Markers = append(info.Markers, TFMarker{Name: st.Name, Wins: wins[i]})
	}
	return TFInfo(info)
}

func (g TakeFive) blankForm(rc kit.RoundCtx) TFRoundForm {
	ph, _, _ := g.next(rc.Match, rc.Played, rc.Number)
	label := g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number)
	f := TFRoundForm{Frame: rc.Frame(views.T(rc.Ctx, "takefive.entertitle", "Round", label), views.T(rc.Ctx, "takefive.save")),
		NoWinner: ph == tf.TwentyOne}
	f.Frame.Class = "card" // its fields are fieldsets of their own
	if rc.Version > 0 {
		f.Frame.Title = views.T(rc.Ctx, "round.correct", "Round", label)
	}
	if f.NoWinner {
		key := "takefive.nowinner.replay"
		if kit.EngineMatch(g, rc.Match).Rules.Get(tf.HouseAllEliminated) == tf.AllEliminatedNoWinner {
			key = "takefive.nowinner.nowinner"
		}
		f.NoWinnerHelp = views.T(rc.Ctx, key)
	}
	for _, st := range rc.Match.Seats {
		f.Names = append(f.Names, st.Name)
	}
	return f
}

func (g TakeFive) RoundForm(rc kit.RoundCtx, entry json.RawMessage) templ.Component {
	f := g.blankForm(rc)
	if e, err := tfscore.DecodeEntry(entry); err == nil {
		f.Winner = strconv.Itoa(e.Winner)
		f.Rack = rackText(e.Rack)
	}
	return TFForm(f)
}

// ReadRound maps the form to the engine's entry: who won (a seat, or −1 for
// nobody) and the winning rack as typed. The engine checks both; only what
// cannot be written as an entry (no winner chosen, words where tokens go)
// is refused here.
func (g TakeFive) ReadRound(rc kit.RoundCtx, form url.Values) kit.RoundPost {
	f := g.blankForm(rc)
	f.Winner = strings.TrimSpace(form.Get("winner"))
	f.Rack = strings.TrimSpace(form.Get("rack"))
	post := kit.RoundPost{Save: kit.Saving(form), Form: func(err error) templ.Component {
		f := f
		if msg := kit.ShowErrors(rc.Ctx, err, func(at kit.EnginePath, msg string) bool {
			if at.Field != "rack" {
				return false
			}
			f.RackError = msg
			return true
		}); msg != "" {
			f.WinnerError = msg // the form's only other field, and where a save starts
		}
		return TFForm(f)
	}}
	post.Entry, post.Err = g.entry(rc, f)
	return post
}

// entry is the form as the engine's entry, or both its mistakes at once:
// the winner (not chosen, not a player, «nobody» outside a 21 round) and
// the rack (words where tokens go, a rack that does not win the phase).
func (g TakeFive) entry(rc kit.RoundCtx, f TFRoundForm) (json.RawMessage, error) {
	em, before := atTable(g, rc), kit.EngineRounds(rc.Played.Before(rc.Number))
	var winner, rackErr error
	w, err := strconv.Atoi(f.Winner)
	switch {
	case f.Winner == "":
		winner = tfscore.MissingWinner()
	case err != nil:
		winner = rulebook.Mistake("winner", "takefive.err.badwinner")
	}
	rack, ok := parseValues(f.Rack)
	if !ok {
		rackErr = rulebook.Mistake("rack", "takefive.err.rackvalues")
	}
	switch {
	case winner == nil && rackErr == nil:
		return g.Game.EntryFor(em, before, w, rack).Encode(), nil
	case winner == nil: // the engine judges the winner alone
		_, winner = g.Game.Score(em, before, g.Game.EntryFor(em, before, w, nil).Encode())
	case rackErr == nil: // and the rack alone
		rackErr = g.Game.RackMistake(em, before, rack)
	}
	return nil, rulebook.All(append(kit.Mistakes(winner), rackErr))
}

func rackText(vs []int) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, " ")
}

// parseValues reads token values "9 8 7" (commas allowed); ok is false when
// a word is not a number. Whether a number is a token value is the engine's
// to say.
func parseValues(s string) ([]int, bool) {
	var out []int
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' }) {
		v, err := strconv.Atoi(w)
		if err != nil {
			return out, false
		}
		out = append(out, v)
	}
	return out, true
}

func (g TakeFive) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	e, err := tfscore.DecodeEntry(entry)
	if err != nil {
		return ""
	}
	var parts []string
	if e.Starter >= 0 && e.Starter < len(m.Seats) {
		parts = append(parts, views.T(ctx, "takefive.detail.started", "Name", m.Seats[e.Starter].Name))
	}
	switch {
	case e.Winner == tfscore.NoWinner:
		parts = append(parts, views.T(ctx, "takefive.detail.nowinner"))
	case e.Winner >= 0 && e.Winner < len(m.Seats):
		parts = append(parts, views.T(ctx, "takefive.detail.won", "Name", m.Seats[e.Winner].Name))
	}
	if len(e.Rack) > 0 {
		parts = append(parts, rackText(e.Rack))
	}
	return strings.Join(parts, " · ")
}

// atTable is the engine's match for the form of rc's round. After a player
// left, the form's table is the players still there, in seat order: the
// first starter, a seat of the whole table, is read there as the first
// player still there at or after him, so the starter the entry records is
// the one the round's strip names.
func atTable(g TakeFive, rc kit.RoundCtx) scoring.Match {
	em := kit.EngineMatch(g, rc.Match)
	first, err := strconv.Atoi(em.Options[tfscore.OptionFirstStarter])
	if rc.Seated == nil || err != nil {
		return em
	}
	k, _ := slices.BinarySearch(rc.Seated, first)
	if k == len(rc.Seated) {
		k = 0
	}
	em.Options = maps.Clone(em.Options)
	em.Options[tfscore.OptionFirstStarter] = strconv.Itoa(k)
	return em
}

// Line is row's claim of the round: a round of Take Five is one player's
// win (with the winning rack, if typed), so the winner's line is the whole
// round and the others have none to send. Nil when row did not win.
func (TakeFive) Line(form url.Values, row int) url.Values {
	if strings.TrimSpace(form.Get("winner")) != strconv.Itoa(row) {
		return nil
	}
	line := url.Values{"winner": {strconv.Itoa(row)}}
	if rack := strings.TrimSpace(form.Get("rack")); rack != "" {
		line.Set("rack", rack)
	}
	return line
}

// NotWinnerLine refuses a line that claims no win: only the winner sends
// one, and a round nobody won (a 21 round, everyone eliminated) is entered
// whole.
func (TakeFive) NotWinnerLine(row int) error {
	return rulebook.SeatMistake(row, "winner", "takefive.err.notwinnerline")
}
