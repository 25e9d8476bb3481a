package views

import (
	"github.com/a-h/templ"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// FieldErrors maps a form field's name to a message already translated.
type FieldErrors map[string]string

// Cited is a rule of a game's catalogue as a referee page cites it, the
// same for every game (drawn by Citation, summed up in a kept ruling).
type Cited struct {
	ID      string
	Sheet   string       // the French rule sheet's words, as printed
	Text    rulebook.Msg // the rule stated plainly (rulebook.Rule.Statement), said in the page's language
	Message string       // why it applies in this case ("" when it is only quoted)
	Step    string       // the card or move at fault, e.g. "Card 2" ("" for the turn as a whole)
}

// GroupNav is what a page inside a group shows of it.
type GroupNav struct {
	Slug    string
	Name    string
	IsAdmin bool
	Paths   GroupPaths
}

// GroupPaths are the paths of a group's pages that views link or post to,
// built by the handlers from the site map (handlers/routes.go).
type GroupPaths struct {
	Home, Standings, Players, Games, Rules, Members, Export string
	InviteRotate                                            string
	Leave                                                   string // where this phone leaves the group
	NewMatch                                                string // the new-match page; a game is chosen by ?game=
	Matches                                                 string // where a new match is posted
}

// Home is the front page.
type Home struct {
	Groups  []GroupNav // groups this browser belongs to
	Games   []GameLink
	Form    GroupForm
	Created *Created // set right after creating a group
	Import  ImportForm
}

// ImportForm brings a group exported from another tablekeeper.
type ImportForm struct {
	Display string
	Error   string
}

// GameLink names a game and its referee page.
type GameLink struct {
	ID   string
	Name string
	URL  string // its referee page, where a list links there
}

// GroupForm is the create-group form as typed.
type GroupForm struct {
	Name, Display string
	Errors        FieldErrors
}

// Created is shown once after a group is made: the admin link cannot be shown again.
type Created struct{ AdminURL string }

// GroupPage is a group's home.
type GroupPage struct {
	Group     GroupNav
	InviteURL string
	InviteQR  string // an SVG, rendered on the server
	Matches   []MatchLine
	Games     []GameLink
	Players   int
	AdminURL  string // shown once after creation
	// JustCreated: the page right after the group was created, its invite
	// first (the others join now).
	JustCreated bool
	// InviteLocal: the invite names this computer (localhost, 127.0.0.1):
	// the other phones cannot open it.
	InviteLocal bool
	Flash       string
	// Continue is every match still in progress, each its own way back: the
	// matches this phone's player is seated in first, then the others,
	// newest first within each.
	Continue []MatchLine
}

// MatchLine is a match in a list.
type MatchLine struct {
	URL      string
	GameID   string
	Game     string
	Players  string
	Status   string // translated: "round 4", "finished"
	Winners  string
	Outcome  string // a finished match not ranked: "Won together", "Nobody won"…
	Finished bool
	Seated   bool   // this phone's player has a seat in it
	When     string // when it was started, as people write dates
	WhenISO  string // the same for machines (RFC 3339)
}

// Roster is the players page.
type Roster struct {
	Group   GroupNav
	Players []RosterPlayer
	Form    NameForm
	Pick    bool   // the member plays as no player yet: offer "That's me"
	Flash   string // e.g. "You now play as Ana."
	// Guests played a match without being on the roster; a guest's Action
	// (admin only) adds them to the group.
	Guests []RosterPlayer
}

// RosterPlayer is one line of the roster.
type RosterPlayer struct {
	ID       int64
	Name     string
	Action   string // where a rename or an archive is posted; a guest's admission (admin only)
	Archived bool
	You      bool // the member looking plays as this player
	Claimed  bool // a member plays as this player
	Rename   NameForm
}

// NameForm is a one-field form with its error.
type NameForm struct {
	Name  string
	Error string
}

// JoinPage asks a new member which player they are: one of the group's
// players no member plays as yet (Players), or a new one (Form).
type JoinPage struct {
	GroupName string
	Action    string
	Players   []JoinPlayer
	Picked    string // the radio chosen: a player's id, "new", or ""
	Form      NameForm
}

// JoinPlayer is a player a new member may pick.
type JoinPlayer struct {
	ID   string
	Name string
}

// HouseRulesPage lets a group choose its house rules per game.
type HouseRulesPage struct {
	Group GroupNav
	Games []HouseRulesGame
	Saved string // the game whose rules were just saved
}

// HouseRulesGame is one game's switches.
type HouseRulesGame struct {
	ID, Name string
	Action   string // where its switches are posted
	Rules    []HouseRuleField
	Error    string
}

// HouseRuleField is one switch with its current value.
type HouseRuleField struct {
	Key, Label, Value, Default string
	Choices                    []string
	IsBool                     bool
}

// NewMatchPage starts a match of one game.
type NewMatchPage struct {
	Group    GroupNav
	Dealer   string // the form key of the game's first dealer or starter ("" when none)
	DealerID int64  // the player preselected to deal first
	Game     GameLink
	Players  []PlayerChoice
	Seats    int // the seats the seating part offers: the game's most, or fewer players
	MinMax   string
	Options  templ.Component // the game's own options (first dealer, start round…)
	Errors   FieldErrors
	Rules    []string // house rules that will apply, described
	Guests   []string // the guests' names as typed, or of the match played again (seated last); one more field is empty
	// Refusals are why the match cannot start, each sentence once, said
	// again next to Start (where the thumb is) as well as at its field.
	Refusals []string
}

// PlayerChoice is a player offered for a seat.
type PlayerChoice struct {
	ID       int64
	Name     string
	Seat     int  // 1-based seat when chosen in the seating part, 0 otherwise
	Selected bool // plays (the last line-up, or as ticked)
	Color    int  // the player's colour (kit.ColoursOf), as on the scoresheet
}

// Scoresheet is a match's page.
type Scoresheet struct {
	Group     GroupNav
	MatchURL  string
	EventsURL string // the live updates of the match (app.js listens there)
	Game      string
	Names     []string
	Colours   []int // each seat's colour (kit.Colours)
	Deals     bool  // the game's rounds are deals: its rows are named so
	Totals    []int
	Leaders   []bool
	Rounds    []RoundRow
	Finished  bool
	Winners   string
	Tie       bool     // more than one winner
	Outcome   string   // a finished match not ranked: "Won together", "Nobody won"…; "" when ranked
	Shown     []string // the totals as shown when they are not whole numbers (see RoundRow.Shown); nil: Totals
	// Places: the match is written as places, not points (a winner-only or
	// places game, a play without scores): Shown and each row's Shown are
	// the places; no Total row, no total on the scoreboard or the result.
	Places     bool
	Info       templ.Component // the current round's facts
	Form       templ.Component // round entry, nil when finished
	UndoURL    string
	UndoRound  int64
	Rules      []string // non-default house rules in force
	Flash      string
	Version    string // changes whenever a round changes, for live updates
	Rulings    []RulingLine
	RefereeURL string // opens the referee for a dispute of this match ("" when the game has none: no Rulings card)
	Chart      templ.Component
	GroupURL   string        // where the back arrow and a deleted match lead
	Board      []BoardPlayer // the scoreboard, in seat order
	Result     []BoardPlayer // a finished match's ranking, first to last
	// PlayFacts are what a finished match kept of its play (location,
	// duration, comments); BGStatsLink hands the match to BG Stats.
	PlayFacts   []string
	BGStatsLink string
	RematchURL  string // a finished match: the new-match page with the same game and seats
	Saved       string // "Round 4 saved", right after a save
	// SavedElsewhere is what a phone watching the match says when the last
	// round arrives live ("Round 4 saved on another phone").
	SavedElsewhere string
	// SavedBy names who saved the last round and what it scored: the banner
	// next to the round form of a phone that was typing it.
	SavedBy   string
	UndoLabel string  // the round an undo takes back
	DeleteURL string  // set for the admin only
	MenuOOB   bool    // an htmx answer: the app bar's menu follows the sheet (undo names the new last round)
	Comings   Comings // who left, who may leave, ending the match now
	// RowsSum sums the whole table's rows as drawn; RowsFrom > 0: Rounds
	// are the rows from that one on, the phone holding those before it
	// (handlers/sheetrows.go).
	RowsSum  string
	RowsFrom int
}

// Comings is what the sheet says and offers about people who come and go:
// a way for each player still there to leave, a way back for one who left
// with no round played since, ending the match now, and the notes ("Ben
// left after round 3", "ended early").
type Comings struct {
	LeaveURL  string // "" when the match is over
	ReturnURL string
	EndURL    string // "" when the match is over or has no round yet
	Stay      []SeatName
	Back      []SeatName // left, and may still come back (no round since)
	Notes     []string
	Early     string // "Ended early after round 4", "" otherwise
}

// SeatName is a seat and its player's name.
type SeatName struct {
	Seat int
	Name string
}

// BoardPlayer is one player on the scoreboard or in the result.
type BoardPlayer struct {
	Name   string
	Seat   int // 0-based
	Colour int // the player's colour (kit.Colours)
	Total  int
	Rank   int  // 1 = leading; equal totals share a rank
	Deals  bool // deals (or starts) the next round
	Left   bool // left the match (ranked after everyone who stayed)
}

// RoundRow is one line of the score table.
type RoundRow struct {
	ID      int64
	Label   string // the whole label, "Round 8 (10 cards)"
	Main    string // its first part, "Round 8"
	Num     string // its number alone, "8", under the column's head ("Round") at a big table ("" when it has none)
	Sub     string // the secondary part, "10 cards" ("" when none)
	Points  []int
	Shown   []string // the points as shown when they are not whole numbers (a BG Stats play's "4.5", "" for no score); nil: Points
	Away    []bool   // seats whose player had left before this round (nil: none)
	Undone  bool
	Edited  bool
	EditURL string
	HistURL string
}

// HistoryPage lists a round's revisions.
type HistoryPage struct {
	Group    GroupNav
	MatchURL string
	Label    string
	Names    []string
	Items    []HistoryItem
	Lines    []string // who sent each player's line, when the round was entered a line per player
}

// HistoryItem is one revision.
type HistoryItem struct {
	Kind    string // translated
	Author  string
	At      string
	When    string   // At for machines (RFC 3339)
	Shown   []string // each seat's value as the sheet writes it: points, or places
	Changed []bool   // which values differ from the revision before
	Detail  string
}

// ErrorPage is a 404, 409, 422 or 500 page.
type ErrorPage struct {
	Status  int
	Title   string
	Message string
}

// rowsKey is the message that names a scoresheet's rows: a game whose
// rounds are deals has its own ("match.round.deal": "Deal", "Donne").
func rowsKey(deals bool, key string) string {
	if deals {
		return key + ".deal"
	}
	return key
}

// colour is seat i's colour (its seat when none is given).
func (s Scoresheet) colour(i int) int {
	if i < len(s.Colours) {
		return s.Colours[i]
	}
	return i
}

// colourClass is the class of a player's colour c (static/app.css .s0–.s9).
func colourClass(c int) string { return "s" + itoa(c%10) }
