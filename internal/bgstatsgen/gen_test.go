package bgstatsgen

import (
	"bytes"
	"encoding/json"
	"testing"
)

// The file is JSON, the same for the same options, and a Play file has no
// groups.
func TestMake(t *testing.T) {
	for _, o := range []Options{{Seed: 1, Plays: 300, Platform: "ios"}, {Seed: 2, Plays: 300, Platform: "android", Old: true, PlayFile: true}} {
		b := Make(o)
		var v map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%+v: %v\n%.300s", o, err, b)
		}
		if !bytes.Equal(b, Make(o)) {
			t.Errorf("%+v: not the same twice", o)
		}
		if _, groups := v["groups"]; groups == o.PlayFile {
			t.Errorf("%+v: groups %v", o, groups)
		}
		if n := len(v["plays"].([]any)); n != o.Plays {
			t.Errorf("%+v: %d plays", o, n)
		}
	}
}
