package views

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/a-h/templ"
)

// The hand-written shell writes what its template writes, byte for byte:
// both languages, paths of every kind (a group's, the home page, with a
// query and the characters HTML escapes), a title to escape, a back arrow
// given or derived, a menu or none, an offer above the page or none, asset
// URLs (one with a scheme templ refuses), the children; inside a templ
// parent (Layout) as well as alone.
func TestHandWrittenShellIsTheTemplate(t *testing.T) {
	tr, err := NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(19, 8))
	pick := func(xs ...string) string { return xs[rng.IntN(len(xs))] }
	part := func(s string) templ.Component {
		return templ.ComponentFunc(func(_ context.Context, w io.Writer) error {
			_, err := io.WriteString(w, s)
			return err
		})
	}
	for i := range 600 {
		lang := []string{"en", "fr"}[i%2]
		env := tr.NewEnv(lang, pick("/", "/g/abc", "/g/abc/matches/3", "/g/abc/matches/3/rounds/9/edit?x=1&y=<2>", "/referee/taki",
			"/join/tok", "/s/x", "/admin/y", `/g/"q"/players/4`),
			pick("/static/app.1.css", "javascript:alert(1)", "", "/a?b=1&c=2"), pick("/static/htmx.js", `"x"`), pick("/static/app.js", ""))
		if rng.IntN(3) == 0 {
			env.Extra = part(`<p class="offer">keep & go</p>`)
		}
		ctx := WithEnv(context.Background(), env)
		c := Chrome{Title: pick("Five Crowns", "Zoé & <b>Ben</b>", "", `"l'Ours"`), Back: pick("", "", "/g/abc", "/g/a?b=1&c=<2>")}
		if rng.IntN(2) == 0 {
			c.Menu = part(`<a href="/x">menu</a>`)
		}
		children := part(pick("", "<h1>page</h1>", "<p>a & b</p>"))
		for _, pair := range []struct {
			name      string
			got, want templ.Component
		}{{"alone", Shell(c), shellRef(c)}, {"in Layout", Layout(c.Title), layoutRef(c.Title)}} {
			var got, want bytes.Buffer
			if err := pair.got.Render(templ.WithChildren(ctx, children), &got); err != nil {
				t.Fatal(err)
			}
			if err := pair.want.Render(templ.WithChildren(ctx, children), &want); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				g, w := got.String(), want.String()
				at := 0
				for at < len(g) && at < len(w) && g[at] == w[at] {
					at++
				}
				t.Fatalf("page %d (%s, %s) differs from the template at byte %d:\n got  …%s\n want …%s",
					i, lang, pair.name, at, g[max(0, at-80):min(len(g), at+80)], w[max(0, at-80):min(len(w), at+80)])
			}
		}
	}
}
