package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// A Take 5! deal is a deal ("Donne") wherever the scoresheet names its
// rows: the column, the hidden header of the corrections, the undo in the
// menu, the table's heading for screen readers; another game keeps "Manche".
func TestTake5RowsAreDealsInFrench(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	c.lang = "fr"
	m := take5Match(t, c, "Ana", "Bob")
	if rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"5", "3", "1", "1", "1"}, [5]string{"3", "20", "", "1", ""})); rec.Code != http.StatusSeeOther {
		t.Fatalf("save: %d\n%s", rec.Code, rec.Body)
	}
	d := doc(t, c.get(m))
	head := d.Find(`[data-testid="scores"] thead th`)
	if got := strings.TrimSpace(head.First().Text()); got != "Donne" {
		t.Errorf("rows' column: %q, want Donne", got)
	}
	if got := strings.TrimSpace(head.Last().Text()); got != "Corriger une donne" {
		t.Errorf("corrections' column: %q, want Corriger une donne", got)
	}
	if got := strings.TrimSpace(d.Find(`[data-testid="undo-ask"]`).Text()); got != "Annuler la dernière donne…" {
		t.Errorf("undo: %q, want Annuler la dernière donne…", got)
	}
	if got := strings.TrimSpace(d.Find(`#scores h2`).Text()); got != "Donnes" {
		t.Errorf("the deals' heading: %q, want Donnes", got)
	}
	if strings.Contains(strings.ToLower(d.Find(`[data-testid="scores"]`).Text()), "manche") {
		t.Errorf("the deals' table says manche: %s", d.Find(`[data-testid="scores"]`).Text())
	}
}
