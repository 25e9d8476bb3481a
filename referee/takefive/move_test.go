package takefive

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func names(ss []Square) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.String()
	}
	return strings.Join(out, " ")
}

func squares(t testing.TB, list string) []Square {
	t.Helper()
	var out []Square
	for _, n := range strings.Fields(list) {
		out = append(out, sq(t, n))
	}
	slices.Sort(out)
	return out
}

func pos(t testing.TB, bb, wb, kn, rk string) Position {
	t.Helper()
	p := Position{BlackBishop: sq(t, bb), WhiteBishop: sq(t, wb), Knight: sq(t, kn), Rook: sq(t, rk)}
	if err := p.Check(); err != nil {
		t.Fatalf("test position: %v", err)
	}
	return p
}

// TV-TF-4 and positions from corners, edges and the centre, with blockers.
func TestDestinations(t *testing.T) {
	tests := []struct {
		name  string
		pos   Position
		piece Piece
		want  string
	}{
		{"TV-TF-4 knight f1", Start, Knight, "d2 e3"},
		{"TV-TF-4 rook f6 (f1 and a6 occupied)", Start, Rook, "f5 f4 f3 f2 e6 d6 c6 b6"},
		{"TV-TF-4 black bishop a1 (f6 occupied)", Start, BlackBishop, "b2 c3 d4 e5"},
		{"white bishop a6 (f1 occupied)", Start, WhiteBishop, "b5 c4 d3 e2"},
		{"knight in the centre has eight jumps", pos(t, "a1", "a6", "c3", "f6"), Knight, "b1 d1 a2 e2 a4 e4 b5 d5"},
		{"knight jumps over pieces, not onto them", pos(t, "a1", "b5", "c3", "c2"), Knight, "b1 d1 a2 e2 a4 e4 d5"},
		{"knight on an edge", pos(t, "a1", "a6", "c1", "f6"), Knight, "a2 e2 b3 d3"},
		{"rook in the centre, blocked on two sides", pos(t, "c5", "c2", "f1", "c3"), Rook, "c4 a3 b3 d3 e3 f3"},
		{"rook boxed in a corner", pos(t, "b2", "b1", "f1", "a1"), Rook, "a2 a3 a4 a5 a6"},
		{"bishop in the centre, blocked", pos(t, "d4", "a6", "f1", "f6"), BlackBishop, "a1 b2 c3 e5 e3 f2 c5 b6"},
		{"bishop next to a blocker on its diagonal", pos(t, "c3", "a6", "d4", "f6"), BlackBishop, "a1 b2 b4 a5 d2 e1"},
		{"white bishop on an edge", pos(t, "a1", "f3", "f1", "f6"), WhiteBishop, "e2 d1 e4 d5 c6"},
	}
	for _, tt := range tests {
		got := Destinations(tt.pos, tt.piece)
		if want := squares(t, tt.want); !slices.Equal(got, want) {
			t.Errorf("%s: Destinations(%v, %v) = [%s], want [%s]", tt.name, tt.pos, tt.piece, names(got), names(want))
		}
	}
}

func TestCheckMove(t *testing.T) {
	tests := []struct {
		name     string
		pos      Position
		piece    Piece
		to       string
		wantRule string
		wantEN   string // a part of the English message
	}{
		{"TV-TF-4 rook onto a1 is illegal", pos(t, "a1", "a6", "f1", "f6"), Rook, "f1", RuleOccupied, "the knight stands there"},
		{"rook cannot pass the white bishop", pos(t, "a1", "c6", "f1", "f6"), Rook, "a6", RuleNoJump, "The rook cannot pass c6 on its way to a6: the white bishop stands there"},
		{"rook onto a square held by a piece", Start, Rook, "a6", RuleOccupied, "the white bishop stands there"},
		{"rook diagonally", Start, Rook, "e5", RuleRook, "along its file or its rank"},
		{"rook standing still", Start, Rook, "f6", RuleRook, "already stands on f6"},
		{"knight like a rook", Start, Knight, "f3", RuleKnight, "two squares along a file or a rank"},
		{"knight onto a piece", pos(t, "d2", "a6", "f1", "f6"), Knight, "d2", RuleOccupied, "the black bishop stands there"},
		{"black bishop to a light square", Start, BlackBishop, "c2", RuleBishop, "stays on dark squares and c2 is light"},
		{"white bishop to a dark square", Start, WhiteBishop, "c3", RuleBishop, "stays on light squares and c3 is dark"},
		{"bishop along a file on its colour", Start, BlackBishop, "a3", RuleBishop, "only along diagonals"},
		{"bishop cannot pass the rook", pos(t, "a1", "a6", "f1", "c3"), BlackBishop, "e5", RuleNoJump, "cannot pass c3"},
		{"bishop onto the rook on f6", Start, BlackBishop, "f6", RuleOccupied, "the rook stands there"},
		{"knight jumps", Start, Knight, "e3", "", ""},
		{"rook slides", Start, Rook, "b6", "", ""},
	}
	for _, tt := range tests {
		v := CheckMove(tt.pos, tt.piece, sq(t, tt.to))
		switch {
		case tt.wantRule == "" && v != nil:
			t.Errorf("%s: CheckMove(%v, %v, %s) = %v, want legal", tt.name, tt.pos, tt.piece, tt.to, v)
		case tt.wantRule != "" && v == nil:
			t.Errorf("%s: CheckMove(%v, %v, %s) = legal, want %s", tt.name, tt.pos, tt.piece, tt.to, tt.wantRule)
		case v != nil && (v.Rule != tt.wantRule || !strings.Contains(said(v.Message).EN, tt.wantEN) || said(v.Message).FR == ""):
			t.Errorf("%s: CheckMove(%v, %v, %s) = %s %q, want %s containing %q", tt.name, tt.pos, tt.piece, tt.to, v.Rule, said(v.Message).EN, tt.wantRule, tt.wantEN)
		}
	}
}

func TestCheckMoveFrenchReason(t *testing.T) {
	v := CheckMove(pos(t, "a1", "c6", "f1", "f6"), Rook, sq(t, "a6"))
	want := "La tour ne peut passer par c6 pour aller en a6 : le fou blanc s'y trouve, et seul le cavalier saute par-dessus les pièces."
	if v == nil || said(v.Message).FR != want {
		t.Errorf("CheckMove(rook f6→a6 past c6).FR = %v, want %q", v, want)
	}
}

// randomPosition returns a legal position drawn from r.
func randomPosition(r *rand.Rand) Position {
	for {
		var p Position
		for i := range p {
			p[i] = Square(r.IntN(36))
		}
		if p.Check() == nil {
			return p
		}
	}
}

// Destinations and CheckMove are two answers to one question: they must agree
// on every square, for every piece, on many positions.
func TestDestinationsAgreeWithCheckMove(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		p := randomPosition(r)
		for _, piece := range Pieces {
			dest := Destinations(p, piece)
			for s := range Square(36) {
				legal := CheckMove(p, piece, s) == nil
				if legal != slices.Contains(dest, s) {
					t.Fatalf("position %v, %v to %s: CheckMove legal=%v but Destinations = [%s]", p, piece, s, legal, names(dest))
				}
				if legal && piece != Knight && s.Dark() != p[piece].Dark() && piece != Rook {
					t.Fatalf("position %v: %v may leave its colour to %s", p, piece, s)
				}
			}
		}
	}
}

func BenchmarkDestinations(b *testing.B) {
	p := Position{BlackBishop: 14, WhiteBishop: 0 + 6*5, Knight: 5, Rook: 35}
	for b.Loop() {
		for _, piece := range Pieces {
			_ = Destinations(p, piece)
		}
	}
}

func BenchmarkCheckMove(b *testing.B) {
	for b.Loop() {
		_ = CheckMove(Start, Rook, 30+1)
	}
}
