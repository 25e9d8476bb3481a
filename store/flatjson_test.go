package store

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// decodeStrings gives what json.Unmarshal gives, map and error alike, on the
// forms the store writes, on random near-misses of them, and on other JSON.
func TestDecodeStringsAgreesWithEncodingJSON(t *testing.T) {
	texts := []string{`{}`, ` { } `, `{"a":"1"}`, `{"startRound":"3","firstDealer":"2"}`, `{"a":"1","a":"2"}`,
		` {"a" : "x y" , "b":""} `, `{"a":"\u00e9"}`, `{"é":"1"}`, `{"a":"1",}`, `{"a":1}`, `{"a":null}`, `null`, ``,
		`{"a":"1"} x`, `{"a":"1"`, `{"a"}`, `{,}`, `[]`, `"x"`, `{"a":"1"}{}`, "{\"a\":\"\t\"}", `{"a":"\"q"}`, `{"a":"` + "\xff" + `"}`}
	r := rand.New(rand.NewPCG(19, 5))
	alphabet := []byte(`{}":, ab1\` + "\t\xc3\xa9")
	for range 20000 {
		b := []byte(`{"ab":"1","b":"x"}`)
		for range 1 + r.IntN(3) {
			switch i := r.IntN(len(b)); r.IntN(3) {
			case 0:
				b[i] = alphabet[r.IntN(len(alphabet))]
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = append(b[:i], append([]byte{alphabet[r.IntN(len(alphabet))]}, b[i:]...)...)
			}
		}
		texts = append(texts, string(b))
	}
	for _, text := range texts {
		got, err := decodeStrings(text)
		var want map[string]string
		wantErr := json.Unmarshal([]byte(text), &want)
		if (err == nil) != (wantErr == nil) || err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("decodeStrings(%q) = %#v, %v; encoding/json: %#v, %v", text, got, err, want, wantErr)
		}
	}
}
