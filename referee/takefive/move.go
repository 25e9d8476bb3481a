package takefive

import (
	"fmt"
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
	the := p.the()
	if to == from {
		return violation(moveRule(p),
			fmt.Sprintf("%s already stands on %s: a piece that is moved must change squares.", capital(the.EN), to),
			fmt.Sprintf("%s est déjà sur %s : une pièce déplacée doit changer de case.", capital(the.FR), to))
	}
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	switch p {
	case Knight:
		if abs(df)*abs(dr) != 2 {
			return violation(RuleKnight,
				fmt.Sprintf("The knight cannot go from %s to %s: it moves two squares along a file or a rank, then one square to the side.", from, to),
				fmt.Sprintf("Le cavalier ne peut aller de %s à %s : il avance de deux cases en ligne droite, puis d'une case sur le côté.", from, to))
		}
	case Rook:
		if df != 0 && dr != 0 {
			return violation(RuleRook,
				fmt.Sprintf("The rook cannot go from %s to %s: it moves only along its file or its rank.", from, to),
				fmt.Sprintf("La tour ne peut aller de %s à %s : elle ne se déplace que sur sa colonne ou sa rangée.", from, to))
		}
	default: // a bishop
		if to.Dark() != from.Dark() {
			c, tc := from.colour(), to.colour()
			return violation(RuleBishop,
				fmt.Sprintf("%s cannot go to %s: it stays on %s squares and %s is %s.", capital(the.EN), to, c.EN, to, tc.EN),
				fmt.Sprintf("%s ne peut aller sur %s : il reste sur les cases %ss et %s est %s.", capital(the.FR), to, c.FR, to, tc.FR))
		}
		if abs(df) != abs(dr) {
			return violation(RuleBishop,
				fmt.Sprintf("%s cannot go from %s to %s: it moves only along diagonals.", capital(the.EN), from, to),
				fmt.Sprintf("%s ne peut aller de %s à %s : il ne se déplace qu'en diagonale.", capital(the.FR), from, to))
		}
	}
	if p != Knight {
		sf, sr := sign(df), sign(dr)
		for s := At(from.File()+sf, from.Rank()+sr); s != to; s = At(s.File()+sf, s.Rank()+sr) {
			if q, ok := pos.On(s); ok {
				qn := q.the()
				return violation(RuleNoJump,
					fmt.Sprintf("%s cannot pass %s on its way to %s: %s stands there, and only the knight may jump over pieces.", capital(the.EN), s, to, qn.EN),
					fmt.Sprintf("%s ne peut passer par %s pour aller en %s : %s s'y trouve, et seul le cavalier saute par-dessus les pièces.", capital(the.FR), s, to, qn.FR))
			}
		}
	}
	if q, ok := pos.On(to); ok {
		qn := q.the()
		return violation(RuleOccupied,
			fmt.Sprintf("%s cannot stop on %s: %s stands there, and a piece never stops on another piece.", capital(the.EN), to, qn.EN),
			fmt.Sprintf("%s ne peut s'arrêter sur %s : %s s'y trouve, et une pièce ne se pose jamais sur une autre.", capital(the.FR), to, qn.FR))
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

func violation(rule, en, fr string) *rulebook.Violation {
	return &rulebook.Violation{Rule: rule, Message: rulebook.Text{EN: en, FR: fr}.Msg(), Step: rulebook.NoStep}
}

// capital upper-cases the first ASCII letter of s ("the rook" → "The rook").
func capital(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-32) + s[1:]
	}
	return s
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
