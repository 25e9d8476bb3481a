package handlers

import (
	"strings"
	"testing"
)

// Every route named for pathTo is named once, and the path built by its
// name routes back to it: a page's links and redirects follow the site map.
func TestNamedRoutesBuildTheirPaths(t *testing.T) {
	app := newTestApp(t)
	seen := map[string]string{}
	for _, r := range app.e.Routes() {
		if strings.ContainsAny(r.Name, "./") { // Echo's default name: the handler's
			continue
		}
		if other, ok := seen[r.Name]; ok {
			t.Errorf("route name %q is given to %s and %s", r.Name, other, r.Path)
		}
		seen[r.Name] = r.Path
		var params []any
		want := r.Path
		for i, part := range strings.Split(r.Path, "/") {
			if strings.HasPrefix(part, ":") {
				v := "p" + string(rune('0'+i))
				params = append(params, v)
				want = strings.Replace(want, part, v, 1)
			}
		}
		got := app.e.Reverse(r.Name, params...)
		if got != want {
			t.Errorf("route %q: built %q, want %q", r.Name, got, want)
		}
		c := app.e.NewContext(nil, nil)
		app.e.Router().Find(r.Method, got, c)
		if c.Path() != r.Path {
			t.Errorf("route %q: %s %s routes to %q", r.Name, r.Method, got, c.Path())
		}
	}
	if len(seen) < 30 {
		t.Errorf("%d named routes, want the site map's", len(seen))
	}
	c := app.e.NewContext(nil, nil)
	if got := pathTo(c, routeMatch, "jeudi-soir", int64(42)); got != "/g/jeudi-soir/matches/42" {
		t.Errorf("a match's path: %q", got)
	}
}
