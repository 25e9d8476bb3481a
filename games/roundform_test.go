package games

import (
	"bytes"
	"context"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// Every game's round form, drawn blank, for a correction, and redrawn after
// a post, carries the submit key and the version the handlers gave it (a
// repeated post then saves nothing twice) and one Save button: the frame is
// the kit's, whatever the game draws inside it.
func TestEveryRoundFormHasItsFrame(t *testing.T) {
	tr, err := views.NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	ctx := views.WithEnv(context.Background(), tr.NewEnv("en", "/", "", "", ""))
	for _, g := range All() {
		lo, _ := g.Seats()
		m := store.Match{Game: g.ID()}
		for i := 0; i < max(lo, 3); i++ {
			m.Seats = append(m.Seats, store.Seat{Name: string(rune('A' + i))})
		}
		for _, version := range []int{0, 2} {
			rc := kit.RoundCtx{Ctx: ctx, Match: m, Number: 1, Action: "/g/x/matches/1/rounds", SubmitKey: "1.k3y", Version: version}
			for name, form := range map[string]templ.Component{
				"blank":  g.RoundForm(rc, nil),
				"posted": g.ReadRound(rc, url.Values{}).Form(nil),
			} {
				var buf bytes.Buffer
				if err := form.Render(ctx, &buf); err != nil {
					t.Fatalf("%s %s: %v", g.ID(), name, err)
				}
				d, err := goquery.NewDocumentFromReader(&buf)
				if err != nil {
					t.Fatal(err)
				}
				f := d.Find("form#round-form")
				if f.Length() != 1 {
					t.Fatalf("%s %s: %d round forms", g.ID(), name, f.Length())
				}
				if k := f.Find(`input[type=hidden][name=submitKey]`); k.Length() != 1 || k.AttrOr("value", "") != "1.k3y" {
					t.Errorf("%s %s (version %d): submit key %d, %q", g.ID(), name, version, k.Length(), k.AttrOr("value", ""))
				}
				if v := f.Find(`input[type=hidden][name=version]`); v.Length() != 1 || v.AttrOr("value", "") != map[int]string{0: "0", 2: "2"}[version] {
					t.Errorf("%s %s: version field %d, %q", g.ID(), name, v.Length(), v.AttrOr("value", ""))
				}
				if f.Find(`.sticky-actions [data-testid=save-round]`).Length() != 1 {
					t.Errorf("%s %s: no Save button in the save bar", g.ID(), name)
				}
			}
		}
	}
}
