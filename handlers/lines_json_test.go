package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A JSON client gets JSON for every refusal of the lines route
// (docs/API.md): a post that names no row or no form (400, the error shape
// with its field, in the language asked for), a phone not in the group or
// a match that is not there (404), a line another member sent (409
// conflict), a form for a round that no longer comes next (409 stale) and
// a line the game refuses (422).
func TestLineRefusalsAreJSON(t *testing.T) {
	lt := newLinesTable(t)
	stranger := lt.app.client()
	stranger.group("Autre")
	lt.send(lt.ana, "1.a", "2", url.Values{"points_2": {"9"}})
	for _, c := range []struct {
		name       string
		who        *client
		path, lang string
		form       url.Values
		status     int
		want       string // in the body
	}{
		{"no row", lt.ben, "", "", url.Values{"submitKey": {"1.b"}}, 400, `"code":"invalid_state","message":"Say whose line this is`},
		{"a row the form does not have", lt.ben, "", "", url.Values{"submitKey": {"1.b"}, "line": {"9"}}, 400, `"field":"line"`},
		{"no form", lt.ben, "", "fr", url.Values{"line": {"1"}}, 400, `"message":"Le « submitKey » du formulaire de la manche manque`},
		{"not a member", stranger, "", "", url.Values{"submitKey": {"1.s"}, "line": {"1"}}, 404, `"code":"not_found"`},
		{"no such match", lt.ben, strings.TrimSuffix(lt.match, "/"+itoa(lt.id)) + "/999999/lines", "", url.Values{"submitKey": {"1.b"}, "line": {"1"}}, 404, `"code":"not_found"`},
		{"another's line", lt.ben, "", "", url.Values{"submitKey": {"1.b"}, "line": {"2"}, "points_2": {"12"}}, 409, `"status":"conflict","player":"Chloé"`},
		{"a round that no longer comes next", lt.ben, "", "", url.Values{"submitKey": {"2.b"}, "line": {"1"}, "points_1": {"7"}}, 409, `"status":"stale"`},
		{"a line the game refuses", lt.ben, "", "", url.Values{"submitKey": {"1.b"}, "line": {"1"}, "points_1": {"abc"}}, 422, `"status":"refused"`},
	} {
		path := c.path
		if path == "" {
			path = lt.match + "/lines"
		}
		req := httptestRequest(http.MethodPost, path, c.form)
		req.Header.Set("Accept", "application/json")
		if c.lang != "" {
			req.Header.Set("Accept-Language", c.lang)
		}
		for _, ck := range c.who.cookies {
			req.AddCookie(ck)
		}
		rec := serveReq(lt.app, req)
		body := rec.Body.String()
		if rec.Code != c.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || !json.Valid(rec.Body.Bytes()) || !strings.Contains(body, c.want) {
			t.Errorf("%s: status %d (%s), want %d and JSON holding %s:\n%.300s", c.name, rec.Code, rec.Header().Get("Content-Type"), c.status, c.want, body)
		}
	}
}
