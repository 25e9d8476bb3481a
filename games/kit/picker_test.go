package kit

import (
	"net/url"
	"slices"
	"testing"
)

func TestReadPicker(t *testing.T) {
	for _, tt := range []struct {
		name string
		form url.Values
		want PickerPost
	}{
		{"the button opens another seat", url.Values{"picker": {"0"}, "pick": {"2"}, "tap": {"JK"}}, PickerPost{Open: "2", Tap: "JK", Index: LastChip}},
		{"the seat carried stays open", url.Values{"picker": {"1"}, "untap": {"1:3"}}, PickerPost{Open: "1", From: "1", Index: 3}},
		{"a button after its hidden field wins", url.Values{"target": {"top", "play"}, "pop": {"hand"}}, PickerPost{Open: "play", From: "hand", Index: LastChip}},
		{"a chip that is no chip is ignored", url.Values{"untap": {"1:-2"}}, PickerPost{Index: LastChip}},
	} {
		chosen := "pick"
		if tt.form.Has("target") {
			chosen = "target"
		}
		if got := ReadPicker(tt.form, map[string]string{"pick": "picker", "target": "target"}[chosen], chosen); got != tt.want {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
	}
	if (PickerPost{Open: "4"}).Seat(4) != -1 || (PickerPost{Open: "x"}).Seat(4) != -1 || (PickerPost{Open: "3"}).Seat(4) != 3 {
		t.Error("seat: a seat outside the match is opened")
	}
}

func TestUntap(t *testing.T) {
	list := []string{"a", "b", "c"}
	if got, gone, ok := Untap(list, 1); !ok || gone != "b" || !slices.Equal(got, []string{"a", "c"}) || !slices.Equal(list, []string{"a", "b", "c"}) {
		t.Errorf("untap 1 = %v %q %v (list now %v)", got, gone, ok, list)
	}
	if got, _, _ := Untap(list, LastChip); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("pop = %v", got)
	}
	if got, _, ok := Untap(list, 3); ok || len(got) != 3 {
		t.Errorf("untap past the end = %v %v", got, ok)
	}
	if _, _, ok := Untap([]string{}, LastChip); ok {
		t.Error("pop of an empty field took a card")
	}
	if s, gone := UntapCode("JH  JS JD", 1); s != "JH JD" || gone != "JS" {
		t.Errorf("untapCode = %q %q", s, gone)
	}
}

// TestSheetField: where a referee page's card sheet is after a post, the
// same rule on the Five Crowns and TAKI pages.
func TestSheetField(t *testing.T) {
	fields := []string{"top", "play", "hand"}
	known := func(name string) bool { return slices.Contains(fields, name) }
	for _, tt := range []struct {
		name   string
		form   url.Values
		target string // the field the page kept
		want   string
	}{
		{"a field's button opens it", url.Values{"target": {"top"}, "pick": {"hand"}}, "top", "hand"},
		{"the sheet's buttons post a number", url.Values{"target": {"top"}, "pick": {"1"}}, "top", "play"},
		{"a tap keeps the sheet where it was", url.Values{"target": {"play"}, "tap": {"3R"}}, "play", "play"},
		{"Done closes it", url.Values{"target": {"play"}, "pick": {"done"}}, "play", ""},
		{"the verdict is not drawn under a sheet", url.Values{"target": {"play"}, "op": {"judge"}}, "play", ""},
		{"a field the page does not have closes it", url.Values{"target": {"meld9"}}, "meld9", ""},
		{"a number beyond the fields names none", url.Values{"target": {"top"}, "pick": {"7"}}, "top", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			pk := ReadPicker(tt.form, "target", "pick")
			pk.Open, pk.From = FieldNamed(pk.Open, fields), FieldNamed(pk.From, fields)
			if got := SheetField(tt.form, pk, tt.target, known); got != tt.want {
				t.Errorf("sheet on %q, want %q", got, tt.want)
			}
		})
	}
}
