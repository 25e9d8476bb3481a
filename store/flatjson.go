package store

import "encoding/json"

// decodeStrings reads a JSON object of strings (a match's house rules or
// options: {"key":"value",...}) into a fresh map, as json.Unmarshal does.
// The form the store writes, plain ASCII with no escape, is read directly:
// encoding/json's reflection was a tenth of reading a scoresheet's match.
// Anything else (escapes, other characters, other JSON) goes to
// json.Unmarshal, so the answer is always encoding/json's
// (TestDecodeStringsAgreesWithEncodingJSON).
func decodeStrings(text string) (map[string]string, error) {
	if m, ok := flatStrings(text); ok {
		return m, nil
	}
	var m map[string]string
	err := json.Unmarshal([]byte(text), &m)
	return m, err
}

// flatStrings is decodeStrings' direct reading; false when text is not of
// the simple form.
func flatStrings(text string) (map[string]string, bool) {
	i := skipSpace(text, 0)
	if i == len(text) || text[i] != '{' {
		return nil, false
	}
	m := map[string]string{}
	i = skipSpace(text, i+1)
	if i < len(text) && text[i] == '}' {
		return m, skipSpace(text, i+1) == len(text)
	}
	for {
		key, j, ok := plainString(text, i)
		if !ok {
			return nil, false
		}
		j = skipSpace(text, j)
		if j == len(text) || text[j] != ':' {
			return nil, false
		}
		value, k, ok := plainString(text, skipSpace(text, j+1))
		if !ok {
			return nil, false
		}
		m[key] = value
		k = skipSpace(text, k)
		if k == len(text) {
			return nil, false
		}
		switch text[k] {
		case ',':
			i = skipSpace(text, k+1)
		case '}':
			return m, skipSpace(text, k+1) == len(text)
		default:
			return nil, false
		}
	}
}

// plainString reads a JSON string at text[i] made only of printable ASCII
// with no escape, and returns it and the index after its closing quote.
func plainString(text string, i int) (string, int, bool) {
	if i >= len(text) || text[i] != '"' {
		return "", 0, false
	}
	for j := i + 1; j < len(text); j++ {
		switch c := text[j]; {
		case c == '"':
			return text[i+1 : j], j + 1, true
		case c == '\\' || c < 0x20 || c >= 0x80:
			return "", 0, false
		}
	}
	return "", 0, false
}

func skipSpace(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
		i++
	}
	return i
}
