package takefive

import (
	"slices"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

var knightJumps = [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
var rookRays = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
var bishopRays = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// Destinations returns every square piece p may move to from pos, in square
// order (a1, b1, … f6): the knight's jumps (TF-M2), the rook's files and ranks
// (TF-M3) and the bishops' diagonals (TF-M4), stopping before any other
// piece, never onto one (TF-M1). Tokens never block. pos must satisfy Check.
func Destinations(pos Position, p Piece) []Square {
	var out []Square
	from := pos[p]
	f, r := from.File(), from.Rank()
	if p == Knight {
		for _, d := range knightJumps {
			s := At(f+d[0], r+d[1])
			if _, taken := pos.On(s); s != NoSquare && !taken {
				out = append(out, s)
			}
		}
		slices.Sort(out)
		return out
	}
	rays := bishopRays
	if p == Rook {
		rays = rookRays
	}
	for _, d := range rays {
		for i := 1; ; i++ {
			s := At(f+i*d[0], r+i*d[1])
			if s == NoSquare {
				break
			}
			if _, taken := pos.On(s); taken {
				break
			}
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// CheckMove says whether piece p may move from its square in pos to to.
// It returns nil for a legal move, else the violation with the rule broken
// and the reason (Step is NoStep; a turn sets it). pos must satisfy Check and
// to must be a valid square.
func CheckMove(pos Position, p Piece, to Square) *rulebook.Violation {
	from := pos[p]
	if to == from {
		return violation(moveRule(p), rulebook.Say("takefive.ref.v.stay", "Piece", p.The(), "Square", to))
	}
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	switch p {
	case Knight:
		if abs(df)*abs(dr) != 2 {
			return violation(RuleKnight, rulebook.Say("takefive.ref.v.knight", "From", from, "To", to))
		}
	case Rook:
		if df != 0 && dr != 0 {
			return violation(RuleRook, rulebook.Say("takefive.ref.v.rook", "From", from, "To", to))
		}
	default: // a bishop
		if to.Dark() != from.Dark() {
			return violation(RuleBishop, rulebook.Say("takefive.ref.v.bishop.colour", "Piece", p.The(), "To", to,
				"Colour", from.colour(), "ToColour", to.colour()))
		}
		if abs(df) != abs(dr) {
			return violation(RuleBishop, rulebook.Say("takefive.ref.v.bishop", "Piece", p.The(), "From", from, "To", to))
		}
	}
	if p != Knight {
		sf, sr := sign(df), sign(dr)
		for s := At(from.File()+sf, from.Rank()+sr); s != to; s = At(s.File()+sf, s.Rank()+sr) {
			if q, ok := pos.On(s); ok {
				return violation(RuleNoJump, rulebook.Say("takefive.ref.v.jump", "Piece", p.The(), "Square", s, "To", to, "Other", q.the()))
			}
		}
	}
	if q, ok := pos.On(to); ok {
		return violation(RuleOccupied, rulebook.Say("takefive.ref.v.occupied", "Piece", p.The(), "To", to, "Other", q.the()))
	}
	return nil
}

// moveRule is the rule id for how piece p moves.
func moveRule(p Piece) string {
	switch p {
	case Knight:
		return RuleKnight
	case Rook:
		return RuleRook
	}
	return RuleBishop
}

func violation(rule string, why rulebook.Msg) *rulebook.Violation {
	return &rulebook.Violation{Rule: rule, Message: why, Step: rulebook.NoStep}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func sign(n int) int {
	switch {
	case n > 0:
		return 1
	case n < 0:
		return -1
	}
	return 0
}
