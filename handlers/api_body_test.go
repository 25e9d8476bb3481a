package handlers

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A body the API cannot read is answered with what is wrong with it, in the
// language asked for (docs/API.md), from the message files.
func TestAPIUnreadableBodySaysWhy(t *testing.T) {
	app := newTestApp(t)
	tests := []struct {
		name, body  string
		status      int
		code, field string
		en, fr      string
	}{
		{"empty", ``, 400, "invalid_json", "",
			"the body is empty: a JSON object is expected", "le corps est vide : un objet JSON est attendu"},
		{"not JSON", `{"round": 3,`, 400, "invalid_json", "",
			"the body is not valid JSON", "le corps n'est pas du JSON valide"},
		{"a stray character", `{"round": x}`, 400, "invalid_json", "",
			"the body is not valid JSON (at byte 11)", "le corps n'est pas du JSON valide (octet 11)"},
		{"two objects", `{"round": 3, "players": []} {}`, 400, "invalid_json", "",
			"the body must hold one JSON object only", "le corps doit contenir un seul objet JSON"},
		{"a list for the body", `[1]`, 400, "invalid_json", "",
			"the body must be an object, not a JSON array.", "le corps doit être un objet, pas array JSON."},
		{"text for a number", `{"round": "3"}`, 400, "invalid_json", "round",
			"round must be a number, not a JSON string.", "round doit être un nombre, pas string JSON."},
		{"a number for a list", `{"round": 3, "players": 2}`, 400, "invalid_json", "players",
			"players must be a list, not a JSON number.", "players doit être une liste, pas number JSON."},
		{"an unknown field", `{"round": 3, "colour": "red"}`, 400, "unknown_field", "colour",
			`unknown field "colour"`, "champ inconnu « colour »"},
	}
	for _, tt := range tests {
		for lang, want := range map[string]string{"en": tt.en, "fr": tt.fr} {
			req := httptest.NewRequest(http.MethodPost, "/api/v1/fivecrowns/score", strings.NewReader(tt.body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept-Language", lang)
			rec := serveReq(app, req)
			var got apiError
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatalf("%s (%s): %d, not JSON: %s", tt.name, lang, rec.Code, rec.Body)
			}
			if rec.Code != tt.status || got.Error.Code != tt.code || got.Error.Field != tt.field || got.Error.Message != want {
				t.Errorf("%s (%s): %d %+v\nwant %d %s on %q: %q", tt.name, lang, rec.Code, got.Error, tt.status, tt.code, tt.field, want)
			}
		}
	}
}
