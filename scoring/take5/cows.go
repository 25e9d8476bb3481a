package take5

import (
	"fmt"

	rt "github.com/tablekeeper/tablekeeper/referee/take5"
	"github.com/tablekeeper/tablekeeper/rulebook"
)

// The cows a number card carries (rule take5.cows, RULES.md §1.1): «Sur les
// cartes vachettes vertes, il y a 1 ou 2 vachettes vertes» and «Sur les
// cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes rouges»; 26 of the
// 98 cards are red. A pile of k rows is 5·k number cards, g green and r red:
// its green cows are any number from g to 2·g, its red cows a sum of r
// numbers from 2, 3, 5 and 7 (never 7·r − 1 or 7·r − 3: five red cards
// carry 33 or 35 red cows, never 34).
const (
	greenPerCardMin, greenPerCardMax = 1, 2
	redCards                         = 26
)

// redPerCard is what a red card can carry.
var redPerCard = [...]int{2, 3, 5, 7}

// redMost is the most red cows the deck's red cards carry.
const redMost = 7 * redCards

// cowSet is a set of cow totals from 0 to redMost.
type cowSet [redMost/64 + 1]uint64

func (c *cowSet) add(n int)      { c[n/64] |= 1 << (n % 64) }
func (c *cowSet) has(n int) bool { return n >= 0 && n <= redMost && c[n/64]&(1<<(n%64)) != 0 }

// redTotals[r] is every total of red cows r red cards can carry.
var redTotals = func() (out [redCards + 1]cowSet) {
	out[0].add(0)
	for r := 1; r <= redCards; r++ {
		for n := 0; n <= redMost; n++ {
			if out[r-1].has(n) {
				for _, v := range redPerCard {
					if n+v <= redMost {
						out[r].add(n + v)
					}
				}
			}
		}
	}
	return out
}()

// fewestRedAt is the fewest red cards a pile of k rows with t's cows and
// specials holds (a row holds at most one x2 and one +5), −1 when no pile
// of k rows gives them. Of its 5·k cards, g green ones carry from g to 2·g
// green cows, so g lies between ⌈G/2⌉ and G; r = 5·k − g red ones carry a
// total of redTotals[r]. spread reads a red card as carrying any number
// from 2 to 7, which only tells whether the sheet's 2, 3, 5 or 7 is what
// refuses a pile.
func fewestRedAt(t Tally, k int, spread bool) int {
	if k < max(t.X2, t.Plus5) {
		return -1
	}
	cards := rt.RowLimit * k
	for r := max(0, cards-t.Green/greenPerCardMin); r <= min(cards-(t.Green+greenPerCardMax-1)/greenPerCardMax, redCards); r++ {
		if spread && redPerCard[0]*r <= t.Red && t.Red <= redPerCard[len(redPerCard)-1]*r || !spread && redTotals[r].has(t.Red) {
			return r
		}
	}
	return -1
}

// fewestRed is fewestRedAt for each number of rows from 0 to most.
func fewestRed(t Tally, most int, spread bool) []int {
	out := make([]int, most+1)
	for k := range out {
		out[k] = fewestRedAt(t, k, spread)
	}
	return out
}

// fewestRows is the fewest rows of at most most that a pile with t's cows
// and specials can be, most+1 when none.
func fewestRows(t Tally, most int, spread bool) int {
	for k := 0; k <= most; k++ {
		if fewestRedAt(t, k, spread) >= 0 {
			return k
		}
	}
	return most + 1
}

// pileRows is the fewest rows a pile with t's cows and specials can be:
// each row taken is 5 number cards («la 5ème de la rangée») with at most
// one x2 and one +5 under it. It is most+1 when no pile of at most most
// rows fits, and 0 for an empty pile.
func pileRows(t Tally, most int) int { return fewestRows(t, most, false) }

// redCount is the fewest red cards the piles read so far hold between
// them, by the rows they fill together: fewest[K] for K rows in all, −1
// when they cannot fill K rows. The piles are a table only when some K
// within the deal's rows needs no more than the deck's red cards.
type redCount struct{ fewest []int }

func newRedCount(rows int) redCount {
	c := redCount{fewest: make([]int, rows+1)}
	for k := 1; k <= rows; k++ {
		c.fewest[k] = -1
	}
	return c
}

// add reads pile t (field prefix at) and refuses the piles so far when
// every way they fit in the deal's rows needs more red cards than the deck
// has. Called once the piles' rows fit (fewestRows).
func (c *redCount) add(at string, t Tally, s Setup) error {
	own := fewestRed(t, s.Rows, false)
	next := make([]int, len(c.fewest))
	for k := range next {
		next[k] = -1
	}
	least := -1
	for before, a := range c.fewest {
		for k, r := range own {
			if a < 0 || r < 0 || before+k > s.Rows {
				continue
			}
			if n := &next[before+k]; *n < 0 || a+r < *n {
				*n = a + r
			}
			if least < 0 || a+r < least {
				least = a + r
			}
		}
	}
	c.fewest = next
	if least > redCards {
		return rulebook.Mistake(at+".red", "take5.mistake.red.cards.too.many", "Least", least, "RedCards", redCards)
	}
	return nil
}

// rowsFit refuses the piles read so far (tallies, each with its fewest
// rows) when they hold more rows than the deal lays. When reading a red
// card as carrying anything from 2 to 7 would let them fit, the sheet's 2,
// 3, 5 or 7 is what refuses them, and the pile whose red cows cost it a
// row is named (redRefused); otherwise the last pile read.
func rowsFit(list string, s Setup, tallies []Tally, rows []int) error {
	sum := 0
	for _, r := range rows {
		sum += r
	}
	if sum <= s.Rows {
		return nil
	}
	spreadSum, culprit := 0, -1
	spread := make([]int, len(tallies))
	for j, t := range tallies {
		spread[j] = fewestRows(t, s.Rows, true)
		spreadSum += spread[j]
		if rows[j] > spread[j] {
			culprit = j
		}
	}
	if last := len(tallies) - 1; rows[last] > spread[last] {
		culprit = last
	}
	if culprit >= 0 && spreadSum <= s.Rows {
		others := sum - rows[culprit]
		if left := s.Rows - others; left >= spread[culprit] {
			return rulebook.OfSeat(culprit, redRefused(fmt.Sprintf("%s[%d]", list, culprit), tallies[culprit], s, others))
		}
	}
	last := len(tallies) - 1
	at := fmt.Sprintf("%s[%d]", list, last)
	return rulebook.SeatMistake(last, cowField(at, tallies[last]), "take5.mistake.rows.too.many", "Sum", sum, "Players", s.Players, "Rows", s.Rows)
}

// redRefused says that pile t's red cows (field at.red) cannot be carried
// by the rows left to it, the other piles holding at least others of the
// deal's rows, quoting the sheet and the nearest totals those rows carry.
func redRefused(at string, t Tally, s Setup, others int) error {
	left := s.Rows - others
	below, above := -1, -1
	for n := t.Red - 1; n >= 0 && below < 0; n-- {
		u := t
		u.Red = n
		if pileRows(u, left) <= left {
			below = n
		}
	}
	for n := t.Red + 1; n <= redMost && above < 0; n++ {
		u := t
		u.Red = n
		if pileRows(u, left) <= left {
			above = n
		}
	}
	var near rulebook.Msg
	switch {
	case below >= 0 && above >= 0:
		near = rulebook.Say("take5.red.near.either", "Below", below, "Above", above)
	case below >= 0:
		near = rulebook.Say("take5.red.near.most", "Below", below)
	default:
		near = rulebook.Say("take5.red.near.least", "Above", above)
	}
	place := rulebook.Say("take5.red.place.all", "Rows", s.Rows, "Players", s.Players)
	hold := rulebook.Say("take5.red.hold.rows")
	switch {
	case others > 0 && left == 1:
		place = rulebook.Say("take5.red.place.one", "Others", others, "Rows", s.Rows)
		hold = rulebook.Say("take5.red.hold.row")
	case others > 0:
		place = rulebook.Say("take5.red.place.left", "Left", left, "Others", others, "Rows", s.Rows)
	}
	green := rulebook.Say("take5.red.greencows", "N", t.Green)
	return rulebook.Mistake(at+".red", "take5.mistake.red.cows.cannot.fit", "Red", t.Red, "Place", place, "SheetRed", sheetRed, "Green", t.Green, "Hold", hold, "Near", near, "GreenCows", green)
}

// sheetRed is the sheet's sentence on red cards, as redRefused quotes it.
const sheetRed = "Sur les cartes vachettes rouges, il y a 2, 3, 5 ou 7 vachettes rouges"
