package handlers

import (
	"net/http"
	"testing"
)

// A count that is not a number is refused by the deal form before the
// engine, on its player's line, naming the field in the reader's language.
func TestTake5CountNotANumber(t *testing.T) {
	app := newTestApp(t)
	for _, tt := range []struct {
		lang, field string
		ben         [5]string
		want        string
	}{
		{"en", "red", [5]string{"0", "x", "", "", ""}, "Ben: Red cows: “x” is not a count. Type a whole number, 0 or more."},
		{"fr", "red", [5]string{"0", "x", "", "", ""}, "Ben : Vachettes rouges : « x » n'est pas un nombre. Tapez un nombre entier, 0 ou plus."},
		{"en", "hand", [5]string{"0", "0", "", "", "x"}, "Ben: Specials in hand: “x” is not a count. Type a whole number, 0 or more."},
		{"fr", "hand", [5]string{"0", "0", "", "", "x"}, "Ben : Spéciales en main : « x » n'est pas un nombre. Tapez un nombre entier, 0 ou plus."},
	} {
		c := app.client()
		c.lang = tt.lang
		m := take5Match(t, c, "Ana", "Ben")
		rec := c.post(m+"/rounds", t5Deal("save", false, [5]string{"5", "0", "", "", ""}, tt.ben))
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("%s: %s “x”: status %d, want 422", tt.lang, tt.field, rec.Code)
		}
		d := doc(t, rec)
		ben := `[data-testid="seat"][data-player="Ben"]`
		if inv, _ := d.Find(ben).Find("#" + tt.field + "_1").Attr("aria-invalid"); inv != "true" {
			t.Errorf("%s: Ben's %s: aria-invalid %q, want true", tt.lang, tt.field, inv)
		}
		if got := fieldSays(d, ben); got != tt.want {
			t.Errorf("%s: Ben's line points to %q, want %q", tt.lang, got, tt.want)
		}
		if n := d.Find(`[data-testid="seat"][data-player="Ana"]`).Find(`[aria-invalid="true"]`).Length(); n != 0 {
			t.Errorf("%s: %d of Ana's fields marked at fault, want none", tt.lang, n)
		}
	}
}
