package referee_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/referee/fivecrowns"
	"github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/referee/takefive"
	"github.com/tablekeeper/tablekeeper/referee/taki"
	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

var update = flag.Bool("update", false, "rewrite docs/RULES.md from the engines' catalogues")

const rulesDoc = "../docs/RULES.md"

// game is one engine's chapter of the document: its catalogues, read from
// the package, and the readings it makes where the specification left a
// question open, written here by hand.
type game struct {
	title, pkg string
	rules      []rulebook.Rule
	house      []rulebook.HouseRule
	readings   []reading
}

// reading is one interpretation an engine makes, with the sheet's words
// it rests on ("" when the sheet says nothing).
type reading struct{ text, sheet string }

var games = []game{
	{"Take 5!", "take5", take5.Rules, take5.HouseRules, []reading{
		{"A 4th card is always reported (rule `take5.cards-per-turn`, at step 3), even when an earlier card is already illegal: whatever happened before, a turn never holds more than three cards.",
			"Il peut, s'il le veut, poser 2 ou 3 cartes."},
		{"Rows are numbered for players 1, 2, … in the order the request (or the page) lists them, going clockwise; the API's `row` and `index` count the same rows from 0. A taken row keeps its number, and the rows beside it become neighbours.", ""},
		{"A number card laid with no row named goes where it must; naming a row is a claim the referee checks (a wrong claim is `take5.forced-row`, naming the row it must go on and the final that forces it). A special card must name its row.",
			"Chaque carte vachette ne peut correspondre qu'à une seule place."},
		{"A table that breaks the circle order, the capacity invariant, a row's history, the specials dealt or the cows the cards carry (`take5.circle-order`, `take5.capacity`, `take5.row-history`, `take5.specials-dealt`, `take5.cows`) is an input mistake (HTTP 400, the field named), not a violation: no legal play produces it.",
			"Si l'on a joué correctement, toutes les rangées ont été ramassées par les joueurs."},
		{"A row's cards are read as laid, from the card of the starting circle (the API's `cards`, the referee page's rows alike). Going round the numbers, 98 followed by 1, the forced row of a card is the one whose final is the last one before it, so a row's final only moves forward and never onto or past the next row's final clockwise; a descent in a row (40 after 50) is its final going past 98 to 1, which happens only to a card lower than every final laid on the row with the largest final. Counting each row's position as its start plus the way its final has travelled (a whole turn for each descent), a card can be laid on a row only while the row stays behind the next row's position at that moment, and that position is read from the next row's own cards: its final then was one of them, not necessarily its final now. Laying a card never stops another from being laid, so the rows can be built exactly when laying, round and round, every card that can be laid lays them all; rows taken since only held the others back further, so leaving them out refuses no table that can occur. `[50, 40]` beside `[60]` is refused (the 40 would have gone on the 60, which can never have been past it); `[50, 40]` beside `[55, 45, 60]` is not (the 45 went on the 55 first).",
			"Chaque carte vachette ne peut correspondre qu'à une seule place."},
		{"A deal's tallies say how many specials each player still holds, not which. A hand of 2 is his x2 and his +5, and he laid neither; a hand of 1 is one of the two. With X \"x2\" and P \"+5\" collected, A hands of 2 and B hands of 1 among the lines, the lines are refused (`take5.specials-dealt`) unless X + A ≤ players, P + A ≤ players and X + P + 2A + B ≤ 2 × players: exactly the tallies some split of the hands of 1 fits. Each bound is ≤, not =, because a row may be left on the table (ignored in scoring) and the lines may be part of a table (`tableSize`). At two players, one player collecting both x2 while the other still holds both his specials is refused.",
			"On distribue à chaque joueur une carte „x 2” et une carte „+ 5”. Les cartes spéciales restantes sont écartées du jeu."},
		{"A deal's cows must be what the cards of the rows its piles can hold carry (`take5.cows`): a pile of k rows is 5 × k cards, g green ones carrying g to 2 × g green cows and the others red ones carrying a sum of 2s, 3s, 5s and 7s (never 7 × r − 1 or 7 × r − 3 for r red cards), the piles together holding no more rows than the deal lays and no more than the deck's 26 red cards (RULES.md §1.1: the cards whose number is a multiple of 5 or 11). For each pile the check finds the fewest red cards each number of rows can hold it with (at most 15 rows and 26 red cards), then the fewest red cards the piles so far need together within the deal's rows; this is exact from 2 to 4 players (tested against every way the cards fill the rows at 2 and 3). At 5 and 6 players, whose deals use 75 cards, it does not also count the deck's 72 green cards: piles that leave fewer than 3 red cards among 75 are not refused. At two players, a pile of 52 green and 10 red cows needs 6 of the 7 rows, so the other player's 34 red cows are refused, naming them: one row of five red cards makes 33 or 35. Which card carries how many is not printed (T5-A8), so any card may be any of its colour's counts.",
			"Sur les cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes rouges qui rapportent 2, 3, 5 ou 7 points négatifs."},
		{"A deal saved on the scoresheet or imported with the whole table's lines, in which nobody took a row, is refused (field `seats`): the last number card played takes the last row, so a deal ends with rows taken. The API's scorer, whose lines may be part of a table, does not refuse it.",
			"Si l'on a joué correctement, toutes les rangées ont été ramassées par les joueurs."},
	}},
	{"Take Five", "takefive", takefive.Rules, takefive.HouseRules, []reading{
		{"The racks are kept in the order of the players' names, so that an answer never depends on the order of a JSON object; the eliminated keep the client's order, a newly eliminated player last.", ""},
		{"A turn of one move is refused only when another piece could have moved; since some piece can always move on the 6×6 board with at most four pieces, a legal one-move turn never happens in practice.",
			"Chaque joueur, à son tour dans un même coup, déplace deux des quatre pièces"},
		{"After a 21 round won by no one (every player eliminated and the group chose no replay), play passes on: the player to the left of the one who started that round starts the next.",
			"C'est le joueur à la gauche du gagnant de la phase précédente qui commence la nouvelle phase."},
		{"The left of a seat is the next seat clockwise (seat + 1, wrapping round); the scoresheet names seats 1, 2, … and the API counts them from 0.", ""},
	}},
	{"Les Cinq Rois (Five Crowns)", "fivecrowns", fivecrowns.Rules, fivecrowns.HouseRules, []reading{
		{"A card of the round's wild rank always counts as a wild card, even when it would fit a book or a run naturally (a king in round 11 is a wild, worth 20 when kept). The lowest penalty is the same either way, since a wild can stand for itself.",
			"N'importe quelle carte d'une suite ou d'une famille peut être remplacée par un Atout ou un Joker."},
		{"A hand of the round's size plus one is a hand just after drawing: one card must be discarded and does not count; the solver picks the best discard. Any other size is scored as it stands.", ""},
		{"A meld of one natural card and wilds reads as a book, never as a run: the penalty is the same and a book says less about the missing ranks.", ""},
		{"Several wilds in one meld are allowed without limit, and an all-wild meld reads as a book (house rule `minNaturalsPerMeld` can forbid it).",
			"Il est possible de cumuler plusieurs Atouts et/ou Jokers dans une même suite ou une même famille."},
	}},
	{"TAKI", "taki", taki.Rules, taki.HouseRules, []reading{
		{"Seats are numbered from 0 in the API and named A, B, … J for players (A = seat 0). Play goes clockwise to seat + 1; after a crazy card, hands passed to the left go to seat + 1 and to the right to seat − 1.",
			"Le joueur qui joue la carte décide si on le donne à son voisin de droite ou à son voisin de gauche."},
		{"A Super TAKI's colour (with the house rule `superTakiChoosesColour` on): when a card of a colour follows it in the same turn, that card names the run's colour; the turn's `color` names it only when the Super TAKI is the last card that chooses a colour, and a `color` that contradicts the card that follows is refused.",
			"Super TAKI : cette carte fonctionne comme la carte TAKI, mais le joueur choisit la couleur de son choix."},
		{"A Plus on top of the pile can only be the starting card: in play a Plus is always followed by another card, so a state showing one outside the opening is an input mistake.", ""},
	}},
}

// TestRulesDoc checks that docs/RULES.md is what the engines' catalogues
// say; go test ./referee -run TestRulesDoc -update rewrites it.
func TestRulesDoc(t *testing.T) {
	got := rulesDocument(translator(t))
	if *update {
		if err := os.WriteFile(rulesDoc, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(rulesDoc)
	if err != nil {
		t.Fatalf("%v (run go test ./referee -run TestRulesDoc -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date with the engines' Rules and HouseRules: run go test ./referee -run TestRulesDoc -update", rulesDoc)
	}
}

// TestEveryRuleIsStated: a page cites every rule of a catalogue with its
// plain statement, from the game's message files ("rule.<id>"), and shows
// what every house rule means ("house.<key>"), in English and in French,
// as a sentence; no two games share a house rule's key, so that no two
// share its meaning's message.
func TestEveryRuleIsStated(t *testing.T) {
	tr := translator(t)
	stated := func(what string, m rulebook.Msg) {
		en, fr := tr.Say("en", m), tr.Say("fr", m)
		if !rulebook.IsSentence(en, fr) || en == fr {
			t.Errorf("%s is stated %q in English and %q in French (message %q)", what, en, fr, m.ID)
		}
	}
	houseOf := map[string]string{}
	for _, g := range games {
		for _, r := range g.rules {
			stated("rule "+r.ID, r.Statement())
		}
		for _, h := range g.house {
			stated(g.pkg+"'s house rule "+h.Key, h.Statement())
			if other, ok := houseOf[h.Key]; ok {
				t.Errorf("house rule %s is both %s's and %s's", h.Key, other, g.pkg)
			}
			houseOf[h.Key] = g.pkg
		}
	}
}

func translator(t *testing.T) *views.Translator {
	tr, err := views.NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func rulesDocument(tr *views.Translator) []byte {
	var b strings.Builder
	b.WriteString("# Rules the referees enforce\n\n")
	b.WriteString("<!-- Generated by referee/doc_test.go from each engine's Rules and HouseRules: do not edit by hand.\n")
	b.WriteString("     Rewrite it with: go test ./referee -run TestRulesDoc -update -->\n\n")
	b.WriteString("Every rule a referee can cite, by its stable id, with the rule sheet's French words as printed and a plain\n")
	b.WriteString("statement in English and French; then the house rules a group may switch (keys as sent in the API's\n")
	b.WriteString("`rules` object), and the readings the engines make where the specification (`RULES.md` of the project's\n")
	b.WriteString("shared notes) left a question open.\n\n")
	for _, g := range games {
		fmt.Fprintf(&b, "- [%s](#%s)\n", g.title, g.pkg)
	}
	for _, g := range games {
		fmt.Fprintf(&b, "\n<a id=\"%s\"></a>\n\n## %s (`%s`)\n\n### Rules\n", g.pkg, g.title, g.pkg)
		for _, r := range g.rules {
			fmt.Fprintf(&b, "\n#### `%s`\n\n", r.ID)
			if r.Sheet != "" {
				fmt.Fprintf(&b, "> %s\n\n", strings.ReplaceAll(r.Sheet, "\n", "\n> "))
			}
			fmt.Fprintf(&b, "- EN: %s\n- FR: %s\n", tr.Say("en", r.Statement()), tr.Say("fr", r.Statement()))
		}
		b.WriteString("\n### House rules\n\n")
		if len(g.house) == 0 {
			b.WriteString("None.\n")
		} else {
			b.WriteString("| key | default | choices | meaning |\n| --- | --- | --- | --- |\n")
			for _, h := range g.house {
				fmt.Fprintf(&b, "| `%s` | `%s` | %s | %s<br>FR : %s |\n", h.Key, h.Default, codeList(h.Choices),
					cell(tr.Say("en", h.Statement())), cell(tr.Say("fr", h.Statement())))
			}
		}
		b.WriteString("\n### Readings we chose\n\n")
		for _, r := range g.readings {
			fmt.Fprintf(&b, "- %s", r.text)
			if r.sheet != "" {
				fmt.Fprintf(&b, " Sheet: « %s »", r.sheet)
			}
			b.WriteString("\n")
		}
	}
	b.WriteString(comeAndGo)
	return []byte(b.String())
}

// comeAndGo is what the app does, in every game alike, where the sheets
// say nothing about people who come and go during a match (issue 30).
const comeAndGo = `
<a id="comeandgo"></a>

## People who come and go (every game)

None of the four rule sheets says what happens when a player leaves a match in progress, when someone
outside the group sits in, or when the table stops before the game's end. Where a sheet speaks (a round
already being played is finished as the sheet says), it wins; otherwise the app does this, the same in
every game:

- **A player leaves** after the rounds saved so far. From the next round on he is not asked for: the
  round is entered and checked for the players still there, as a table of that size (Five Crowns and
  TAKI need at least two), and the leaver scores 0 in it, with no entry. He keeps the points of the
  rounds he played, and he is ranked after everyone who stayed, whatever his total (the leavers among
  themselves by their totals); he is never among the winners. The deal (Five Crowns) and who starts
  (Take Five) pass over his seat: the turn goes on from whoever had it last to the next player still
  there. The sheet says after which round he left. While no round was saved without him, his departure can be taken
  back; it stays recorded.
- **A table never drops below its game's minimum** (Take 5! 2, Take Five 2, Five Crowns 2, TAKI 2; a
  group's own game 1). A leave that would leave fewer players than that ends the match early instead
  when a round was played: it is the same as ending the match now (below), ranked by the totals so far,
  and the player whose leave ended it is not placed after the others (no departure is recorded). Before
  the first round it is refused (409) with a sentence saying so, and nothing changes.
- **A guest** (someone not on the group's roster) plays the match like anyone; the standings leave him
  out until the admin adds him to the group.
- **Ending a match now** (after at least one round): the match is over with the totals so far, ranked
  by them (leavers last), marked "ended early" on the sheet and in the history. It counts in the
  standings but, like an express Five Crowns match, it sets no record or personal best.
`

func codeList(vs []string) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = "`" + v + "`"
	}
	return strings.Join(out, ", ")
}

// cell keeps a sentence inside one Markdown table cell.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
