// Package custom is a group's other game on the pages: one generic kind of
// game built from a definition the group stored (store.GroupGame), with
// the scoring engine of scoring/custom. It has no referee page and names no
// game: its name is the group's.
package custom

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/rulebook"
	sc "github.com/tablekeeper/tablekeeper/scoring/custom"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Game is one of a group's other games.
type Game struct {
	sc.Game
	kit.NoOptions // it reads none; Options says how it is won
	Def           store.GroupGame
}

var (
	_ kit.Game     = Game{}
	_ kit.Lines    = Game{}
	_ kit.Together = Game{}
)

// Together: a co-operative game's match is won or lost by everyone.
func (g Game) Together(totals []int) (coop, won bool) { return g.Def.Coop, sc.Together(totals) }

// New is the game of a stored definition.
func New(def store.GroupGame) Game {
	return Game{Game: sc.Game{Def: sc.Def{ID: def.ID(), Kind: def.Kind, LowWins: def.LowWins, Target: def.Target, Rounds: def.Rounds, Coop: def.Coop}}, Def: def}
}

func (g Game) Name(string) string { return g.Def.Name }

// Profile: a generic badge; BG Stats knows it by its name and its
// BoardGameGeek id, when told; a game won by places counts places only.
func (g Game) Profile() kit.Profile {
	p := kit.Profile{Icon: "◆", BGStats: kit.BGStatsNames{Export: g.Def.Name, Known: []string{g.Def.Name}, BGGID: int64(g.Def.BGGID)}}
	if g.NoPoints() {
		p.Counts = kit.CountsPlaces
	}
	return p
}

// Options: the game has none; the new-match page says how it is won.
func (g Game) Options(oc kit.OptionsCtx) templ.Component {
	return Describe(Summary(oc.Ctx, g.Def))
}

// Summary says in words how the game is won and what ends a match.
func Summary(ctx context.Context, d store.GroupGame) string {
	kind := d.Kind
	if d.Coop {
		kind = "together"
	}
	parts := []string{views.T(ctx, "custom.kind."+kind)}
	if d.Kind == store.KindRounds || d.Kind == store.KindFinal {
		parts = append(parts, views.T(ctx, map[bool]string{true: "custom.lowwins", false: "custom.highwins"}[d.LowWins]))
	}
	switch {
	case d.Target > 0:
		parts = append(parts, views.T(ctx, "custom.endsat", "N", d.Target))
	case d.Rounds > 0:
		parts = append(parts, views.T(ctx, "custom.endsafter", "N", d.Rounds))
	case d.Kind == store.KindRounds:
		parts = append(parts, views.T(ctx, "custom.endsbyhand"))
	}
	return strings.Join(parts, " · ")
}

func (g Game) RoundLabel(ctx context.Context, m store.Match, played kit.Played, number int) string {
	switch g.Def.Kind {
	case store.KindRounds:
		if g.Def.Rounds > 0 {
			return views.T(ctx, "custom.roundof", "Round", number, "N", g.Def.Rounds)
		}
		return views.T(ctx, "custom.round", "Round", number)
	case store.KindFinal:
		return views.T(ctx, "custom.final")
	}
	return views.T(ctx, "custom.result")
}

func (Game) Info(context.Context, store.Match, kit.Played, int) templ.Component { return nil }

func (g Game) blank(rc kit.RoundCtx) Form {
	label := g.RoundLabel(rc.Ctx, rc.Match, rc.Played, rc.Number)
	title := views.T(rc.Ctx, "custom.entertitle", "Round", label)
	if rc.Version > 0 {
		title = views.T(rc.Ctx, "round.correct", "Round", label)
	}
	f := Form{Frame: rc.Frame(title, views.T(rc.Ctx, "custom.save")), Kind: g.Def.Kind, Coop: g.Def.Coop,
		CanEnd: g.Def.Kind == store.KindRounds, Open: g.Def.Kind == store.KindRounds && g.Def.Target == 0 && g.Def.Rounds == 0}
	for _, st := range rc.Match.Seats {
		f.Seats = append(f.Seats, SeatField{Name: st.Name})
	}
	return f
}

func (g Game) RoundForm(rc kit.RoundCtx, entry json.RawMessage) templ.Component {
	f := g.blank(rc)
	if e, err := sc.DecodeEntry(entry); err == nil && entry != nil {
		for i := range f.Seats {
			if i < len(e.Points) {
				f.Seats[i].Value = strconv.Itoa(e.Points[i])
			}
			if i < len(e.Places) {
				f.Seats[i].Value = strconv.Itoa(e.Places[i])
				f.Seats[i].Won = e.Places[i] == 1
			}
		}
		f.Won = len(e.Places) > 0 && e.Places[0] == 1
		f.Last = e.Last
	}
	return FormView(f)
}

// ReadRound maps the form to an entry: a number per seat (points or
// places) or the ticked winners. Whether it makes a round is the engine's.
func (g Game) ReadRound(rc kit.RoundCtx, form url.Values) kit.RoundPost {
	f := g.blank(rc)
	f.Last = form.Get("last") == "1"
	f.Won = form.Get("won") == "1"
	e := sc.Entry{Last: f.Last && f.CanEnd}
	var bad error
	for i := range f.Seats {
		if g.Def.Coop { // one tick for the table: won together, or lost
			e.Places = append(e.Places, map[bool]int{true: 1, false: 2}[f.Won])
			continue
		}
		v := strings.TrimSpace(form.Get(fmt.Sprintf("v_%d", i)))
		f.Seats[i].Value = v
		if g.Def.Kind == store.KindWinner {
			f.Seats[i].Won = form.Get(fmt.Sprintf("won_%d", i)) == "1"
			e.Places = append(e.Places, map[bool]int{true: 1, false: 2}[f.Seats[i].Won])
			continue
		}
		n, err := strconv.Atoi(strings.ReplaceAll(strings.ReplaceAll(v, "−", "-"), " ", ""))
		if err != nil && bad == nil {
			bad = rulebook.SeatMistake(i, fmt.Sprintf("seats[%d].value", i), "custom.mistake.whole")
		}
		if g.Def.Kind == store.KindRanking {
			e.Places = append(e.Places, n)
		} else {
			e.Points = append(e.Points, n)
		}
	}
	post := kit.RoundPost{Save: kit.Saving(form), Err: bad, Form: func(err error) templ.Component {
		f := f
		f.Seats = append([]SeatField(nil), f.Seats...)
		f.Error = kit.ShowErrors(rc.Ctx, err, func(at kit.EnginePath, msg string) bool {
			if !at.In("seats", len(f.Seats)) {
				return false
			}
			f.Seats[at.Index].Error = msg
			return true
		})
		return FormView(f)
	}}
	if bad == nil {
		post.Entry = e.Encode()
	}
	return post
}

func (g Game) Detail(ctx context.Context, m store.Match, entry json.RawMessage) string {
	e, err := sc.DecodeEntry(entry)
	if err != nil {
		return ""
	}
	var parts []string
	if g.Def.Coop && len(e.Places) > 0 {
		return views.T(ctx, map[bool]string{true: "result.won", false: "result.lost"}[e.Places[0] == 1])
	}
	for i, p := range e.Places {
		if i < len(m.Seats) && p == 1 {
			parts = append(parts, views.T(ctx, "custom.won", "Name", m.Seats[i].Name))
		}
	}
	if e.Last {
		parts = append(parts, views.T(ctx, "custom.last"))
	}
	return strings.Join(parts, " · ")
}

// Line is a row's own fields: what its player enters from their own phone.
func (Game) Line(form url.Values, row int) url.Values { return kit.RowLine(form, row) }

// NoLines: a co-operative game's round is the table's, won or lost
// together (one tick), which no player's line holds: it is entered whole.
func (g Game) NoLines() bool { return g.Def.Coop }
