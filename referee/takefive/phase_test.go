package takefive

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

var defaults = rulebook.Defaults(HouseRules)

func settings(t testing.TB, kv ...string) rulebook.Settings {
	t.Helper()
	given := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		given[kv[i]] = kv[i+1]
	}
	s, err := rulebook.Resolve(HouseRules, given)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func alfred(rack ...int) []Opponent { return []Opponent{{Name: "Alfred", Rack: rack}} }

// TV-TF-1, TV-TF-2 and TV-TF-3, with the sums computed (TF-A4: Paul's
// {7, 8, 3, 5} makes 23, not the 21 the sheet prints; only a 9 wins anyway).
func TestTakeEffect(t *testing.T) {
	tests := []struct {
		name     string
		take     Take
		want     Outcome
		wantRule string
		wantEN   string
	}{
		{"TV-TF-1 Paul takes 9 and wins", Take{Phase: Score, Player: "Paul", Rack: []int{7, 8, 3, 5}, Opponents: alfred(8, 9, 7, 5), Value: 9},
			Won, RuleScoreFifth, "make 23 + 9 = 32, higher than every opponent's total (the best is Alfred's 29)"},
		{"TV-TF-1 Paul takes 6: 29 is not above 29", Take{Phase: Score, Player: "Paul", Rack: []int{7, 8, 3, 5}, Opponents: alfred(8, 9, 7, 5), Value: 6},
			Penalty, RuleScoreFifth, "23 + 6 = 29, which is not higher than Alfred's 29"},
		{"TV-TF-1 Paul takes 8: a duplicate", Take{Phase: Score, Player: "Paul", Rack: []int{7, 8, 3, 5}, Opponents: alfred(8, 9, 7, 5), Value: 8},
			Penalty, RuleScoreDuplicate, "already holds an 8"},
		{"TV-TF-1 Paul takes 1: not enough", Take{Phase: Score, Player: "Paul", Rack: []int{7, 8, 3, 5}, Opponents: alfred(8, 9, 7, 5), Value: 1},
			Penalty, RuleScoreFifth, "23 + 1 = 24"},
		{"score: a fourth different token is kept", Take{Phase: Score, Player: "Paul", Rack: []int{7, 8, 3}, Opponents: alfred(8, 9, 7, 5), Value: 1},
			Kept, RuleScoreGoal, "keeps the 1"},
		{"score: the fifth must beat every opponent", Take{Phase: Score, Player: "Paul", Rack: []int{9, 8, 7, 5},
			Opponents: []Opponent{{Name: "Alfred", Rack: []int{1}}, {Name: "Zoé", Rack: []int{9, 8, 7, 6}}}, Value: 1},
			Penalty, RuleScoreFifth, "not higher than Zoé's 30"},
		{"score: first take of the round", Take{Phase: Score, Player: "Paul", Rack: nil, Opponents: alfred(), Value: 4},
			Kept, RuleScoreGoal, "keeps the 4"},
		{"TV-TF-2 {9, 8} + 4 wins", Take{Phase: TwentyOne, Player: "Paul", Rack: []int{9, 8}, Opponents: alfred(), Value: 4},
			Won, Rule21Goal, "9 + 8 + 4 = 21"},
		{"TV-TF-2 {9, 8} + 5 is eliminated", Take{Phase: TwentyOne, Player: "Paul", Rack: []int{9, 8}, Opponents: alfred(1), Value: 5},
			Eliminated, RuleLastStanding, "9 + 8 + 5 = 22, over 21"},
		{"TV-TF-2 {2, 3, 4, 5} + 6 is eliminated", Take{Phase: TwentyOne, Player: "Paul", Rack: []int{2, 3, 4, 5}, Opponents: alfred(1), Value: 6},
			Eliminated, RuleLastStanding, "five tokens making 2 + 3 + 4 + 5 + 6 = 20, short of 21"},
		{"TV-TF-2 {1, 1, 1, 9} + 9 wins", Take{Phase: TwentyOne, Player: "Paul", Rack: []int{1, 1, 1, 9}, Opponents: alfred(), Value: 9},
			Won, Rule21Goal, "1 + 1 + 1 + 9 + 9 = 21"},
		{"21: duplicates are kept", Take{Phase: TwentyOne, Player: "Paul", Rack: []int{4}, Opponents: alfred(), Value: 4},
			Kept, Rule21Goal, "4 + 4 = 8"},
		{"21: no voluntary return in this phase", Take{Phase: TwentyOne, Player: "Paul", Rack: []int{4}, Opponents: alfred(), Value: 4, GiveBack: true},
			Kept, Rule21Goal, "keeps the 4"},
		{"TV-TF-3 {3, 5, 6} + 8 spans six values", Take{Phase: Quinte, Player: "Paul", Rack: []int{3, 5, 6}, Opponents: alfred(), Value: 8},
			Penalty, RuleQuinteMisfit, "from 3 to 8 is 6 values"},
		{"TV-TF-3 {3, 5, 6} + 7 is kept", Take{Phase: Quinte, Player: "Paul", Rack: []int{3, 5, 6}, Opponents: alfred(), Value: 7},
			Kept, RuleQuinteGoal, "3, 5, 6, 7 still fit"},
		{"TV-TF-3 then + 4 makes 3…7 and wins", Take{Phase: Quinte, Player: "Paul", Rack: []int{3, 5, 6, 7}, Opponents: alfred(), Value: 4},
			Won, RuleQuinteGoal, "3, 4, 5, 6, 7 follow each other"},
		{"TV-TF-3 {3, 5, 6} + 5 is a duplicate", Take{Phase: Quinte, Player: "Paul", Rack: []int{3, 5, 6}, Opponents: alfred(), Value: 5},
			Penalty, RuleQuinteMisfit, "already holds a 5"},
		{"quinte: 9 fits 5…9", Take{Phase: Quinte, Player: "Paul", Rack: []int{5}, Opponents: alfred(), Value: 9},
			Kept, RuleQuinteGoal, "keeps the 9"},
		{"quinte: voluntary return of a fitting token", Take{Phase: Quinte, Player: "Paul", Rack: []int{5}, Opponents: alfred(), Value: 6, GiveBack: true},
			Penalty, RuleVoluntaryReturn, "gives back the 6"},
		{"score: voluntary return with an empty rack", Take{Phase: Score, Player: "Paul", Opponents: alfred(), Value: 1, GiveBack: true},
			Penalty, RuleVoluntaryReturn, "gives back the 1"},
	}
	for _, tt := range tests {
		before := slices.Clone(tt.take.Rack)
		got := TakeEffect(tt.take, defaults)
		if got.Outcome != tt.want || got.Rule != tt.wantRule || !strings.Contains(said(got.Reason).EN, tt.wantEN) || said(got.Reason).FR == "" {
			t.Errorf("%s: TakeEffect(%+v) = %v %s %q, want %v %s containing %q", tt.name, tt.take, got.Outcome, got.Rule, said(got.Reason).EN, tt.want, tt.wantRule, tt.wantEN)
		}
		if !slices.Equal(tt.take.Rack, before) {
			t.Errorf("%s: TakeEffect modified the rack: %v, was %v", tt.name, tt.take.Rack, before)
		}
		wantRack := append(slices.Clone(before), tt.take.Value)
		if got.Outcome == Penalty {
			wantRack = before
			if !slices.Equal(got.GiveUp, before) {
				t.Errorf("%s: TakeEffect GiveUp = %v, want any of %v", tt.name, got.GiveUp, before)
			}
		}
		if !slices.Equal(got.Rack, wantRack) {
			t.Errorf("%s: TakeEffect Rack = %v, want %v", tt.name, got.Rack, wantRack)
		}
		if (got.Outcome == Won) != (got.Winner == "Paul") || (got.Outcome == Won && !got.RoundOver) {
			t.Errorf("%s: TakeEffect winner = %q, over = %v for outcome %v", tt.name, got.Winner, got.RoundOver, got.Outcome)
		}
	}
}

// With Paul's printed rack, only a 9 wins, as the sheet states (TF-A4).
func TestOnlyANineWins(t *testing.T) {
	for v := 1; v <= 9; v++ {
		got := TakeEffect(Take{Phase: Score, Player: "Paul", Rack: []int{7, 8, 3, 5}, Opponents: alfred(8, 9, 7, 5), Value: v}, defaults)
		if (got.Outcome == Won) != (v == 9) {
			t.Errorf("Paul {7, 8, 3, 5} takes %d: %v, want won only for 9", v, got.Outcome)
		}
	}
}

// TF-A7 and its two house rules, each both ways.
func TestEliminationEndsTheRound(t *testing.T) {
	bust := func(opps ...Opponent) Take {
		return Take{Phase: TwentyOne, Player: "Paul", Rack: []int{9, 8}, Opponents: opps, Value: 9}
	}
	alive := Opponent{Name: "Alfred", Rack: []int{2}}
	out := Opponent{Name: "Zoé", Rack: []int{9, 9, 9}, Eliminated: true}
	out2 := Opponent{Name: "Alfred", Rack: []int{9, 9, 9}, Eliminated: true}
	tests := []struct {
		name       string
		take       Take
		s          rulebook.Settings
		wantOver   bool
		wantWinner string
		wantReplay bool
	}{
		{"last standing wins (default)", bust(alive, out), defaults, true, "Alfred", false},
		{"last standing plays on (lastStandingWins21=false)", bust(alive, out), settings(t, HouseLastStandingWins, "false"), false, "", false},
		{"two still standing", bust(alive, Opponent{Name: "Zoé", Rack: []int{1}}), defaults, false, "", false},
		{"all out: replay (default)", bust(out, out2), settings(t, HouseLastStandingWins, "false"), true, "", true},
		{"all out: no winner", bust(out, out2), settings(t, HouseLastStandingWins, "false", HouseAllEliminated, AllEliminatedNoWinner), true, "", false},
	}
	for _, tt := range tests {
		got := TakeEffect(tt.take, tt.s)
		if got.Outcome != Eliminated || got.RoundOver != tt.wantOver || got.Winner != tt.wantWinner || got.Replay != tt.wantReplay {
			t.Errorf("%s: TakeEffect = %v over=%v winner=%q replay=%v, want eliminated over=%v winner=%q replay=%v (%s)",
				tt.name, got.Outcome, got.RoundOver, got.Winner, got.Replay, tt.wantOver, tt.wantWinner, tt.wantReplay, said(got.Reason).EN)
		}
	}
}

func TestPenaltySquares(t *testing.T) {
	tests := []struct {
		name  string
		pos   Position
		empty string
		want  string
	}{
		{"free squares only", Start, "c3 b4", "c3 b4"},
		{"a square under a piece is not free", Start, "a1 c3", "c3"},
		{"under a piece when nothing else is empty (TF-A6)", Start, "a1 f6", "a1 f6"},
		{"nothing empty", Start, "", ""},
	}
	for _, tt := range tests {
		got := PenaltySquares(tt.pos, squares(t, tt.empty))
		if want := squares(t, tt.want); !slices.Equal(got, want) {
			t.Errorf("%s: PenaltySquares(%v, [%s]) = [%s], want [%s]", tt.name, tt.pos, tt.empty, names(got), names(want))
		}
	}
}

func TestCheckState(t *testing.T) {
	base := func() State {
		return State{Pieces: Start, Phase: Score, Racks: []Rack{
			{Player: "Alfred", Values: []int{8, 9, 7, 5}}, {Player: "Paul", Values: []int{7, 8, 3, 5}}}}
	}
	tests := []struct {
		name      string
		edit      func(*State)
		s         rulebook.Settings
		wantField string
	}{
		{"API.md example", func(*State) {}, defaults, ""},
		{"one player", func(st *State) { st.Racks = st.Racks[:1] }, defaults, "state.racks"},
		{"five players", func(st *State) {
			for _, n := range []string{"C", "D", "E"} {
				st.Racks = append(st.Racks, Rack{Player: n})
			}
		}, defaults, "state.racks"},
		{"token 10", func(st *State) { st.Racks[1].Values[2] = 10 }, defaults, "state.racks.Paul[2]"},
		{"token 0", func(st *State) { st.Racks[1].Values[0] = 0 }, defaults, "state.racks.Paul[0]"},
		{"a fifth 5", func(st *State) {
			st.Racks[0].Values = []int{5, 1}
			st.Racks[1].Values = []int{5, 2}
			st.Racks = append(st.Racks, Rack{Player: "Zoé", Values: []int{3, 5}}, Rack{Player: "Yves", Values: []int{4, 5}})
			st.Phase = TwentyOne // duplicates are allowed here: only the count is wrong
			st.Racks[3].Values = append(st.Racks[3].Values, 5)
		}, defaults, "state.racks.Yves[2]"},
		{"six tokens", func(st *State) {
			st.Phase = TwentyOne
			st.Racks[0].Values = nil
			st.Racks[1].Values = []int{1, 1, 1, 1, 2, 2}
		}, defaults, "state.racks.Paul[5]"},
		{"a duplicate in the score phase", func(st *State) { st.Racks[1].Values = []int{7, 7} }, defaults, "state.racks.Paul[1]"},
		{"five tokens in the score phase", func(st *State) { st.Racks[1].Values = []int{7, 8, 3, 5, 1} }, defaults, "state.racks.Paul"},
		{"a quinte misfit", func(st *State) { st.Phase = Quinte; st.Racks[0].Values = []int{1, 6} }, defaults, "state.racks.Alfred"},
		{"eliminated in the score phase", func(st *State) { st.Racks[0].Eliminated = true }, defaults, "state.eliminated"},
		{"21 already reached", func(st *State) { st.Phase = TwentyOne; st.Racks[0].Values = []int{9, 7, 5} }, defaults, "state.racks.Alfred"},
		{"over 21 and not eliminated", func(st *State) { st.Phase = TwentyOne }, defaults, "state.racks.Alfred"},
		{"eliminated without cause", func(st *State) {
			st.Phase = TwentyOne
			st.Racks[0].Values, st.Racks[0].Eliminated = []int{2}, true
			st.Racks[1].Values = []int{2}
		}, settings(t, HouseLastStandingWins, "false"), "state.eliminated"},
		{"last standing already won", func(st *State) {
			st.Phase = TwentyOne
			st.Racks[0].Eliminated = true
			st.Racks[1].Values = []int{2}
		}, defaults, "state.eliminated"},
		{"last standing plays on", func(st *State) {
			st.Phase = TwentyOne
			st.Racks[0].Eliminated = true
			st.Racks[1].Values = []int{2}
		}, settings(t, HouseLastStandingWins, "false"), ""},
		{"empty twice", func(st *State) { st.Empty = []Square{14, 14} }, defaults, "state.empty[1]"},
		{"more empty squares than taken tokens", func(st *State) { st.Racks[0].Values, st.Racks[1].Values, st.Empty = nil, nil, []Square{14} }, defaults, "state.empty"},
		{"fewer empty squares than taken tokens", func(st *State) { st.Empty = []Square{14} }, defaults, "state.empty"},
		{"an eliminated player's tokens stay off the board", func(st *State) {
			st.Phase = TwentyOne
			st.Racks[0].Eliminated = true
			st.Racks[1].Values = []int{2}
			st.Empty = squares(t, strings.Join(emptyList[:4], " "))
		}, settings(t, HouseLastStandingWins, "false"), "state.empty"},
		{"two pieces on a square", func(st *State) { st.Pieces[Rook] = st.Pieces[Knight] }, defaults, "state.pieces"},
		{"a player twice", func(st *State) { st.Racks[1].Player = "Alfred" }, defaults, "state.racks.Alfred"},
	}
	for _, tt := range tests {
		st := base()
		tt.edit(&st)
		if st.Empty == nil { // as many empty squares as tokens taken
			n := 0
			for _, r := range st.Racks {
				n += len(r.Values)
			}
			st.Empty = squares(t, strings.Join(emptyList[:n], " "))
		}
		err := CheckState(st, tt.s)
		field := ""
		if ie, ok := err.(*rulebook.InputError); ok {
			field = ie.Field
		} else if err != nil {
			t.Errorf("%s: CheckState error %v is not an InputError", tt.name, err)
		}
		if field != tt.wantField {
			t.Errorf("%s: CheckState(%+v) = %v, want field %q", tt.name, st, err, tt.wantField)
		}
	}
}

func BenchmarkTakeEffect(b *testing.B) {
	tk := Take{Phase: Score, Player: "Paul", Rack: []int{7, 8, 3, 5}, Opponents: alfred(8, 9, 7, 5), Value: 9}
	for b.Loop() {
		_ = TakeEffect(tk, defaults)
	}
}
