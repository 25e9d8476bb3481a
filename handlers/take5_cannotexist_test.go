package handlers

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// Issue 27: tables that cannot exist are refused alike by the API (400
// naming the field), the referee page and the scoresheet (the message next
// to the field). The sheet's sentences they rest on:
const (
	t5SheetOnTop    = "Les cartes doivent être posées à la suite, en respectant l'ordre croissant, sur la carte précédente."
	t5SheetSpecials = "On distribue à chaque joueur une carte „x 2” et une carte „+ 5”. Les cartes spéciales restantes sont écartées du jeu."
)

func TestTake5CannotExistAPI(t *testing.T) {
	app := newTestApp(t)
	for _, tt := range []struct {
		name, endpoint, lang, body, field, say, sheet string
	}{
		{"40 after 50 beside a row of 60", "play", "en", `{"rows": [{"cards": [50, 40]}, {"cards": [60]}], "play": [{"card": 70}]}`,
			"rows[0].cards[1]", "40 cannot follow 50 in row 1", t5SheetOnTop},
		{"the same, in French", "play", "fr", `{"rows": [{"cards": [50, 40]}, {"cards": [60]}], "play": [{"card": 70}]}`,
			"rows[0].cards[1]", "Le 40 ne peut pas suivre le 50 dans la rangée 1", t5SheetOnTop},
		{"two players: both x2 collected while the other kept both his specials", "score", "en",
			`{"players": [{"name": "Ana", "green": 10, "red": 0, "x2": 2}, {"name": "Ben", "green": 0, "red": 0, "specialsInHand": 2}]}`,
			"players[1].specialsInHand", "1 player still holds both his specials", t5SheetSpecials},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/take5/"+tt.endpoint, strings.NewReader(tt.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept-Language", tt.lang)
		rec := httptest.NewRecorder()
		app.e.ServeHTTP(rec, req)
		var got apiError
		_ = json.Unmarshal(rec.Body.Bytes(), &got)
		if rec.Code != http.StatusBadRequest || got.Error.Field != tt.field || !strings.Contains(got.Error.Message, tt.say) {
			t.Errorf("%s («%s»): API %d on %q saying %q, want 400 on %q saying %q", tt.name, tt.sheet, rec.Code, got.Error.Field, got.Error.Message, tt.field, tt.say)
		}
	}
}

func TestTake5CannotExistRefereePage(t *testing.T) {
	for _, tt := range []struct {
		name, lang string
		rows       []string
		badRow     int // 1-based
		say        string
	}{
		{"40 after 50 beside a row of 60", "", []string{"50 40", "60"}, 1, "40 cannot follow 50 in row 1"},
		{"the same, in French", "fr", []string{"50 40", "60"}, 1, "Le 40 ne peut pas suivre le 50 dans la rangée 1"},
		{"30 after 10 beside a row of 20", "", []string{"10 30", "20"}, 1, "row 2, ended with a card between 10 and 30"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			app := newTestApp(t)
			c := app.client()
			c.lang = tt.lang
			rec := c.post("/referee/take5", t5Table(tt.rows, "80"))
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("status %d, want 422 («%s»)\n%s", rec.Code, t5SheetOnTop, rec.Body)
			}
			d := doc(t, rec)
			d.Find(`[data-testid="row"]`).Each(func(i int, row *goquery.Selection) {
				msg := strings.TrimSpace(row.Find(`[data-testid="row-error"]`).Text())
				inv, _ := row.Find(`[data-testid="row-cards"]`).Attr("aria-invalid")
				if i+1 == tt.badRow && (!strings.Contains(msg, tt.say) || inv != "true") {
					t.Errorf("row %d: message %q, aria-invalid %q; want %q next to it", i+1, msg, inv, tt.say)
				}
				if i+1 != tt.badRow && msg != "" {
					t.Errorf("row %d: message %q, want none (row %d is at fault)", i+1, msg, tt.badRow)
				}
			})
			if d.Find(`[data-testid="verdict"]`).Length() != 0 {
				t.Error("a verdict is shown on a table that cannot exist")
			}
		})
	}
}

func TestTake5CannotExistScoresheet(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Ana", "Ben")
	rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"10", "0", "", "2", ""}, [5]string{"0", "0", "", "", "2"}))
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("Ana collected both x2 while Ben kept both his specials: status %d, want 422 («%s»)", rec.Code, t5SheetSpecials)
	}
	d := doc(t, rec)
	ben := d.Find(`[data-testid="seat"][data-player="Ben"]`)
	if inv, _ := ben.Find(`#hand_1`).Attr("aria-invalid"); inv != "true" {
		t.Errorf("Ben's specials in hand: aria-invalid %q, want true", inv)
	}
	// Said once, next to Save, naming Ben; his line is marked and points to it.
	if got := fieldSays(d, `[data-testid="seat"][data-player="Ben"]`); !strings.HasPrefix(got, "Ben: ") || !strings.Contains(got, "1 player still holds both his specials, so his “x2” too: that makes 3") {
		t.Errorf("Ben's line points to %q, want the specials bound", got)
	}
	if n := doc(t, c.get(m)).Find(`[data-testid="round-row"]`).Length(); n != 0 {
		t.Errorf("%d deals saved, want none", n)
	}
	// Ana collected only her own x2: Ben's two specials stayed in his hand.
	if rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"5", "0", "", "1", ""}, [5]string{"0", "0", "", "", "2"})); rec.Code != http.StatusSeeOther {
		t.Errorf("Ana collected her own x2, Ben kept both: status %d, want 303", rec.Code)
	}
}

// The referee page's help says that a row's 5th card takes it (Take 5!),
// not the 6th (6 nimmt!).
func TestTake5RefereeHelpSaysFifth(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	for lang, want := range map[string]string{"en": "a 5th card takes the row", "fr": "une 5e carte la ramasse"} {
		c.lang = lang
		help := doc(t, c.get("/referee/take5")).Find(`#t5-ref p.muted`).First().Text()
		if !strings.Contains(help, want) || strings.Contains(help, "6") {
			t.Errorf("%s: help %q, want it to say %q and no 6th", lang, help, want)
		}
	}
}

// The import of a saved group checks each Take 5! deal with the same
// validator: a deal whose specials cannot have been dealt is refused, and
// nothing is imported.
func TestTake5CannotExistImport(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	m := take5Match(t, c, "Ana", "Ben")
	if rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"5", "0", "", "1", ""}, [5]string{"0", "0", "", "", "2"})); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	slug := strings.Split(m, "/")[2]
	file := c.get("/g/" + slug + "/export.json").Body.String()
	from := `{"Green":5,"Red":0,"Plus5":0,"X2":1,"SpecialsInHand":0}`
	if !strings.Contains(file, from) {
		t.Fatalf("the export does not hold %s:\n%s", from, file)
	}
	before := countGroups(t, c)
	rec := postFile(c, "/import", url.Values{"display": {"Ana"}}, []byte(strings.Replace(file, from, `{"Green":10,"Red":0,"Plus5":0,"X2":2,"SpecialsInHand":0}`, 1)))
	if want := "1 player still holds both his specials"; rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), want) {
		t.Errorf("import of Ana collecting both x2 while Ben kept both his specials = %d, want 422 saying %q («%s»)", rec.Code, want, t5SheetSpecials)
	}
	if countGroups(t, c) != before {
		t.Error("a refused import created a group")
	}
}
