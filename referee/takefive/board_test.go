package takefive

import "testing"

func sq(t testing.TB, name string) Square {
	t.Helper()
	s, err := ParseSquare(name)
	if err != nil {
		t.Fatalf("ParseSquare(%q): %v", name, err)
	}
	return s
}

func TestSquareNames(t *testing.T) {
	tests := []struct {
		name string
		file int
		rank int
		dark bool
	}{
		{"a1", 0, 0, true},
		{"f6", 5, 5, true},
		{"a6", 0, 5, false},
		{"f1", 5, 0, false},
		{"c3", 2, 2, true},
		{"d3", 3, 2, false},
		{"B2", 1, 1, true},
	}
	for _, tt := range tests {
		s, err := ParseSquare(tt.name)
		if err != nil {
			t.Fatalf("ParseSquare(%q): %v", tt.name, err)
		}
		if s.File() != tt.file || s.Rank() != tt.rank || s.Dark() != tt.dark {
			t.Errorf("ParseSquare(%q) = file %d rank %d dark %v, want %d %d %v", tt.name, s.File(), s.Rank(), s.Dark(), tt.file, tt.rank, tt.dark)
		}
	}
	for i := range Square(36) {
		back, err := ParseSquare(i.String())
		if err != nil || back != i {
			t.Errorf("ParseSquare(%v.String()) = %v, %v, want %v", i, back, err, i)
		}
	}
	for _, bad := range []string{"", "a0", "a7", "g1", "a", "a10", "11", "é1"} {
		if _, err := ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) = nil error, want an error", bad)
		}
	}
}

func TestPieceNames(t *testing.T) {
	tests := []struct {
		piece  Piece
		id     string
		en, fr string
	}{
		{Rook, "rook", "rook", "tour"},
		{Knight, "knight", "knight", "cavalier"},
		{BlackBishop, "black-bishop", "black bishop", "fou noir"},
		{WhiteBishop, "white-bishop", "white bishop", "fou blanc"},
	}
	for _, tt := range tests {
		if got := tt.piece.String(); got != tt.id {
			t.Errorf("%v.String() = %q, want %q", tt.piece, got, tt.id)
		}
		if got := said(tt.piece.Name()); got.EN != tt.en || got.FR != tt.fr {
			t.Errorf("%v.Name() = %+v, want %q/%q", tt.piece, got, tt.en, tt.fr)
		}
		for _, name := range []string{tt.id, tt.fr} {
			if got, err := ParsePiece(name); err != nil || got != tt.piece {
				t.Errorf("ParsePiece(%q) = %v, %v, want %v", name, got, err, tt.piece)
			}
		}
	}
	if _, err := ParsePiece("queen"); err == nil {
		t.Errorf("ParsePiece(%q) = nil error, want an error", "queen")
	}
}

// The setup of fig. 1: black bishop on the dark corner, white bishop on a
// light corner, knight on the other light corner, rook on the last one.
func TestStart(t *testing.T) {
	want := map[Piece]string{BlackBishop: "a1", WhiteBishop: "a6", Knight: "f1", Rook: "f6"}
	for p, name := range want {
		if got := Start[p].String(); got != name {
			t.Errorf("Start[%v] = %s, want %s", p, got, name)
		}
	}
	if err := Start.Check(); err != nil {
		t.Errorf("Start.Check() = %v, want nil", err)
	}
}

func TestPositionCheck(t *testing.T) {
	tests := []struct {
		name string
		pos  Position
		ok   bool
	}{
		{"start", Start, true},
		{"two pieces on a1", Position{BlackBishop: 0, WhiteBishop: 30, Knight: 0, Rook: 35}, false},
		{"black bishop on a light square", Position{BlackBishop: 1, WhiteBishop: 30, Knight: 5, Rook: 35}, false},
		{"white bishop on a dark square", Position{BlackBishop: 0, WhiteBishop: 2, Knight: 5, Rook: 35}, false},
		{"off the board", Position{BlackBishop: 0, WhiteBishop: 30, Knight: 5, Rook: 36}, false},
	}
	for _, tt := range tests {
		if err := tt.pos.Check(); (err == nil) != tt.ok {
			t.Errorf("%s: Check(%v) = %v, want ok=%v", tt.name, tt.pos, err, tt.ok)
		}
	}
}
