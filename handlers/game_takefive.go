package handlers

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/referee"
	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	tfscore "github.com/tablekeeper/tablekeeper/scoring/takefive"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// TakeFive is Take Five (Laffont) on the scoresheet and the referee page.
// A round stores its winner (1 point, the others 0), so totals are round
// wins; the phase and the starter of each round follow from the winners.
type TakeFive struct{}

// tfEntry is what a Take Five round stores: its phase and starter as they
// stood when it was saved, the winner (a seat, or -1 when every player was
// eliminated from a 21 round) and, optionally, the winning rack.
type tfEntry struct {
	Phase   string `json:"phase"`
	Starter int    `json:"starter"`
	Winner  int    `json:"winner"`
	Rack    []int  `json:"rack,omitempty"`
}

func (TakeFive) ID() string { return "takefive" }

func (TakeFive) Name(lang string) string { return "Take Five" }

func (TakeFive) Seats() (int, int) { return 2, 4 }

func (TakeFive) HouseRules() []referee.HouseRule { return tf.HouseRules }

func (TakeFive) LowWins() bool { return false }

// CountsRoundWins: a Take Five total is the number of rounds won, not points
// (the standings neither average it nor keep round records of it).
func (TakeFive) CountsRoundWins() bool { return true }

// settings are the match's house rules, at their defaults when unreadable.
func (TakeFive) settings(m store.Match) referee.Settings {
	known := map[string]string{}
	for _, h := range tf.HouseRules {
		if v, ok := m.Rules[h.Key]; ok {
			known[h.Key] = v
		}
	}
	s, err := referee.Resolve(tf.HouseRules, known)
	if err != nil {
		return referee.Defaults(tf.HouseRules)
	}
	return s
}

func (TakeFive) firstStarter(m store.Match) int {
	n, err := strconv.Atoi(m.Options["firstStarter"])
	if err != nil || n < 0 || n >= len(m.Seats) {
		return 0
	}
	return n
}

func (g TakeFive) Options(oc OptionsCtx) templ.Component {
	starter, _ := strconv.Atoi(first(oc.Form, "firstStarter"))
	return views.TFOptions(4, starter, oc.Errs)
}

func (g TakeFive) ParseOptions(oc OptionsCtx) (map[string]string, views.FieldErrors) {
	errs := views.FieldErrors{}
	n, err := strconv.Atoi(first(oc.Form, "firstStarter"))
	if err != nil || n < 1 || (len(oc.Names) > 0 && n > len(oc.Names)) {
		errs["firstStarter"] = views.T(oc.Ctx, "takefive.err.firststarter", "N", len(oc.Names))
	}
	return map[string]string{"firstStarter": strconv.Itoa(n - 1)}, errs
}

// winnersOf reads the round winners from the points: the seat with the
// point, or NoWinner when nobody has it.
func winnersOf(points [][]int) []int {
	out := make([]int, len(points))
	for i, r := range points {
		out[i] = tfscore.NoWinner
		for seat, p := range r {
			if p > 0 {
				out[i] = seat
			}
		}
	}
	return out
}

// play runs the match over the winners, keeping the longest prefix the
// engine accepts (a correction can leave a later round impossible; the
// sheet still shows what stands).
func (g TakeFive) play(m store.Match, winners []int) (tfscore.Sheet, int) {
	for k := len(winners); k >= 0; k-- {
		sh, err := tfscore.Play(len(m.Seats), g.firstStarter(m), winners[:k], g.settings(m))
		if err == nil {
			return sh, k
		}
	}
	return tfscore.Sheet{}, 0
}

func (g TakeFive) Progress(m store.Match, played Played) Progress {
	winners := winnersOf(played.Points)
	totals := sums(len(m.Seats), played.Points)
	p := Progress{Leaders: leaders(totals, false)}
	if sh, _ := g.play(m, winners); sh.Finished {
		p.Finished, p.Winners = true, []int{sh.Winner}
	}
	return p
}

// roundAt is the phase and starter of round number (1-based), from the
// winners of the rounds before it, and whether the starter is known (a
// correction can leave a later round impossible: the sheet shows what stands).
func (g TakeFive) roundAt(m store.Match, played Played, number int) (tf.Phase, int, bool) {
	before := winnersOf(played.Before(number).Points)
	if sh, k := g.play(m, before); k == len(before) {
		return sh.NextPhase, sh.NextStarter, true
	}
	return tfscore.PhaseOf(number - 1), 0, false
}

func (g TakeFive) phaseName(ctx context.Context, ph tf.Phase) string {
	return views.T(ctx, "takefive.phase."+ph.String())
}

func (g TakeFive) RoundLabel(ctx context.Context, m store.Match, played Played, number int) string {
	ph, _, _ := g.roundAt(m, played, number)
	return views.T(ctx, "takefive.roundlabel", "Round", number, "Phase", g.phaseName(ctx, ph))
}

func (g TakeFive) Info(ctx context.Context, m store.Match, played Played, number int) templ.Component {
	ph, starter, known := g.roundAt(m, played, number)
	info := views.TFRoundInfo{Round: number, Phase: g.phaseName(ctx, ph), Goal: views.T(ctx, "takefive.goal."+ph.String())}
	if known && starter >= 0 && starter < len(m.Seats) {
		info.Starter = m.Seats[starter].Name
	}
	wins := sums(len(m.Seats), played.Points) // the rounds shown, not totals stored before them
	for i, st := range m.Seats {
		info.Markers = append(info.Markers, views.TFMarker{Name: st.Name, Wins: wins[i]})
	}
	info.ToWin = tfscore.MarkersToWin
	return views.TFInfo(info)
}

func (g TakeFive) blankForm(rc RoundCtx) views.TFRoundForm {
	ph, _, _ := g.roundAt(rc.Match, rc.Played, rc.Number)
	f := views.TFRoundForm{Action: rc.Action, Cancel: rc.Cancel, SubmitKey: rc.SubmitKey, Version: rc.Version,
		Title:    views.T(rc.Ctx, "takefive.entertitle", "Round", g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number)),
		NoWinner: ph == tf.TwentyOne, Winner: ""}
	if rc.Version > 0 {
		f.Title = views.T(rc.Ctx, "round.correct", "Round", g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number))
	}
	if f.NoWinner {
		key := "takefive.nowinner.replay"
		if g.settings(rc.Match).Get(tf.HouseAllEliminated) == tf.AllEliminatedNoWinner {
			key = "takefive.nowinner.nowinner"
		}
		f.NoWinnerHelp = views.T(rc.Ctx, key)
	}
	for _, st := range rc.Match.Seats {
		f.Names = append(f.Names, st.Name)
	}
	return f
}

func (g TakeFive) RoundForm(rc RoundCtx, entry json.RawMessage) templ.Component {
	f := g.blankForm(rc)
	var e tfEntry
	if json.Unmarshal(entry, &e) == nil && len(entry) > 0 {
		f.Winner = strconv.Itoa(e.Winner)
		f.Rack = rackText(e.Rack)
	}
	return views.TFForm(f)
}

func rackText(vs []int) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = strconv.Itoa(v)
	}
	return strings.Join(parts, " ")
}

// parseValues reads token values "9 8 7" (commas allowed); ok is false
// when a word is not a value 1–9.
func parseValues(s string) ([]int, bool) {
	var out []int
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\t' }) {
		v, err := strconv.Atoi(w)
		if err != nil || v < 1 || v > 9 {
			return out, false
		}
		out = append(out, v)
	}
	return out, true
}

// PostRound reads the round: who won (or nobody, in a 21 round) and,
// optionally, the winning rack, checked against the phase's goal.
func (g TakeFive) PostRound(rc RoundCtx, form url.Values) (*Scored, templ.Component, bool) {
	f := g.blankForm(rc)
	f.Winner = strings.TrimSpace(form.Get("winner"))
	f.Rack = strings.TrimSpace(form.Get("rack"))
	if form.Get("op") != "save" {
		return nil, views.TFForm(f), false
	}
	ph, starter, _ := g.roundAt(rc.Match, rc.Played, rc.Number)
	e := tfEntry{Phase: ph.String(), Starter: starter}
	w, err := strconv.Atoi(f.Winner)
	switch {
	case f.Winner == "":
		f.WinnerError = views.T(rc.Ctx, "takefive.err.nowinner")
	case err != nil || w < tfscore.NoWinner || w >= len(rc.Match.Seats):
		f.WinnerError = views.T(rc.Ctx, "takefive.err.badwinner")
	case w == tfscore.NoWinner && ph != tf.TwentyOne:
		f.WinnerError = views.T(rc.Ctx, "takefive.err.nowinner21", "Phase", g.phaseName(rc.Ctx, ph))
	}
	e.Winner = w
	if f.Rack != "" {
		vs, ok := parseValues(f.Rack)
		switch {
		case !ok:
			f.RackError = views.T(rc.Ctx, "takefive.err.rackvalues")
		case w == tfscore.NoWinner:
			f.RackError = views.T(rc.Ctx, "takefive.err.racknowinner")
		default:
			if won, why := tfscore.CheckWinningRack(ph, vs); !won {
				f.RackError = views.T(rc.Ctx, "takefive.err.racknotwinning", "Why", why.In(views.Lang(rc.Ctx)))
			}
		}
		e.Rack = vs
	}
	if f.WinnerError != "" || f.RackError != "" {
		return nil, views.TFForm(f), true
	}
	pts := make([]int, len(rc.Match.Seats))
	if w >= 0 {
		pts[w] = 1
	}
	return &Scored{Entry: e, Points: pts}, nil, false
}

func (g TakeFive) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	var e tfEntry
	if json.Unmarshal(entry, &e) != nil || len(entry) == 0 {
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
