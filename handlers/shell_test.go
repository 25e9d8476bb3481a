package handlers

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// HEAD answers like GET, without a body, on public and private pages.
func TestHeadAnswersLikeGet(t *testing.T) {
	app := newTestApp(t)
	srv := httptest.NewServer(app.e)
	defer srv.Close()
	for _, path := range []string{"/", "/referee", "/referee/fivecrowns"} {
		res, err := http.Head(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || len(body) != 0 {
			t.Errorf("HEAD %s: %d with %d bytes, want 200 and no body", path, res.StatusCode, len(body))
		}
	}
}

// Every page has a description; a group's pages tell search engines to skip them.
func TestMetaDescriptionAndNoindex(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	slug := c.group("Jeudi")
	for _, tt := range []struct {
		path    string
		noindex bool
	}{{"/", false}, {"/referee", false}, {"/g/" + slug, true}, {"/g/" + slug + "/players", true}} {
		d := doc(t, c.get(tt.path))
		if desc, _ := d.Find(`meta[name=description]`).Attr("content"); strings.TrimSpace(desc) == "" {
			t.Errorf("%s has no meta description", tt.path)
		}
		robots, _ := d.Find(`meta[name=robots]`).Attr("content")
		if got := strings.Contains(robots, "noindex"); got != tt.noindex {
			t.Errorf("%s: robots %q, want noindex %v", tt.path, robots, tt.noindex)
		}
		if n := d.Find("h1").Length(); n != 1 {
			t.Errorf("%s has %d h1, want 1", tt.path, n)
		}
	}
}
