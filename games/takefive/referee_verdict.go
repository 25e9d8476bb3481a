package takefive

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tablekeeper/tablekeeper/games/kit"
	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

var tfGlyphs = [tf.NumPieces]string{tf.BlackBishop: "♝", tf.WhiteBishop: "♗", tf.Knight: "♞", tf.Rook: "♜"}

// board draws the 6×6 board, rank 6 at the top: the pieces where the turn
// starts, the tokens, the squares the moves go to, and (in a move mode)
// the destinations of the piece being moved marked hl.
func (g TakeFive) board(ctx context.Context, t tfTurn) []TFSquare {
	pos, ok := t.position()
	var hl []tf.Square
	if ok && (t.mode == "move1" || t.mode == "move2") {
		i, from := 0, pos
		if t.mode == "move2" {
			i, from = 1, t.afterFirst(pos)
		}
		if p, err := tf.ParsePiece(t.moves[i].piece); err == nil {
			hl = tf.Destinations(from, p)
		}
	}
	var out []TFSquare
	for r := tf.Size - 1; r >= 0; r-- {
		for f := 0; f < tf.Size; f++ {
			sq := tf.At(f, r)
			name := sq.String()
			s := TFSquare{Name: name, Dark: sq.Dark(), HL: slices.Contains(hl, sq), Token: !slices.Contains(t.empty, name)}
			var desc []string
			for i, ps := range t.pieces {
				if ps == name {
					s.Glyph = tfGlyphs[i]
					desc = append(desc, views.Say(ctx, tf.Pieces[i].Name()))
				}
			}
			for i, m := range t.moves {
				if m.to == name && m.piece != "" {
					s.Move = fmt.Sprint(i + 1)
					desc = append(desc, views.T(ctx, "takefive.ref.board.move", "Move", s.Move))
				}
			}
			if s.Token {
				desc = append(desc, views.T(ctx, "takefive.ref.board.token"))
			} else {
				desc = append(desc, views.T(ctx, "takefive.ref.board.notoken"))
			}
			// The name starts with what the square shows (its name, and the
			// number of the move that lands there), so that it can be said.
			shown := name
			if s.Move != "" {
				shown += " " + s.Move
			}
			s.Label = shown + ": " + strings.Join(desc, ", ")
			out = append(out, s)
		}
	}
	return out
}

func tfValues(vs []int) string {
	if len(vs) == 0 {
		return "—"
	}
	return rackText(vs)
}

// verdict draws the API's answer on player's turn: legal or not, each rule
// broken quoted from the sheet, and what the take does.
func (g TakeFive) verdict(rc kit.RefereeCtx, v tf.TurnResponse, player string, set rulebook.Settings) *TFVerdict {
	out := &TFVerdict{Legal: v.Legal}
	for _, vi := range v.Violations {
		c := kit.CiteRule(tf.Rules, vi.Rule)
		c.Message = vi.Message // the API's answer is already in the page's language
		if vi.Step != nil {
			c.Step = views.T(rc.Ctx, "takefive.ref.move", "N", *vi.Step+1)
		}
		out.Violations = append(out.Violations, c)
	}
	if t := v.Take; t != nil {
		rack := v.State.Racks[player] // after the take; unchanged on a penalty
		tk := &TFTake{Value: t.Value, Square: t.Square, Step: t.Step + 1, Outcome: t.Outcome, Rack: tfValues(rack),
			RoundOver: v.RoundOver, Replay: v.ReplayRound}
		if v.RoundWinner != nil {
			tk.Winner = *v.RoundWinner
		}
		c := kit.CiteRule(tf.Rules, t.Rule)
		c.Message = t.Reason
		tk.Cites = append(tk.Cites, c)
		if t.Outcome == tf.Penalty.String() {
			if t.Rule != tf.RulePenalty {
				tk.Cites = append(tk.Cites, kit.CiteRule(tf.Rules, tf.RulePenalty))
			}
			tk.GiveUp = tfValues(rack) // any of his tokens (TF-A10: never none)
			if p := t.Penalty; p != nil {
				tk.GiveUp, tk.Squares = tfValues(p.GiveUp), strings.Join(p.Squares, " ")
			}
		}
		out.Take = tk
	}
	for _, h := range tf.HouseRules {
		if set.Get(h.Key) != h.Default {
			d := views.Say(rc.Ctx, h.Statement())
			if !h.IsBool() {
				d += " = " + set.Get(h.Key)
			}
			out.HouseRules = append(out.HouseRules, d)
		}
	}
	return out
}
