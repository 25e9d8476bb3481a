package fivecrowns

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// The solver's whole answer (melds and their order, lay-offs, leftover,
// discard, penalty), not only its penalty, must stay what it was before the
// speed-ups of issue 19. testdata/solve_golden.txt holds, per group of
// cases, a SHA-256 of every answer the solver gave at commit 4d1ac59 (the
// last before them). Regenerate it only for a change meant to alter
// answers: FIVECROWNS_GOLDEN=update go test -run TestSolveGolden.

const goldenFile = "testdata/solve_golden.txt"

// goldenChunk is how many cases share one digest: small enough that a
// mismatch points at a few hundred hands to compare by hand.
const goldenChunk = 500

type goldenCase struct {
	round int
	hand  []Card
	table Table
	opts  Options
}

// goldenCases are the cases, in a fixed order from fixed seeds, by group:
// the whole pair family with runs plain and wrapping; random hands of
// every round from a whole game; hands from a narrow pool, dense in melds,
// with every house rule and random tables (a card taken, out melds).
func goldenCases(t testing.TB) map[string][]goldenCase {
	out := map[string][]goldenCase{}
	thirteen, fourteen := pairFamilyHands(true)
	for _, h := range append(thirteen, fourteen...) {
		for _, opts := range []Options{{}, {RunsWrap: true}} {
			out["family"] = append(out["family"], goldenCase{11, h.hand, Table{}, opts})
		}
	}
	rng := rand.New(rand.NewPCG(19, 1))
	for i := range 20000 {
		round := 1 + i%11
		opts := Options{RunsWrap: rng.IntN(4) == 0, MinNaturals: rng.IntN(2), GoOutWithoutDiscard: rng.IntN(4) == 0}
		out["random"] = append(out["random"], goldenCase{round, dealRandom(rng, CardsDealt(round)+i%2), Table{}, opts})
	}
	rng = rand.New(rand.NewPCG(19, 2))
	for range 20000 {
		round := 1 + rng.IntN(11)
		hand := randomHand(rng, CardsDealt(round)+rng.IntN(2), 1+rng.IntN(4), 3+rng.IntN(9), rng.IntN(2) == 0)
		opts := Options{RunsWrap: rng.IntN(3) == 0, MinNaturals: rng.IntN(2), GoOutWithoutDiscard: rng.IntN(3) == 0,
			AllowLayOff: rng.IntN(2) == 0, ForbidRediscard: rng.IntN(2) == 0}
		table := Table{}
		if len(hand) == CardsDealt(round)+1 || opts.AllowLayOff {
			table = randomTable(rng, round, hand, opts)
			if len(hand) != CardsDealt(round)+1 {
				table.Taken = nil
			}
		}
		out["dense"] = append(out["dense"], goldenCase{round, hand, table, opts})
	}
	return out
}

// answerText writes down everything a Solution says.
func answerText(s Solution) string {
	d := "-"
	if s.Discard != nil {
		d = s.Discard.String()
	}
	return fmt.Sprintf("%v %v %v %s %d %v", s.Melds, s.LayOff, s.Leftover, d, s.Penalty, s.CanGoOut)
}

// goldenDigests solves every case and returns one line per chunk:
// "group chunk cases sha256".
func goldenDigests(t testing.TB) []string {
	var lines []string
	cases := goldenCases(t)
	for _, g := range []string{"family", "random", "dense"} {
		for start := 0; start < len(cases[g]); start += goldenChunk {
			h := sha256.New()
			end := min(start+goldenChunk, len(cases[g]))
			for _, c := range cases[g][start:end] {
				taken := "-"
				if c.table.Taken != nil {
					taken = c.table.Taken.String()
				}
				fmt.Fprintf(h, "%d %v %s %v %+v => %s\n", c.round, c.hand, taken, c.table.OutMelds, c.opts,
					answerText(SolveAt(c.round, c.hand, c.table, c.opts)))
			}
			lines = append(lines, fmt.Sprintf("%s %d %d %x", g, start/goldenChunk, end-start, h.Sum(nil)))
		}
	}
	return lines
}

func TestSolveGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 65,200 hands")
	}
	got := goldenDigests(t)
	if os.Getenv("FIVECROWNS_GOLDEN") == "update" {
		if err := os.WriteFile(goldenFile, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		want = append(want, sc.Text())
	}
	if len(want) != len(got) {
		t.Fatalf("%s has %d chunks, the cases make %d", goldenFile, len(want), len(got))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("answers changed: got %s, want %s", got[i], want[i])
		}
	}
}
