package handlers

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// The TAKI rulings of issue 14 through the JSON API, each resting on a
// sentence of the French sheet (seed 004): 200 with the ruling, or 400 naming
// the field for a table that cannot exist.
func TestAPITakiSheetRulings(t *testing.T) {
	app := newTestApp(t)
	post := func(path, body string) (int, map[string]any) {
		t.Helper()
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", "en")
		rec := serveReq(app, req)
		var got map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("%s %s: answer %q is not JSON", path, body, rec.Body)
		}
		return rec.Code, got
	}
	state := func(got map[string]any) map[string]any { s, _ := got["state"].(map[string]any); return s }
	rule := func(got map[string]any) string {
		vs, _ := got["violations"].([]any)
		if len(vs) != 1 {
			return ""
		}
		v, _ := vs[0].(map[string]any)
		r, _ := v["rule"].(string)
		return r
	}
	field := func(got map[string]any) string {
		e, _ := got["error"].(map[string]any)
		f, _ := e["field"].(string)
		return f
	}
	turn := func(players, current int, top, colour, extra, rest string) string {
		b := `{"state": {"players": ` + strconv.Itoa(players) + `, "current": ` + strconv.Itoa(current) + `, "direction": "cw", "top": "` + top + `", "color": "` + colour + `"` + extra + `}`
		return b + rest + `}`
	}

	tests := []struct {
		name, body string
		legal      bool
		rule       string         // the violation's rule when not legal
		want       map[string]any // fields of the answer's state when legal
		next       float64
		roundOver  bool
	}{
		// «La carte folle est "transparente", on peut donc jouer une carte de n'importe quelle couleur sur elle.»
		{name: "any colour on a crazy card", body: turn(4, 1, "CRAZY", "R", "", `, "turn": {"play": ["B7"]}`),
			legal: true, want: map[string]any{"top": "B7", "color": "B"}, next: 2},
		{name: "crazyAnyColour false: the colour underneath", body: turn(4, 1, "CRAZY", "R", "", `, "turn": {"play": ["B7"]}, "rules": {"crazyAnyColour": false}`),
			rule: "taki.crazy-colour"},
		{name: "crazyAnyColour false: the colour underneath goes", body: turn(4, 1, "CRAZY", "R", "", `, "turn": {"play": ["R7"]}, "rules": {"crazyAnyColour": false}`),
			legal: true, want: map[string]any{"top": "R7"}, next: 2},
		{name: "2 players: any colour on a crazy card, last card", body: turn(2, 0, "CRAZY", "G", "", `, "hand": ["Y4"], "turn": {"play": ["Y4"]}`),
			legal: true, next: 1, roundOver: true},
		// «une carte TAKI doit être fermée en annonçant "TAKI fermé"» and «Le TAKI reste ouvert jusqu'à ce qu'un joueur le ferme.»
		{name: "a TAKI alone with «TAKI fermé» is closed", body: turn(4, 0, "R5", "R", "", `, "turn": {"play": ["RTAKI"], "closeTaki": true}`),
			legal: true, want: map[string]any{"top": "RTAKI", "openTaki": nil}, next: 1},
		{name: "a TAKI alone without it stays open", body: turn(4, 0, "R5", "R", "", `, "turn": {"play": ["RTAKI"]}`),
			legal: true, want: map[string]any{"openTaki": "R"}, next: 1},
		{name: "a Super TAKI alone with «TAKI fermé» is closed", body: turn(4, 0, "R5", "R", "", `, "turn": {"play": ["SUPERTAKI"], "color": "B", "closeTaki": true}`),
			legal: true, want: map[string]any{"color": "B", "openTaki": nil}, next: 1},
		{name: "a run ending on a TAKI with «TAKI fermé» is closed", body: turn(4, 0, "R5", "R", "", `, "turn": {"play": ["RTAKI", "R8", "RTAKI"], "closeTaki": true}`),
			legal: true, want: map[string]any{"openTaki": nil}, next: 1},
		{name: "a run ending on a TAKI without it stays open", body: turn(4, 0, "R5", "R", "", `, "turn": {"play": ["RTAKI", "R8", "RTAKI"]}`),
			legal: true, want: map[string]any{"openTaki": "R"}, next: 1},
		// «le joueur suivant a alors la possibilité de jouer toutes les cartes de cette couleur qu'il a en main»
		{name: "no blue TAKI on the red 7 of an open TAKI", body: turn(4, 1, "R7", "R", `, "openTaki": "R"`, `, "turn": {"play": ["BTAKI"]}`),
			rule: "taki.taki"},
		{name: "a blue TAKI on the open red TAKI", body: turn(4, 1, "RTAKI", "R", `, "openTaki": "R"`, `, "turn": {"play": ["BTAKI", "B1"], "closeTaki": true}`),
			legal: true, want: map[string]any{"color": "B", "openTaki": nil}, next: 2},
		{name: "red cards go on an open red TAKI, 2 players", body: turn(2, 1, "R7", "R", `, "openTaki": "R"`, `, "turn": {"play": ["R1", "R2"]}`),
			legal: true, want: map[string]any{"top": "R2", "openTaki": "R"}, next: 0},
		// «cartes Chiffre : 2 de chaque valeur (1-9) dans chaque couleur»
		{name: "a red 2 on a red 5", body: turn(4, 0, "R5", "R", "", `, "turn": {"play": ["R2"]}`),
			legal: true, want: map[string]any{"top": "R2"}, next: 1},
		{name: "a 2 is not a +2", body: turn(4, 0, "R+2", "R", "", `, "turn": {"play": ["G2"]}`),
			rule: "taki.match"},
	}
	for _, tt := range tests {
		code, got := post("/api/v1/taki/turn", tt.body)
		if code != http.StatusOK {
			t.Errorf("%s: %d %v, want 200", tt.name, code, got)
			continue
		}
		if !tt.legal {
			if got["legal"] != false || rule(got) != tt.rule {
				t.Errorf("%s: %v, want illegal under %s", tt.name, got, tt.rule)
			}
			continue
		}
		if got["legal"] != true || got["next"] != tt.next || got["roundOver"] != tt.roundOver {
			t.Errorf("%s: %v, want legal, next %v, roundOver %v", tt.name, got, tt.next, tt.roundOver)
			continue
		}
		for k, v := range tt.want {
			if state(got)[k] != v {
				t.Errorf("%s: state.%s = %v, want %v", tt.name, k, state(got)[k], v)
			}
		}
	}

	// Scoring the plain 2: «toutes les autres cartes font perdre leur valeur».
	code, got := post("/api/v1/taki/score", `{"winner": "Dana", "players": [{"name": "Dana", "cards": []}, {"name": "Eli", "cards": ["R2", "B2", "G+2"]}]}`)
	players, _ := got["players"].([]any)
	if code != http.StatusOK || len(players) != 2 {
		t.Fatalf("scoring 2s: %d %v", code, got)
	}
	if eli, _ := players[1].(map[string]any); eli["points"] != -14.0 || eli["working"] != "−(2 + 2) − 1 × 10 = −14" {
		t.Errorf("Eli's R2 B2 G+2: %v, want −(2 + 2) − 1 × 10 = −14", eli)
	}

	// Tables that cannot exist: 400 naming the field.
	bad := []struct{ path, name, body, field string }{
		{"/api/v1/taki/turn", "a third red 2", turn(4, 0, "R2", "R", "", `, "hand": ["R2", "R2"], "turn": {"play": ["R2"]}`), "hand[1]"},
		{"/api/v1/taki/turn", "an empty hand", turn(2, 0, "R5", "R", "", `, "hand": [], "turn": {"draw": true}`), "hand"},
		{"/api/v1/taki/turn", "a 0", turn(4, 0, "R5", "R", "", `, "turn": {"play": ["R0"]}`), "turn.play[0]"},
		{"/api/v1/taki/turn", "crazyAnyColour not a yes/no", turn(4, 1, "CRAZY", "R", "", `, "turn": {"play": ["B7"]}, "rules": {"crazyAnyColour": "maybe"}`), "rules.crazyAnyColour"},
		{"/api/v1/taki/score", "a third yellow 2", `{"winner": "A", "players": [{"name": "A"}, {"name": "B", "cards": ["Y2", "Y2"]}, {"name": "C", "cards": ["Y2"]}]}`, "players[2].cards[0]"},
	}
	for _, tt := range bad {
		code, got := post(tt.path, tt.body)
		if code != http.StatusBadRequest || field(got) != tt.field {
			t.Errorf("%s: %d %v, want 400 on %q", tt.name, code, got, tt.field)
		}
	}
}
