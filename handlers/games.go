package handlers

// AllGames is the one list of games the app offers, in menu order. Adding a
// game is adding its value here (and its own files).
func AllGames() []Game {
	return []Game{
		FiveCrowns{},
		Take5{},
		Taki{},
		TakeFive{},
	}
}
