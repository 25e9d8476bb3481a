package takefive

import (
	"github.com/tablekeeper/tablekeeper/games/kit"
	"github.com/tablekeeper/tablekeeper/views"
)

// TFRoundInfo is the strip above the Take Five round form: the phase, its
// goal, who starts it, and the round wins so far.
type TFRoundInfo struct {
	Round   int
	Phase   string
	Goal    string
	Starter string // empty when it cannot be told
	Markers []TFMarker
	ToWin   int
}

// TFMarker is one player's round wins.
type TFMarker struct {
	Name string
	Wins int
}

// TFRoundForm records a round: who won it (a seat index as text, "-1" for
// nobody) and, optionally, the winning rack as typed.
type TFRoundForm struct {
	Frame        kit.Frame // what every game's form shares: title, submit key, save bar
	Names        []string
	Winner       string
	Rack         string
	NoWinner     bool   // offer "nobody": a 21 round where every player was eliminated
	NoWinnerHelp string // what then happens under the house rule
	WinnerError  string
	RackError    string
}

// TFRefereePage is the Take Five dispute page: the board and racks as
// entered, the turn, the house rules, and the verdict once judged.
type TFRefereePage struct {
	From         *views.RulingBar // the match the page was opened from, if any
	Action       string           // where the form posts
	Board        []TFSquare       // 36 squares, rank 6 first, a to f
	PieceSquares []string         // indexed like Pieces
	Pieces       []TFOption
	Empty        string
	Mode         string
	Phase        string
	Racks        []TFRackField
	Player       int
	Moves        []TFMoveField
	Rules        []views.HouseRuleField
	Errors       views.FieldErrors // by field: board, phase, rack_i, racks, player, m1, m2, rules, judge
	Verdict      *TFVerdict
	TokensOpen   bool  // the token pad is shown: a token was just tapped
	Tokens       []int // the pad's values
}

// TFOption is a value of a select and what it shows.
type TFOption struct{ Value, Label string }

// TFSquare is one square of the board as a tap button.
type TFSquare struct {
	Name  string
	Dark  bool
	HL    bool   // a legal destination of the piece being moved
	Token bool   // a face-down token lies here
	Glyph string // the piece standing here, if any
	Move  string // "1" or "2" when a move of the turn ends here
	Label string // for screen readers
}

// TFRackField is one player's line: "Paul: 7 8 3 5".
type TFRackField struct {
	Text       string
	Eliminated bool
}

// TFMoveField is one move of the turn as typed or tapped.
type TFMoveField struct {
	N                        int
	Piece, To, Action, Value string
}

// TFVerdict is the referee's answer on a turn.
type TFVerdict struct {
	Legal      bool
	Violations []views.Cited // each at the move at fault
	Take       *TFTake
	HouseRules []string // non-default house rules applied
}

// TFTake is what the take did.
type TFTake struct {
	Value     int
	Square    string
	Step      int
	Outcome   string        // kept, penalty, won, eliminated
	Cites     []views.Cited // the rule deciding the outcome, with why
	Rack      string        // the taker's rack afterwards
	GiveUp    string        // on a penalty: the tokens he may give up
	Squares   string        // on a penalty: where it may go
	RoundOver bool
	Winner    string
	Replay    bool
}
