// Package rulebook is the kernel every game's engines share, the referees
// (referee/<game>) and the scoresheets (scoring/<game>) alike: sentences for
// players (message keys with their arguments, never a language), rule
// citations, the verdict of a move, the error for an input
// that cannot occur, and the house rules a group may switch with the
// settings they give.
//
// It imports only the standard library. Engines never speak HTTP: they name
// the rule that failed and the field that is wrong, and the handlers decide
// what status that becomes.
package rulebook

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// IsSentence reports whether every text reads as a sentence: not empty,
// not starting with a lower-case letter, and ending with a full stop (or
// "!", "?"). Tests hold every message a player reads to it, in each
// language.
func IsSentence(texts ...string) bool {
	for _, s := range texts {
		s = strings.TrimSpace(s)
		if s == "" || !strings.ContainsAny(s[len(s)-1:], ".!?") {
			return false
		}
		if r, _ := utf8.DecodeRuneInString(s); unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// Rule is one rule a referee enforces, with a stable id (e.g. "take5.forced-row")
// and the rule sheet's own French wording. Its plain statement is a message
// of the game's message files (see Statement).
type Rule struct {
	ID    string
	Sheet string // the French rule sheet's words, quoted as printed
}

// Statement is the rule stated plainly, for a page to say in its reader's
// language: the message "rule.<id>" of the game's message files
// ("rule.fivecrowns.meld-size").
func (r Rule) Statement() Msg { return Msg{ID: "rule." + r.ID} }

// Violation says that a move breaks a rule: which rule, why in this case, and
// at which step of the turn (Step < 0 when the turn as a whole is at fault).
type Violation struct {
	Rule    string
	Message Msg
	Step    int
}

// NoStep is the Step of a violation that concerns no single card or move.
const NoStep = -1

// All is the mistakes of one question said together: nil when errs holds
// none (nil entries are skipped), the one mistake itself, or several
// joined (errors.Join) in the order given. errors.As finds the first, so a
// client that reads one mistake reads the first found.
func All(errs []error) error {
	var out []error
	for _, err := range errs {
		if err != nil {
			out = append(out, err)
		}
	}
	switch len(out) {
	case 0:
		return nil
	case 1:
		return out[0]
	}
	return errors.Join(out...)
}

// Find is the rule id of a game's catalogue; ok is false for an id the
// catalogue does not hold. Every page citing a rule looks it up here.
func Find(rules []Rule, id string) (r Rule, ok bool) {
	for _, r := range rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
