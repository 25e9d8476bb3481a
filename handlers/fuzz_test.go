package handlers

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzFormPosts sends arbitrary form bodies to every POST route of the router
// (from its route table) as a member of the group: no input may give a 500
// or a panic. The seed corpus runs with go test ./...
func FuzzFormPosts(f *testing.F) {
	app := newTestApp(f)
	c := app.client()
	slug := c.group("Fuzz")
	ids := c.players(slug, "Ana", "Ben", "Chloé")
	fc := fcMatch(f, c, slug, ids, "1")
	matchID := fc[strings.LastIndex(fc, "/")+1:]
	c.post(fc+"/rounds", url.Values{"op": {"save"}, "mode_0": {"out"}, "mode_1": {"points"}, "points_1": {"4"}, "mode_2": {"points"}, "points_2": {"4"}})
	var posts []string
	for _, r := range app.e.Routes() {
		if r.Method == http.MethodPost && !strings.HasPrefix(r.Path, "/api/") {
			posts = append(posts, r.Path)
		}
	}
	seeds := []string{
		"op=save&mode_0=out&mode_1=points&points_1=12&mode_2=cards&cards_2=JK+KH",
		"op=save&mode_0=cards&cards_0=ZZ+10X&points_1=-4&mode_1=points&points_2=99999999999999999999",
		"tap=JK&picker=7&untap=9:9&pick=-1",
		"untap=0:99999999999&picker=-5",
		"name=%00%ff&display=" + strings.Repeat("é", 100),
		"game=fivecrowns&seat_1=1&seat_2=1&firstDealer=0&startRound=12",
		"game=nope&startRound=x",
		"version=abc&round=-1&op=rename",
		"%zz=%zz",
		"runsWrap=maybe&minNaturalsPerMeld=7",
		"op=archive",
	}
	for i := range posts {
		for _, s := range seeds {
			f.Add(uint8(i), s)
		}
	}
	rounds, _ := app.store.Rounds(f.Context(), mustInt(matchID))
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		path := posts[int(route)%len(posts)]
		path = strings.NewReplacer(":group", slug, ":match", matchID, ":round", fmt.Sprint(rounds[0].ID),
			":player", fmt.Sprint(ids[0]), ":game", "fivecrowns", ":token", "x").Replace(path)
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		for _, ck := range c.cookies {
			req.AddCookie(ck)
		}
		rec := httptest.NewRecorder()
		app.e.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Errorf("POST %s with %q = %d", path, body, rec.Code)
		}
	})
}

// FuzzAPI sends arbitrary bodies to every JSON endpoint: the answer is always
// JSON, and never a 500.
func FuzzAPI(f *testing.F) {
	app := newTestApp(f)
	var apis []string
	for _, r := range app.e.Routes() {
		if strings.HasPrefix(r.Path, "/api/") {
			apis = append(apis, r.Path)
		}
	}
	seeds := []string{
		`{"rows": [{"cards": [23]}, {"cards": [43]}, {"cards": [49], "x2": true}, {"cards": [55]}, {"cards": [80]}], "play": [{"card": 35}, {"card": 50, "row": 2}, {"special": "+5", "row": 4}, {"card": 60}]}`,
		`{"players": [{"name": "Paul", "green": 5, "red": 3, "plus5": 1, "x2": 1, "specialsInHand": 1}]}`,
		`{"round": 4, "hand": ["JH", "JS", "JD", "8S", "9S", "10S", "3C"], "melds": [["JH","JS","JD"], ["8S","9S","10S"]], "discard": "3C"}`,
		`{"round": 5, "players": [{"name": "Ana", "leftover": ["JK", "7H", "KC", "4*"]}, {"name": "Ben", "wentOut": true}]}`,
		`{"state": {"players": 4, "current": 0, "direction": "cw", "top": "R5", "color": "R", "pendingDraw": 0, "openTaki": null}, "hand": ["RPLUS", "R3", "B7"], "turn": {"play": ["RPLUS", "R3"]}}`,
		`{"winner": "Dana", "players": [{"name": "Dana", "cards": []}, {"name": "Eli", "cards": ["R7", "B3", "G+2", "YSTOP", "SUPERTAKI"]}]}`,
		`{"state": {"pieces": {"rook": "f6", "knight": "f1", "black-bishop": "a1", "white-bishop": "a6"}, "empty": ["c3"], "phase": "score", "racks": {"Paul": [7, 8, 3, 5], "Alfred": [8, 9, 7, 5]}, "eliminated": []}, "player": "Paul", "turn": {"moves": [{"piece": "knight", "to": "e3", "action": "see"}, {"piece": "rook", "to": "f2", "action": "take", "value": 9}]}}`,
		`{"rules": {"nope": true}}`, `{"rules": []}`, `[]`, `null`, ``, `{"a":1}{"b":2}`, `{"round": 1e99}`, `{"hand": "JK"}`,
	}
	for i := range apis {
		for _, s := range seeds {
			f.Add(uint8(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, api uint8, body []byte) {
		path := apis[int(api)%len(apis)]
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		app.e.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("POST %s %s = %d %s", path, body, rec.Code, rec.Body)
		}
		if !json.Valid(rec.Body.Bytes()) {
			t.Errorf("POST %s %s answered non-JSON %q", path, body, rec.Body)
		}
	})
}
