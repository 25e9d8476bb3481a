package rulebook

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// HouseRule declares one switch a group may set for a game (a TOGGLE of
// RULES.md). Values are kept as strings so that booleans, numbers and choices
// share one mechanism: "true"/"false", "4", "apply"/"ignore".
type HouseRule struct {
	Key     string   // without the game prefix, e.g. "pickupEndsTurn"
	Default string   // the product's default reading
	Choices []string // the allowed values, the default among them
}

// Bool declares a yes/no house rule; what it means is the message
// "house.<key>" of the game's message files (Statement).
func Bool(key string, def bool) HouseRule {
	return HouseRule{Key: key, Default: strconv.FormatBool(def), Choices: []string{"false", "true"}}
}

// Choice declares a house rule with a fixed set of values (its meaning as
// for Bool).
func Choice(key, def string, choices []string) HouseRule {
	return HouseRule{Key: key, Default: def, Choices: choices}
}

// Statement is what the switch means, for a page to say in its reader's
// language: the message "house.<key>" of the game's message files
// ("house.runsWrap"; a key is one game's, TestEveryRuleIsStated holds them
// apart).
func (h HouseRule) Statement() Msg { return Msg{ID: "house." + h.Key} }

// IsBool reports whether the house rule is a yes/no switch.
func (h HouseRule) IsBool() bool {
	return len(h.Choices) == 2 && h.Choices[0] == "false" && h.Choices[1] == "true"
}

// Settings are the values in force for one game: every declared key is
// present. Build them with Resolve, never by hand.
type Settings map[string]string

// Resolve returns the settings given by the group or client, with every
// missing key at its default. Returns an *InputError naming "rules.<key>" for
// an unknown key or a value that is not among the key's choices.
func Resolve(decl []HouseRule, given map[string]string) (Settings, error) {
	s := make(Settings, len(decl))
	for _, h := range decl {
		s[h.Key] = h.Default
	}
	keys := make([]string, 0, len(given))
	for k := range given {
		keys = append(keys, k)
	}
	sort.Strings(keys) // report the same key first every time
	for _, k := range keys {
		v := given[k]
		i := slices.IndexFunc(decl, func(h HouseRule) bool { return h.Key == k })
		if i < 0 {
			return nil, Mistake("rules."+k, "rules.mistake.unknown", "Key", k)
		}
		if !slices.Contains(decl[i].Choices, v) {
			return nil, Mistake("rules."+k, "rules.mistake.value", "Key", k, "Value", v, "Allowed", strings.Join(decl[i].Choices, ", "))
		}
		s[k] = v
	}
	return s, nil
}

// ResolveKnown returns the settings in force from stored values: every
// declared key at its default, then each stored value that the game still
// declares and allows. An unknown key (stale, or from an import) and a value
// no longer allowed are dropped alone: they never reset the other rules.
// This is how stored rules are read, for every game; Resolve is how a
// client's or a group's new choice is checked.
func ResolveKnown(decl []HouseRule, stored map[string]string) Settings {
	s := Defaults(decl)
	for _, h := range decl {
		if v, ok := stored[h.Key]; ok && slices.Contains(h.Choices, v) {
			s[h.Key] = v
		}
	}
	return s
}

// Defaults returns the settings with every house rule at its default.
func Defaults(decl []HouseRule) Settings {
	s := make(Settings, len(decl))
	for _, h := range decl {
		s[h.Key] = h.Default
	}
	return s
}

// Bool returns a yes/no setting; a missing key reads as false.
func (s Settings) Bool(key string) bool { return s[key] == "true" }

// Int returns a numeric setting; a missing or non-numeric key reads as 0.
func (s Settings) Int(key string) int {
	n, _ := strconv.Atoi(s[key])
	return n
}

// Get returns a setting's value as declared.
func (s Settings) Get(key string) string { return s[key] }

// Changed lists the keys whose value differs from the default, sorted, so a
// page can say which house rules were applied.
func (s Settings) Changed(decl []HouseRule) []string {
	var out []string
	for _, h := range decl {
		if v, ok := s[h.Key]; ok && v != h.Default {
			out = append(out, h.Key)
		}
	}
	return out
}
