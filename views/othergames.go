package views

// OtherGamesPage is the group's other games: those added, and (for the
// admin) the form adding one.
type OtherGamesPage struct {
	Group GroupNav
	Games []OtherGameLine
	Form  OtherGameForm
	Flash string
}

// OtherGameLine is one of the group's other games, with how it is won.
type OtherGameLine struct {
	ID, Name, Summary string
}

// OtherGameForm is the add-a-game form as typed.
type OtherGameForm struct {
	Name, BGGID, How, Entry, Places, End, Target, Rounds string
	Errors                                               FieldErrors
}
