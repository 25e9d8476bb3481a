package kit

import "net/url"

// Auditor is what a game offers the page audits (internal/pagestates, fed by
// handlers' audit test and cmd/audit): plain forms that draw its pages in
// each state. In Options, a value "{Ana}" is the player named Ana's id (the
// seeded players are Ana, Benoît, Chloé, Dominique and Éloïse, in seat order).
type Auditor interface {
	AuditStates() AuditSeed
}

// AuditSeed is a game's page states. The seeder starts one match per state
// (empty, in progress, finished) and names each state "<game's name>: …".
type AuditSeed struct {
	Seats   int        // players of the empty and in-progress matches
	Options url.Values // their new-match options
	French  []string   // states also audited in French: "empty", "finished"
	// Empty lists forms posted on an empty match's rounds (a picker's tap,
	// scores shown), each a state named "<game>: "+Name.
	Empty []AuditForm
	// Rounds are saved on the in-progress match; Rounds[0] is saved again
	// late for the save conflict.
	Rounds []url.Values
	// JustSaved lists the in-progress match as just saved ("in progress,
	// just saved", ?saved=1) rather than "in progress".
	JustSaved bool
	// Correction, when set, corrects the in-progress match's first round;
	// Rounds[0] is then posted as a correction from the same version for
	// the correction conflict (409). (The same correction posted again is
	// no conflict: it is taken once.)
	Correction url.Values
	Invalid    url.Values // a round the rules refuse (422)
	// The finished match: its players and options (Seats and Options when
	// zero) and its rounds, to its end.
	FinishedSeats   int
	FinishedOptions url.Values
	Finished        []url.Values
	// Referee lists referee states: a nil Form is the referee page itself.
	Referee []AuditForm
}

// AuditForm is one state drawn by a form (Status 0 means 200); French
// audits it in French only.
type AuditForm struct {
	Name   string
	Form   url.Values
	Status int
	French bool
}
