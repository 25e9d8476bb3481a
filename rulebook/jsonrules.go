package rulebook

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// JSONRules is the API's optional "rules" object: house-rule keys (game
// prefix dropped) with JSON booleans, numbers or strings as values. It
// decodes into the string form that Resolve takes.
type JSONRules map[string]string

// UnmarshalJSON accepts {"key": true|false|number|"string"}; any other value
// (an object, an array, null) is an *InputError naming the key.
func (r *JSONRules) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return Mistake("rules", "rules.mistake.object")
	}
	out := make(JSONRules, len(raw))
	for k, v := range raw {
		v = bytes.TrimSpace(v)
		switch {
		case bytes.Equal(v, []byte("true")), bytes.Equal(v, []byte("false")):
			out[k] = string(v)
		case len(v) > 0 && v[0] == '"':
			var s string
			if err := json.Unmarshal(v, &s); err != nil {
				return Mistake("rules."+k, "rules.mistake.string")
			}
			out[k] = s
		default:
			n, err := strconv.ParseFloat(string(v), 64)
			if err != nil {
				return Mistake("rules."+k, "rules.mistake.kind", "Key", k)
			}
			out[k] = strconv.FormatFloat(n, 'f', -1, 64)
		}
	}
	*r = out
	return nil
}
