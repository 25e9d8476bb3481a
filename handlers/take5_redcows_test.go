package handlers

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// Issue 41: «Sur les cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes
// rouges». At two players A's 52 green and 10 red cows need 6 of the 7 rows;
// B's one row of five cards makes 33 or 35 red cows, never 34. The API, the
// scoresheet and the import refuse B's 34 alike, naming his red cows.
const t5SheetRed = "Sur les cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes rouges"

func TestTake5RedCowsAPI(t *testing.T) {
	app := newTestApp(t)
	body := `{"players": [{"name": "Ana", "green": 52, "red": 10}, {"name": "Ben", "green": 0, "red": %s}]}`
	for _, tt := range []struct {
		lang, red string
		code      int
		say       string
	}{
		{"en", "34", http.StatusBadRequest, "34 red cows cannot be collected in the only row the other piles leave"},
		{"fr", "34", http.StatusBadRequest, "34 vachettes rouges ne peuvent pas être ramassées dans la seule rangée que laissent les autres tas (ils en ont au moins 6 sur 7). « " + t5SheetRed + " »"},
		{"en", "35", http.StatusOK, ""},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/take5/score", strings.NewReader(strings.Replace(body, "%s", tt.red, 1)))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", tt.lang)
		rec := httptest.NewRecorder()
		app.e.ServeHTTP(rec, req)
		if tt.code == http.StatusOK {
			if rec.Code != http.StatusOK {
				t.Errorf("Ben's %s red cows (five cards of 7): %d %s, want 200", tt.red, rec.Code, rec.Body)
			}
			continue
		}
		var got apiError
		_ = json.Unmarshal(rec.Body.Bytes(), &got)
		if rec.Code != tt.code || got.Error.Field != "players[1].red" || !strings.Contains(got.Error.Message, tt.say) {
			t.Errorf("%s: API %d on %q saying %q, want %d on players[1].red saying %q («%s»)", tt.lang, rec.Code, got.Error.Field, got.Error.Message, tt.code, tt.say, t5SheetRed)
		}
	}
}

func TestTake5RedCowsScoresheet(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Ana", "Ben")
	rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"52", "10", "", "", ""}, [5]string{"0", "34", "", "", ""}))
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("Ben's 34 red cows in one row: status %d, want 422 («%s»)", rec.Code, t5SheetRed)
	}
	d := doc(t, rec)
	ben := `[data-testid="seat"][data-player="Ben"]`
	if inv, _ := d.Find(ben).Find(`#red_1`).Attr("aria-invalid"); inv != "true" {
		t.Errorf("Ben's red cows: aria-invalid %q, want true", inv)
	}
	if got := fieldSays(d, ben); !strings.HasPrefix(got, "Ben: 34 red cows cannot be collected") || !strings.Contains(got, "«"+t5SheetRed+"»") || !strings.Contains(got, "33 or 35 red cows, never 34") {
		t.Errorf("Ben's line points to %q, want his 34 red cows refused, quoting the sheet", got)
	}
	if n := doc(t, c.get(m)).Find(`[data-testid="round-row"]`).Length(); n != 0 {
		t.Errorf("%d deals saved, want none", n)
	}
	if rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"52", "10", "", "", ""}, [5]string{"0", "35", "", "", ""})); rec.Code != http.StatusSeeOther {
		t.Errorf("Ben's 35 red cows (five cards of 7): status %d, want 303", rec.Code)
	}
}

// The import checks each deal with the same Score: Ben's 35 red cows made
// 34 in the file are refused, and nothing is imported.
func TestTake5RedCowsImport(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Ana", "Ben")
	if rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"52", "10", "", "", ""}, [5]string{"0", "35", "", "", ""})); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	slug := strings.Split(m, "/")[2]
	file := c.get("/g/" + slug + "/export.json").Body.String()
	from := `{"Green":0,"Red":35,"Plus5":0,"X2":0,"SpecialsInHand":0}`
	if !strings.Contains(file, from) {
		t.Fatalf("the export does not hold %s:\n%s", from, file)
	}
	before := countGroups(t, c)
	rec := postFile(c, "/import", url.Values{"display": {"Ana"}}, []byte(strings.Replace(file, from, strings.Replace(from, "35", "34", 1), 1)))
	if want := "34 red cows cannot be collected"; rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), want) {
		t.Errorf("import of Ben's 34 red cows = %d, want 422 saying %q («%s»)", rec.Code, want, t5SheetRed)
	}
	if countGroups(t, c) != before {
		t.Error("a refused import created a group")
	}
}
