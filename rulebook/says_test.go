package rulebook_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

// The house rules' refusals read word for word as the API has always
// answered them, in English and in French, from the message files.
func TestHouseRuleRefusalsRead(t *testing.T) {
	decl := []rulebook.HouseRule{rulebook.Bool("pickupEndsTurn", false), rulebook.Choice("lastCardPenalty", "4", []string{"1", "4"})}
	resolve := func(given map[string]string) error { _, err := rulebook.Resolve(decl, given); return err }
	decode := func(body string) error { var r rulebook.JSONRules; return json.Unmarshal([]byte(body), &r) }
	for _, tt := range []struct {
		name   string
		err    error
		field  string
		en, fr string
	}{
		{"unknown key", resolve(map[string]string{"nope": "true"}), "rules.nope",
			`There is no house rule "nope".`, "La règle maison « nope » n'existe pas."},
		{"value not allowed", resolve(map[string]string{"pickupEndsTurn": "maybe"}), "rules.pickupEndsTurn",
			`House rule "pickupEndsTurn" cannot be "maybe" (allowed: false, true).`,
			"La règle maison « pickupEndsTurn » ne peut valoir « maybe » (valeurs permises : false, true)."},
		{"not an object", decode(`[1]`), "rules",
			"The house rules must be given as names and values.", "Les règles maison doivent être données par noms et valeurs."},
		{"an array value", decode(`{"limit": [1]}`), "rules.limit",
			`House rule "limit" must be true, false, a number or a string.`,
			"La règle maison « limit » doit valoir true, false, un nombre ou une chaîne."},
	} {
		var ie *rulebook.InputError
		if !errors.As(tt.err, &ie) || ie.Field != tt.field {
			t.Errorf("%s: %v, want an input error on %s", tt.name, tt.err, tt.field)
			continue
		}
		if en, fr := views.Messages().Mistake("en", ie), views.Messages().Mistake("fr", ie); en != tt.en || fr != tt.fr {
			t.Errorf("%s: reads %q / %q, want %q / %q", tt.name, en, fr, tt.en, tt.fr)
		}
	}
}
