package scoring

import (
	"errors"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

// An entry stored before versions reads as version 1; a newer one than
// this build knows is refused on the field "v", in both languages.
func TestDecodeVersion(t *testing.T) {
	for _, tt := range []struct{ v, latest, want int }{{0, 1, 1}, {1, 1, 1}, {2, 3, 2}} {
		if got, err := DecodeVersion(tt.v, tt.latest); err != nil || got != tt.want {
			t.Errorf("DecodeVersion(%d, %d) = %d, %v; want %d", tt.v, tt.latest, got, err, tt.want)
		}
	}
	tr, err := views.NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []int{2, -1} {
		_, err := DecodeVersion(v, 1)
		var ie *rulebook.InputError
		if !errors.As(err, &ie) || ie.Field != "v" || !rulebook.IsSentence(tr.Mistake("en", ie), tr.Mistake("fr", ie)) {
			t.Errorf("version %d of 1: %v, want an input error on v in both languages", v, err)
		}
	}
	_, err = DecodeVersion(3, 2)
	var ie *rulebook.InputError
	if !errors.As(err, &ie) || tr.Mistake("fr", ie) != "Cette manche a été enregistrée dans la version 3 de sa saisie, que cette version du logiciel ne sait pas lire (elle lit jusqu'à la version 2)." {
		t.Errorf("version 3 of 2: %v, want the French sentence as before", err)
	}
}
