package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games"
	"github.com/tablekeeper/tablekeeper/games/kit"
	t5score "github.com/tablekeeper/tablekeeper/scoring/take5"
	"github.com/tablekeeper/tablekeeper/store"
)

// noReferee is a game without a referee page, for the tests: Take 5!'s
// scoring under another id, with no page of its own beyond the sheet.
type noReferee struct{ t5score.Sheet }

func (noReferee) ID() string                                   { return "plain" }
func (noReferee) Name(string) string                           { return "Plain" }
func (noReferee) Profile() kit.Profile                         { return kit.Profile{Icon: "○"} }
func (noReferee) Options(kit.OptionsCtx) templ.Component       { return templ.NopComponent }
func (noReferee) ReadOptions(kit.OptionsCtx) map[string]string { return nil }
func (noReferee) RoundLabel(context.Context, store.Match, kit.Played, int) string {
	return ""
}
func (noReferee) Info(context.Context, store.Match, kit.Played, int) templ.Component { return nil }
func (noReferee) RoundForm(kit.RoundCtx, json.RawMessage) templ.Component            { return templ.NopComponent }
func (noReferee) ReadRound(kit.RoundCtx, url.Values) kit.RoundPost {
	return kit.RoundPost{Form: func(error) templ.Component { return templ.NopComponent }}
}
func (noReferee) Detail(context.Context, store.Match, json.RawMessage) string { return "" }

// A game without a referee page has no link to one, on the home page and
// on the referee's index, where the games with one keep theirs; its
// address is not found.
func TestNoRefereeLinkForAGameWithoutOne(t *testing.T) {
	app := newTestAppWith(t, append(games.All(), noReferee{}))
	c := app.client()
	for _, path := range []string{"/", "/referee"} {
		rec := c.get(path)
		d := doc(t, rec)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: status %d", path, rec.Code)
		}
		if n := d.Find(`a[href="/referee/plain"]`).Length(); n != 0 {
			t.Errorf("%s links to the referee of a game that has none (%d links)", path, n)
		}
		for _, g := range games.All() {
			_, has := g.(kit.RefereePage)
			if n := d.Find(`a[href="/referee/` + g.ID() + `"]`).Length(); has && n != 1 || !has && n != 0 {
				t.Errorf("%s: %d links to %s's referee (has one: %v)", path, n, g.ID(), has)
			}
		}
	}
	if rec := c.get("/referee/plain"); rec.Code != http.StatusNotFound {
		t.Errorf("/referee/plain: status %d, want 404", rec.Code)
	}
}
