package handlers

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/views"
)

func TestHumanTime(t *testing.T) {
	at := time.Date(2026, 2, 7, 20, 5, 0, 0, time.UTC)
	for lang, want := range map[string]string{"en": "7 Feb 2026, 20:05", "fr": "7 févr. 2026, 20:05", "de": "7 Feb 2026, 20:05"} {
		if got := views.HumanTime(at, lang); got != want {
			t.Errorf("views.HumanTime(%v, %q) = %q, want %q", at, lang, got, want)
		}
	}
}

// With a time zone set, pages show the table's own clock, and a season's
// days begin at midnight there: a round saved at 23:30 UTC on 31 December
// is 00:30 on 1 January in Paris, in the new year's season.
func TestPagesShowTheConfiguredTimeZone(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no tzdata on this machine:", err)
	}
	app := newTestApp(t)
	app.srv.zone = paris
	a := app.client()
	slug := a.group("Paris")
	matchURL := fcMatch(t, a, slug, a.players(slug, "Ana", "Ben"), "1")
	if rec := a.post(matchURL+"/rounds", roundForm("1.x", "12")); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d", rec.Code)
	}
	edit, _ := doc(t, a.get(matchURL)).Find("[data-testid=history-link]").First().Attr("href")
	hist := doc(t, a.get(edit)).Text()
	saved := app.store.Now().Add(-time.Second).In(paris) // the test clock ticks a second per call
	if want := fmt.Sprintf("%02d:", saved.Hour()); !strings.Contains(hist, want) {
		t.Errorf("round history shows no time at %s Paris time: %s", want, hist)
	}
	newYear := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC) // a calendar date, as the store keeps them
	if got, want := app.srv.startOf(newYear), time.Date(2026, 12, 31, 23, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("1 January begins at %v in Paris, want %v UTC", got.UTC(), want)
	}
	f := seasonChoice{from: app.srv.startOf(newYear), to: app.srv.startOf(newYear.AddDate(1, 0, 0))}.filter("")
	late := time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC)
	if late.Before(f.From) {
		t.Error("a match at 00:30 Paris time on 1 January falls before the new year's season")
	}
}
