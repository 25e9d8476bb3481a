package taki

import (
	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/views"
)

// TKCard is a TAKI card on a picker or in a list.
type TKCard struct {
	Code  string // API notation, e.g. "R5", "G+2", "SUPERTAKI"
	Label string // short face, e.g. "5", "+2", "STOP"
	Class string // colour class: c-R, c-G, c-B, c-Y, or c-none
	Name  string // spoken name in the page's language
}

// TKRoundInfo is the strip above the TAKI round form: which round and how the match ends.
type TKRoundInfo struct {
	Round int
	Of    int    // fixed number of rounds, 0 under a points limit
	Limit string // "+500" or "−500", "" with a fixed number of rounds
	Plus2 int    // what a +2 left in hand costs
}

// TKSeat is one player's line of the TAKI round form.
type TKSeat struct {
	Name     string
	Winner   bool   // went out
	Mode     string // cards or points
	Points   string // points lost, as typed
	Cards    []TKCard
	Computed string // the working, e.g. "−(7 + 3) − 3 × 10 = −40"
	Error    string
	// Shown is the number field's value: the points lost as typed, or, when
	// cards are tapped (they win over a typed number), what they cost.
	Shown     string
	FromCards bool
}

// TKRoundForm is the TAKI round entry (and edit) form: tap who went out,
// then for each other player tap the cards left or type the points lost.
type TKRoundForm struct {
	Frame  kit.Frame // what every game's form shares: title, submit key, save bar
	Seats  []TKSeat
	Winner int // seat, −1 when not chosen yet
	Picker int // seat whose cards are being tapped, −1 for none
	Deck   []TKCard
	Sheet  *views.PickerSheet // the bottom sheet, open for Picker
	Error  string
}

// TKOptions is the new-match form's TAKI part: a number of rounds or a points limit.
type TKOptions struct {
	End    string // rounds or limit
	Rounds string
	Limit  string
	Sign   string // "+" or "−", from the group's limitSign house rule
	Errs   views.FieldErrors
}

// TKName is a player's name carried by the TAKI referee form (set up from a match).
type TKName struct{ Field, Name string }

// TKReferee is the TAKI dispute page: the table, the contested turn, the
// house rules, and (after «Judge») the verdict. Every field keeps what was typed.
type TKReferee struct {
	Names  []TKName         // the players' names from the match, carried as hidden fields
	From   *views.RulingBar // the match the page was opened from, if any
	Action string
	Seats  []string // seat labels for the selects ("A" … "J"), always MaxPlayers of them
	// Offered is the seats the selects offer: the match's players when the
	// page was opened from one (not E–J at a table of four), else Seats.
	Offered []string

	Players, Current, Direction    string
	Top, Colour, Pending, OpenTaki string
	Opening                        bool
	Silent                         []bool // per seat: holds one card and has not said «Taki»

	Move, Play, TurnColour, PassHands string // Move is "play" or "draw"
	CloseTaki, CallTaki               bool
	CounterPlayer, CounterPlay        string
	Hand                              string

	Target  string              // where a tapped card goes: top, play, hand or counter ("" the sheet is closed)
	Sheet   *views.PickerSheet  // the card sheet open on Target, nil when closed
	Chips   map[string][]TKCard // what the top, play, hand and counter fields read as
	Rules   []views.HouseRuleField
	Errs    views.FieldErrors
	Error   string // a mistake that belongs to no single field
	Verdict *TKVerdict
}

// TKVerdict is what the referee says about the turn.
type TKVerdict struct {
	Legal      bool
	Violations []views.Cited // each at the card at fault, e.g. "card 2: red 8"
	Applied    []views.Cited // for a legal turn: the rules that decided what follows
	Follows    []string      // what follows, one sentence each
	HandGiven  bool
	Playable   []TKCard // the cards of the hand that could start the turn
	HouseRules []string // non-default house rules applied, described
}
