// Package takefive referees Take Five (Jeux Robert Laffont): a 6×6 board of
// face-down number tokens 1–9, four chess pieces shared by every player, and
// three phases ("score", "21", "quinte") whose winner takes a marker.
//
// The package reads like the rule sheet: Square and Piece name the board,
// Destinations and CheckMove answer "where may this piece go?", TakeEffect
// says what a take does under the phase, and CheckTurn referees a whole turn.
// Rule ids and the sheet's wording are in Rules; house rules in HouseRules.
package takefive

import (
	"fmt"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Size is the number of files and of ranks of the board.
const Size = 6

// A token's value is MinValue to MaxValue.
const (
	MinValue = 1
	MaxValue = 9
)

// Square is one of the 36 squares, numbered rank by rank from a1 (0) to f6
// (35): index = rank×6 + file, with files a–f and ranks 1–6 counted from 0.
type Square int8

// NoSquare is the zero-value-free marker for "no square".
const NoSquare Square = -1

// At returns the square on file f and rank r (both 0–5), or NoSquare when
// either lies off the board.
func At(f, r int) Square {
	if f < 0 || f >= Size || r < 0 || r >= Size {
		return NoSquare
	}
	return Square(r*Size + f)
}

// File returns the file of s, 0 for a … 5 for f.
func (s Square) File() int { return int(s) % Size }

// Rank returns the rank of s, 0 for 1 … 5 for 6.
func (s Square) Rank() int { return int(s) / Size }

// Valid reports whether s is one of the 36 squares.
func (s Square) Valid() bool { return s >= 0 && s < Size*Size }

// Dark reports whether s is a dark square; a1 is dark, so the dark corners
// are a1 and f6 and the light ones a6 and f1.
func (s Square) Dark() bool { return (s.File()+s.Rank())%2 == 0 }

// String returns the algebraic name of s ("a1" … "f6"), or "-" for a square
// off the board.
func (s Square) String() string {
	if !s.Valid() {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads an algebraic square name, "a1" … "f6" (case-insensitive).
// Returns an error for anything else.
func ParseSquare(name string) (Square, error) {
	if len(name) == 2 {
		f, r := name[0]|0x20, name[1]
		if f >= 'a' && f <= 'f' && r >= '1' && r <= '6' {
			return At(int(f-'a'), int(r-'1')), nil
		}
	}
	return NoSquare, fmt.Errorf("takefive: %q is not a square a1…f6", name)
}

// colour names a square's colour for players.
func (s Square) colour() rulebook.Msg {
	if s.Dark() {
		return rulebook.Say("takefive.ref.square.dark")
	}
	return rulebook.Say("takefive.ref.square.light")
}

// Piece is one of the four chess pieces that every player may move.
type Piece int8

// The four pieces, in the order of the sheet's setup.
const (
	BlackBishop Piece = iota
	WhiteBishop
	Knight
	Rook
	NumPieces = 4
)

var pieceIDs = [NumPieces]string{"black-bishop", "white-bishop", "knight", "rook"}

// Pieces lists the four pieces in a fixed order.
var Pieces = [NumPieces]Piece{BlackBishop, WhiteBishop, Knight, Rook}

// Valid reports whether p is one of the four pieces.
func (p Piece) Valid() bool { return p >= 0 && p < NumPieces }

// String returns the piece's API name: "rook", "knight", "black-bishop" or
// "white-bishop".
func (p Piece) String() string {
	if !p.Valid() {
		return "?"
	}
	return pieceIDs[p]
}

// Name returns the piece's name for players ("white bishop" / "fou
// blanc").
func (p Piece) Name() rulebook.Msg {
	switch p {
	case BlackBishop:
		return rulebook.Say("takefive.ref.piece.black-bishop")
	case WhiteBishop:
		return rulebook.Say("takefive.ref.piece.white-bishop")
	case Knight:
		return rulebook.Say("takefive.ref.piece.knight")
	case Rook:
		return rulebook.Say("takefive.ref.piece.rook")
	}
	return rulebook.Say("takefive.ref.piece.unknown")
}

// the returns "the rook" / "la tour", for sentences (the article agrees
// with the piece in French: "la tour", "le cavalier").
func (p Piece) the() rulebook.Msg {
	switch p {
	case BlackBishop:
		return rulebook.Say("takefive.ref.the.black-bishop")
	case WhiteBishop:
		return rulebook.Say("takefive.ref.the.white-bishop")
	case Knight:
		return rulebook.Say("takefive.ref.the.knight")
	case Rook:
		return rulebook.Say("takefive.ref.the.rook")
	}
	return rulebook.Say("takefive.ref.piece.unknown")
}

// The returns "The rook" / "La tour", to begin a sentence.
func (p Piece) The() rulebook.Msg {
	switch p {
	case BlackBishop:
		return rulebook.Say("takefive.ref.The.black-bishop")
	case WhiteBishop:
		return rulebook.Say("takefive.ref.The.white-bishop")
	case Knight:
		return rulebook.Say("takefive.ref.The.knight")
	case Rook:
		return rulebook.Say("takefive.ref.The.rook")
	}
	return rulebook.Say("takefive.ref.piece.unknown")
}

// pieceFrench is each piece's French name, which ParsePiece also reads (the
// sheet's words).
var pieceFrench = [NumPieces]string{"fou noir", "fou blanc", "cavalier", "tour"}

// ParsePiece reads a piece's API name ("rook", "knight", "black-bishop",
// "white-bishop") or its French name ("tour", "cavalier", "fou noir",
// "fou blanc"). Returns an error for anything else.
func ParsePiece(name string) (Piece, error) {
	for _, p := range Pieces {
		if name == pieceIDs[p] || name == pieceFrench[p] {
			return p, nil
		}
	}
	return -1, fmt.Errorf("takefive: %q is not a piece (rook, knight, black-bishop, white-bishop)", name)
}

// Position gives the square of each piece, indexed by Piece. The four pieces
// are always on the board, on four different squares.
type Position [NumPieces]Square

// Start is the setup position (sheet, fig. 1): the black bishop on the dark
// corner a1, the white bishop on the light corner a6, the knight on the other
// light corner f1 and the rook on the last corner f6.
var Start = Position{BlackBishop: At(0, 0), WhiteBishop: At(0, 5), Knight: At(5, 0), Rook: At(5, 5)}

// On returns the piece standing on s, or false when the square has none.
func (pos Position) On(s Square) (Piece, bool) {
	for _, p := range Pieces {
		if pos[p] == s {
			return p, true
		}
	}
	return -1, false
}

// Check reports the first impossible thing about pos: a piece off the board,
// two pieces on one square, or a bishop off its colour. The error is an
// *rulebook.InputError, Field "state.pieces", whose message a player reads.
// Returns nil when the position can occur.
func (pos Position) Check() error {
	for _, p := range Pieces {
		if !pos[p].Valid() {
			return rulebook.Mistake("state.pieces", "takefive.ref.mistake.off.board", "Piece", p.The())
		}
		for _, q := range Pieces[:p] {
			if pos[q] == pos[p] {
				return rulebook.Mistake("state.pieces", "takefive.ref.mistake.same.square", "First", q.The(), "Second", p.the(), "Square", pos[p])
			}
		}
	}
	if !pos[BlackBishop].Dark() {
		return rulebook.Mistake("state.pieces", "takefive.ref.mistake.black.bishop.light", "Square", pos[BlackBishop])
	}
	if pos[WhiteBishop].Dark() {
		return rulebook.Mistake("state.pieces", "takefive.ref.mistake.white.bishop.dark", "Square", pos[WhiteBishop])
	}
	return nil
}
