package take5

import (
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

func TestPlayTurn(t *testing.T) {
	tests := []struct {
		name           string
		rows           Circle
		plays          []Play
		s              rulebook.Settings
		wantSteps      string
		wantPickups    string
		wantRows       string
		wantViolations string
		wantEnd        int
	}{
		{"TV-T5-1 seed example 1: Jacques lays 35, 50 and 60, each on its only row",
			singles(23, 43, 49, 55, 80), []Play{Number(35), Number(50), Number(60)}, defaults,
			"35@0 50@2 60@3", "", "0:[23 35] 1:[43] 2:[49 50] 3:[55 60] 4:[80]", "", NoEnd},
		{"TV-T5-1 with the rows claimed rightly",
			singles(23, 43, 49, 55, 80), []Play{NumberOn(35, 0), NumberOn(50, 2), NumberOn(60, 3)}, defaults,
			"35@0 50@2 60@3", "", "0:[23 35] 1:[43] 2:[49 50] 3:[55 60] 4:[80]", "", NoEnd},
		{"“my 50 goes on the 43”: forced onto 49, evaluation stops there",
			singles(23, 43, 49, 55, 80), []Play{Number(35), NumberOn(50, 1), Number(60)}, defaults,
			"35@0", "", "0:[23 35] 1:[43] 2:[49] 3:[55] 4:[80]", "take5.forced-row@1", NoEnd},
		{"TV-T5-2 seed example 2: 5 wraps onto 94, 87 on 71, 4 wraps onto 87",
			singles(12, 30, 71, 94), []Play{Number(5), Number(87), Number(4)}, defaults,
			"5@3 87@2 4@2", "", "0:[12] 1:[30] 2:[71 87 4] 3:[94 5]", "", NoEnd},
		{"a wrap claimed on the wrong row",
			singles(12, 30, 71, 94), []Play{NumberOn(5, 0)}, defaults,
			"", "", "0:[12] 1:[30] 2:[71] 3:[94]", "take5.forced-row@0", NoEnd},
		{"a card above every final goes on the largest final",
			singles(12, 30, 71, 94), []Play{Number(98)}, defaults,
			"98@3", "", "0:[12] 1:[30] 2:[71] 3:[94 98]", "", NoEnd},
		{"TV-T5-3 seed example 3: Nicole's 42 is the 5th card and takes the row with its specials",
			withPlus5(table([]int{20, 35}, []int{50}), 0), []Play{Number(37), Number(39), Number(42)}, defaults,
			"37@0 39@0 42@0!", "0:[20 35 37 39 42]+5", "1:[50]", "", NoEnd},
		{"TV-T5-5 two pickups in one turn (default: a pickup does not end it)",
			table([]int{10, 11, 12, 13}, []int{40, 41, 42, 43}, []int{60}, []int{70}), []Play{Number(14), Number(44)}, defaults,
			"14@0! 44@1!", "0:[10 11 12 13 14] 1:[40 41 42 43 44]", "2:[60] 3:[70]", "", NoEnd},
		{"TV-T5-5 with pickupEndsTurn: the 44 is one card too many",
			table([]int{10, 11, 12, 13}, []int{40, 41, 42, 43}, []int{60}, []int{70}), []Play{Number(14), Number(44)}, endsOnTake,
			"14@0!", "0:[10 11 12 13 14]", "1:[40 41 42 43] 2:[60] 3:[70]", "take5.turn-over@1", 0},
		{"pickupEndsTurn on the last card: legal, and the turn is marked as ended",
			table([]int{10, 11, 12}, []int{60}), []Play{Number(13), Number(14)}, endsOnTake,
			"13@0 14@0!", "0:[10 11 12 13 14]", "1:[60]", "", 1},
		{"after a row disappears the wrap goes to the new largest final",
			table([]int{10}, []int{40, 41}, []int{90, 91, 92, 93}), []Play{Number(94), Number(5)}, defaults,
			"94@2! 5@1", "2:[90 91 92 93 94]", "0:[10] 1:[40 41 5]", "", NoEnd},
		{"after a row disappears its cards' successors land on the previous row",
			table([]int{10}, []int{40, 41, 42, 43}, []int{90}), []Play{Number(44), Number(50)}, defaults,
			"44@1! 50@0", "1:[40 41 42 43 44]", "0:[10 50] 2:[90]", "", NoEnd},
		{"a card claimed on a row taken earlier this turn",
			table([]int{10}, []int{40, 41, 42, 43}, []int{90}), []Play{Number(44), NumberOn(50, 1)}, defaults,
			"44@1!", "1:[40 41 42 43 44]", "0:[10] 2:[90]", "take5.forced-row@1", NoEnd},
		{"specials under rows lacking them; they do not count toward the 5",
			withX2(table([]int{10, 11, 12, 13}, []int{60}), 1), []Play{SpecialUnder(X2, 0), SpecialUnder(Plus5, 1), Number(14)}, defaults,
			"x2@0 +5@1 14@0!", "0:[10 11 12 13 14]x2", "1:[60]x2+5", "", NoEnd},
		{"TV-T5-7 an x2 under a row that holds one is illegal",
			withX2(singles(10, 60), 0), []Play{SpecialUnder(X2, 0)}, defaults,
			"", "", "0:[10]x2 1:[60]", "take5.special-row@0", NoEnd},
		{"TV-T5-7 a +5 under a row holding an x2 is legal",
			withX2(singles(10, 60), 0), []Play{SpecialUnder(Plus5, 0)}, defaults,
			"+5@0", "", "0:[10]x2+5 1:[60]", "", NoEnd},
		{"TV-T5-7 an x2 blocked: every row holds one",
			withX2(singles(10, 60), 0, 1), []Play{SpecialUnder(X2, 1)}, defaults,
			"", "", "0:[10]x2 1:[60]x2", "take5.special-row@0", NoEnd},
		{"a special under a row taken this turn",
			table([]int{10, 11, 12, 13}, []int{60}), []Play{Number(14), SpecialUnder(Plus5, 0)}, defaults,
			"14@0!", "0:[10 11 12 13 14]", "1:[60]", "take5.special-row@1", NoEnd},
		{"no card at all",
			singles(10, 60), []Play{}, defaults,
			"", "", "0:[10] 1:[60]", "take5.cards-per-turn@-1", NoEnd},
		{"a 4th card: the first three stand",
			singles(10, 60), []Play{Number(11), Number(12), Number(61), Number(62)}, defaults,
			"11@0 12@0 61@1", "", "0:[10 11 12] 1:[60 61]", "take5.cards-per-turn@3", NoEnd},
		{"a 4th card after an illegal 2nd: both are certain",
			singles(10, 60), []Play{Number(11), NumberOn(12, 1), Number(61), Number(62)}, defaults,
			"11@0", "", "0:[10 11] 1:[60]", "take5.forced-row@1 take5.cards-per-turn@3", NoEnd},
		{"2 players' last card takes the last row",
			table([]int{7, 8, 9, 10}), []Play{Number(3)}, defaults,
			"3@0!", "0:[7 8 9 10 3]", "", "", NoEnd},
	}
	for _, tt := range tests {
		got, err := PlayTurn(tt.rows, tt.plays, tt.s)
		if err != nil {
			t.Errorf("%s: PlayTurn(%s, %v) error = %v", tt.name, fmtRows(tt.rows), tt.plays, err)
			continue
		}
		wantV := tt.wantViolations
		if g := fmtSteps(got.Steps); g != tt.wantSteps {
			t.Errorf("%s: PlayTurn steps = %q, want %q", tt.name, g, tt.wantSteps)
		}
		if g := fmtPickups(got.Pickups); g != tt.wantPickups {
			t.Errorf("%s: PlayTurn pickups = %q, want %q", tt.name, g, tt.wantPickups)
		}
		if g := fmtRows(got.Rows); g != tt.wantRows {
			t.Errorf("%s: PlayTurn rows = %q, want %q", tt.name, g, tt.wantRows)
		}
		if g := fmtViolations(got.Violations); g != wantV {
			t.Errorf("%s: PlayTurn violations = %q, want %q", tt.name, g, wantV)
		}
		if got.Legal != (wantV == "") || got.TurnEndsAfterStep != tt.wantEnd {
			t.Errorf("%s: PlayTurn legal, end = %v, %d, want %v, %d", tt.name, got.Legal, got.TurnEndsAfterStep, wantV == "", tt.wantEnd)
		}
		for _, v := range got.Violations {
			if said(v.Message).EN == "" || said(v.Message).FR == "" {
				t.Errorf("%s: violation %s message = %+v, want English and French", tt.name, v.Rule, v.Message)
			}
		}
	}
}

func TestViolationMessages(t *testing.T) {
	tests := []struct {
		name   string
		rows   Circle
		plays  []Play
		s      rulebook.Settings
		wantEN string
		wantFR string
	}{
		{"my 50 goes on the 43", singles(23, 43, 49, 55, 80), []Play{NumberOn(50, 1)}, defaults,
			"50 cannot go on the row ending 43 (row 2): it must go on the row ending 49 (row 3), because 49 is the largest final below 50.",
			"Le 50 ne peut pas aller sur la rangée qui finit par 43 (rangée 2) : il doit aller sur la rangée qui finit par 49 (rangée 3), car 49 est le plus grand chiffre final inférieur à 50."},
		{"a wrap claimed elsewhere", singles(12, 30, 71, 94), []Play{NumberOn(5, 0)}, defaults,
			"5 cannot go on the row ending 12 (row 1): no final is below 5, so it must go on the row with the largest final, the row ending 94 (row 4).",
			"Le 5 ne peut pas aller sur la rangée qui finit par 12 (rangée 1) : aucun chiffre final n'est inférieur à 5, il doit donc aller sur la rangée qui a le plus grand chiffre final, la rangée qui finit par 94 (rangée 4)."},
		{"a claim on a row taken this turn", table([]int{10}, []int{40, 41, 42, 43}, []int{90}), []Play{Number(44), NumberOn(50, 1)}, defaults,
			"Row 2 is no longer on the table: your 1st card took it. 50 cannot go on row 2: it must go on the row ending 10 (row 1), because 10 is the largest final below 50.",
			"La rangée 2 n'est plus sur la table : votre 1re carte l'a ramassée. Le 50 ne peut pas aller sur la rangée 2 : il doit aller sur la rangée qui finit par 10 (rangée 1), car 10 est le plus grand chiffre final inférieur à 50."},
		{"a second +5 under a row, with where it may go", withPlus5(singles(23, 43, 49, 55), 3), []Play{SpecialUnder(Plus5, 3)}, defaults,
			"The row ending 55 (row 4) already holds a +5, and a row holds only one of each special card. The +5 may go under the rows ending 23, 43 or 49.",
			"La rangée qui finit par 55 (rangée 4) a déjà un « +5 », et une rangée ne porte qu'une carte spéciale de chaque sorte. Le « +5 » peut aller sous les rangées qui finissent par 23, 43 ou 49."},
		{"a blocked x2", withX2(singles(10, 60), 0, 1), []Play{SpecialUnder(X2, 0)}, defaults,
			"Every row on the table already holds an x2, so the x2 cannot be laid: it stays in hand and costs 10 points at the end.",
			"Chaque rangée de la table a déjà un « x2 » : le « x2 » ne peut pas être posé, il reste en main et coûte 10 points à la fin."},
		{"a card after the pickup that ended the turn", table([]int{10, 11, 12, 13}, []int{60}), []Play{Number(14), Number(61)}, endsOnTake,
			"Your turn ended when your 1st card took row 1 (house rule: a pickup ends the turn), so you cannot lay another card.",
			"Votre tour s'est terminé quand votre 1re carte a ramassé la rangée 1 (règle maison : ramasser termine le tour), vous ne pouvez donc plus poser de carte."},
	}
	for _, tt := range tests {
		got, err := PlayTurn(tt.rows, tt.plays, tt.s)
		if err != nil || len(got.Violations) != 1 {
			t.Errorf("%s: PlayTurn = %+v, %v, want one violation", tt.name, got.Violations, err)
			continue
		}
		if m := said(got.Violations[0].Message); m.EN != tt.wantEN || m.FR != tt.wantFR {
			t.Errorf("%s: message =\n%q\n%q\nwant\n%q\n%q", tt.name, m.EN, m.FR, tt.wantEN, tt.wantFR)
		}
	}
}

func TestStepExplanations(t *testing.T) {
	got, err := PlayTurn(withX2(table([]int{20, 35}, []int{50}), 0), []Play{Number(37), SpecialUnder(Plus5, 1), Number(39), Number(42)}[:3], defaults)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"37 goes on the row ending 35, the largest final below 37.",
		"The +5 goes under the row ending 50, which had no +5 yet.",
		"39 goes on the row ending 37, the largest final below 39.",
	}
	for i, w := range want {
		if said(got.Steps[i].Why).EN != w {
			t.Errorf("step %d Why = %q, want %q", i, said(got.Steps[i].Why).EN, w)
		}
	}
	got, _ = PlayTurn(withX2(table([]int{20, 35, 37, 39}, []int{50}), 0), []Play{Number(42)}, defaults)
	if w := "42 goes on the row ending 39, the largest final below 42. It is the 5th number card of the row, so the player takes the row: 20, 35, 37, 39, 42, with the x2 under it."; said(got.Steps[0].Why).EN != w {
		t.Errorf("pickup Why = %q, want %q", said(got.Steps[0].Why).EN, w)
	}
	if w := "Le 42 va sur la rangée qui finit par 39, le plus grand chiffre final inférieur à 42. C'est la 5e carte vachette de la rangée : le joueur ramasse la rangée, 20, 35, 37, 39, 42, avec le « x2 » placé dessous."; said(got.Steps[0].Why).FR != w {
		t.Errorf("pickup Why (fr) = %q, want %q", said(got.Steps[0].Why).FR, w)
	}
}

func TestPlayTurnInputErrors(t *testing.T) {
	c := singles(23, 43, 49, 55, 80)
	tests := []struct {
		name      string
		rows      Circle
		plays     []Play
		wantField string
	}{
		{"an invalid table", singles(23, 23), []Play{Number(5)}, "rows[1].cards[0]"},
		{"neither card nor special", c, []Play{Number(35), {}}, "play[1]"},
		{"both card and special", c, []Play{{Card: 35, Special: X2, Row: 0, Claimed: true}}, "play[0]"},
		{"card 99", c, []Play{Number(99)}, "play[0].card"},
		{"a negative card", c, []Play{Number(-4)}, "play[0].card"},
		{"a card already on the table", c, []Play{Number(49)}, "play[0].card"},
		{"a card laid twice", c, []Play{Number(35), Number(35)}, "play[1].card"},
		{"an unknown special", c, []Play{SpecialUnder("x3", 0)}, "play[0].special"},
		{"two x2 in one turn", c, []Play{SpecialUnder(X2, 0), SpecialUnder(X2, 1)}, "play[1].special"},
		{"a special under no row", c, []Play{{Special: Plus5}}, "play[0].row"},
		{"a row that does not exist", c, []Play{NumberOn(35, 5)}, "play[0].row"},
		{"a card with no row left (T5-A3)", table([]int{1, 2, 3, 4}), []Play{Number(5), Number(6)}, "play[1].card"},
	}
	for _, tt := range tests {
		_, err := PlayTurn(tt.rows, tt.plays, defaults)
		wantInputError(t, tt.name, err, tt.wantField)
	}
}
