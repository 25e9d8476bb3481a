package views

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
	Action       string
	Title        string
	Names        []string
	Winner       string
	Rack         string
	NoWinner     bool   // offer "nobody": a 21 round where every player was eliminated
	NoWinnerHelp string // what then happens under the house rule
	WinnerError  string
	RackError    string
	SubmitKey    string
	Version      int
	Cancel       string
}
