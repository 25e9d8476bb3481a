package rulebook

import (
	"errors"
	"testing"
)

var decl = []HouseRule{
	Bool("pickupEndsTurn", false),
	Choice("lastCardPenalty", "4", []string{"1", "4"}),
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name      string
		given     map[string]string
		want      Settings
		wantField string
	}{
		{"defaults", nil, Settings{"pickupEndsTurn": "false", "lastCardPenalty": "4"}, ""},
		{"override", map[string]string{"pickupEndsTurn": "true"}, Settings{"pickupEndsTurn": "true", "lastCardPenalty": "4"}, ""},
		{"unknown key", map[string]string{"nope": "true"}, nil, "rules.nope"},
		{"bad value", map[string]string{"lastCardPenalty": "7"}, nil, "rules.lastCardPenalty"},
	}
	for _, tt := range tests {
		got, err := Resolve(decl, tt.given)
		var ie *InputError
		if tt.wantField != "" {
			if !errors.As(err, &ie) || ie.Field != tt.wantField {
				t.Errorf("%s: Resolve(%v) error = %v, want field %q", tt.name, tt.given, err, tt.wantField)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: Resolve(%v) error = %v", tt.name, tt.given, err)
		}
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("%s: Resolve(%v)[%q] = %q, want %q", tt.name, tt.given, k, got[k], v)
			}
		}
	}
}

func TestSettingsAccessors(t *testing.T) {
	s, _ := Resolve(decl, map[string]string{"pickupEndsTurn": "true", "lastCardPenalty": "1"})
	if !s.Bool("pickupEndsTurn") || s.Int("lastCardPenalty") != 1 {
		t.Errorf("accessors on %v: Bool = %v, Int = %d", s, s.Bool("pickupEndsTurn"), s.Int("lastCardPenalty"))
	}
	if got := s.Changed(decl); len(got) != 2 {
		t.Errorf("Changed() = %v, want both keys", got)
	}
	if got := Defaults(decl).Changed(decl); len(got) != 0 {
		t.Errorf("Defaults().Changed() = %v, want none", got)
	}
}

func TestJSONRules(t *testing.T) {
	var r JSONRules
	if err := r.UnmarshalJSON([]byte(`{"a": true, "b": 4, "c": "apply", "d": false}`)); err != nil {
		t.Fatal(err)
	}
	want := JSONRules{"a": "true", "b": "4", "c": "apply", "d": "false"}
	for k, v := range want {
		if r[k] != v {
			t.Errorf("JSONRules[%q] = %q, want %q", k, r[k], v)
		}
	}
	for _, bad := range []string{`{"a": null}`, `{"a": [1]}`, `[1]`, `{"a": {}}`} {
		var r JSONRules
		if err := r.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("JSONRules.UnmarshalJSON(%s) = nil, want an error", bad)
		}
	}
}

// An unknown or stale key, or a value no longer allowed, is dropped alone:
// the other stored rules keep their values.
func TestResolveKnownDropsOnlyWhatItDoesNotKnow(t *testing.T) {
	decl := []HouseRule{
		Bool("a", false),
		Choice("b", "x", []string{"x", "y"}),
		Bool("c", true),
	}
	got := ResolveKnown(decl, map[string]string{"a": "true", "b": "z", "gone": "1", "c": "false"})
	want := Settings{"a": "true", "b": "x", "c": "false"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
}
