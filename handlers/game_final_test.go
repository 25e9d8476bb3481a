package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/taki"
	"github.com/tablekeeper/tablekeeper/store"
)

// plainTaki is TAKI as a game that knows nothing of BG Stats: it names
// every round and entry its own way.
type plainTaki struct{ taki.Taki }

func (plainTaki) RoundLabel(context.Context, store.Match, Played, int) string {
	return "taki-own-label"
}
func (plainTaki) Detail(context.Context, store.Match, json.RawMessage) string {
	return "taki-own-detail"
}

// A match imported from BG Stats holds one round of final scores, which no
// game's form can read: its scoresheet and its round's history name it as
// such, whatever its game says of a round (the handlers answer, once, for
// every game).
func TestFinalScoresAreNamedWhateverTheGame(t *testing.T) {
	app := newTestAppWith(t, []Game{plainTaki{}})
	c := app.client()
	c.lang = "en"
	slug := c.group("Table")
	c.players(slug, "Ana", "Dora")
	file := `{"games": [{"id": 13, "name": "Taki", "bggName": "", "bggId": 0}],
  "players": [{"id": 1, "name": "Ana"}, {"id": 3, "name": "Dora"}],
  "plays": [{"playDate": "2025-03-08 20:05:00", "gameRefId": 13, "uuid": "a1b2c3d4-0002-4000-8000-000000000002", "playerScores": [
      {"playerRefId": 1, "score": "120", "winner": false, "seatOrder": 1},
      {"playerRefId": 3, "score": "310", "winner": true, "seatOrder": 2}]}]}`
	base := "/g/" + slug
	up := postFile(c, base+"/import/bgstats", nil, []byte(file))
	if up.Code != http.StatusOK {
		t.Fatalf("upload: %d", up.Code)
	}
	if rec := c.post(base+"/import/bgstats/confirm", confirmForm(t, doc(t, up))); !strings.Contains(rec.Body.String(), "1 play was imported") {
		t.Fatalf("confirm: %d %.300s", rec.Code, rec.Body)
	}
	g, err := app.store.GroupBySlug(t.Context(), slug)
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := app.store.Matches(t.Context(), g.ID, 10)
	if len(ms) != 1 {
		t.Fatalf("%d matches imported, want 1", len(ms))
	}
	matchURL := base + "/matches/" + jsonText(ms[0].ID)
	rs, _ := app.store.Rounds(t.Context(), ms[0].ID)
	for _, page := range []string{matchURL, matchURL + "/rounds/" + jsonText(rs[0].ID) + "/history"} {
		body := c.get(page).Body.String()
		if !strings.Contains(body, "final scores (from BG Stats)") || strings.Contains(body, "taki-own-") {
			i := strings.Index(body, "taki-own-")
			t.Errorf("%s does not name the final-scores round as such: %q", page, body[max(i-300, 0):min(i+100, len(body))])
		}
	}
}
