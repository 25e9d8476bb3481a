package take5

import (
	"strconv"

	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/views"
)

// T5Setup is one line of the Take 5! deal table: cards in each hand and in
// the circle for a number of players.
type T5Setup struct {
	Players, HandSize, Rows, CardsInPlay int
}

// T5Seat is one player's line of the Take 5! deal form, as typed.
type T5Seat struct {
	Name                          string
	Green, Red, Plus5, X2, InHand string
	Working                       string // "(5 − 3 + 5) × 2 − 10 = 4", once the line is valid
	Error                         string
	Bad                           string // the field at fault: green, red, plus5, x2 or hand
}

// T5RoundForm is the end-of-deal form: each player's cows and specials, and
// the "last deal" switch that ends the match.
type T5RoundForm struct {
	Frame kit.Frame // what every game's form shares: title, submit key, save bar

	Seats   []T5Seat
	Last    bool
	Winners string // of this deal, once every line is valid
	Dealt   int    // the chips of "+5" and "x2" collected go from 0 to Dealt (one of each a player)
	Held    int    // the chips of specials in hand go from 0 to Held
	Error   string
}

// T5Info is the strip above the deal form.
type T5Info struct {
	Deal  int
	Setup T5Setup
}

// T5RefRow is one row of the circle on the referee page, as typed.
type T5RefRow struct {
	Num       int // 1-based, the name the verdict uses
	Cards     string
	X2, Plus5 bool
	Error     string
	Next      string // the field Enter moves to
}

// T5GridNum is one number of the grid; Used when it is already on the table.
type T5GridNum struct {
	N    int
	Used bool
}

// T5RefPlay is one card the player lays, as typed, with the row claimed.
type T5RefPlay struct {
	Value string // "50", "x2", "+5"
	Claim string // row number or ""
	Error string
}

// T5Step is what became of one card.
type T5Step struct {
	N      int    // 1-based
	Card   string // "35" or "x2"
	Row    int
	Pickup bool
	Why    string
}

// T5RowView is a row of the table after the turn, or a row taken.
type T5RowView struct {
	Num       int
	Cards     string
	X2, Plus5 bool
}

// T5Verdict is the referee's answer on a turn.
type T5Verdict struct {
	Legal      bool
	Violations []views.Cited // each illegal card with the rule it breaks
	Steps      []T5Step
	Pickups    []T5RowView
	After      []T5RowView
	Specials   []string // where each special may still go
	TurnEnd    string
	Rules      []views.Cited // the rules the legal steps follow
	Applied    []string      // non-default house rules, described
}

// T5RefPage is the Take 5! dispute page.
type T5RefPage struct {
	From    *views.RulingBar // the match the page was opened from, if any
	Action  string           // where the form posts
	Title   string
	Rows    []T5RefRow
	Plays   []T5RefPlay
	RowNums []int
	MaxRows int // rows the circle may hold: "add a row" stops there
	House   []views.HouseRuleField
	// The number grid, open on Grid (a field: row_n or play_n; "" closed).
	Grid      string
	GridTitle string
	GridNums  []T5GridNum
	GridError string
	MorePlays bool   // the second and third cards are shown: one is given
	Error     string // about the table as a whole
	Verdict   *T5Verdict
}

// t5Chosen is the chip a count picks: blank is 0, a number is written
// plainly ("02" is 2), anything else picks none.
func t5Chosen(v string) string {
	if v == "" {
		return "0"
	}
	if n, err := strconv.Atoi(v); err == nil {
		return strconv.Itoa(n)
	}
	return v
}

// t5ChipValues are the chips of a count, "0" to most, and the chosen one
// after them if it is above (a posted count the engine refuses is still
// shown as it was).
func t5ChipValues(v string, most int) []string {
	out := make([]string, 0, most+2)
	for i := 0; i <= most; i++ {
		out = append(out, strconv.Itoa(i))
	}
	if n, err := strconv.Atoi(t5Chosen(v)); err == nil && n > most {
		out = append(out, strconv.Itoa(n))
	}
	return out
}
