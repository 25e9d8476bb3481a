package handlers

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Offline, the table keeps going in every game whose form says what a row
// scores as typed (issue 37), not only Five Crowns: three rounds kept on
// Ben's phone without a connection are drawn as waiting and counted in the
// italic totals, as the server then scores them; back online they are
// sent once each, in order. TAKI: the winner's +100 (the Won button) and
// a loser's points typed as a positive number that counts against him.
// A group's own game scored by points per round: the points as typed.
func TestBrowserOfflineKeptRoundsCount(t *testing.T) {
	taki := keptGame{
		game: "taki",
		enter: func(p *phone, winner string, lost int) {
			p.tap(`#round-form [data-testid=winner-radio][data-player=` + winner + `]`)
			loser := map[string]string{"Ana": "Ben", "Ben": "Ana"}[winner]
			p.do(chromedp.SetValue(css(`#round-form [data-testid=points-input][data-player=`+loser+`]`), fmt.Sprint(lost)))
		},
		rounds: []keptRound{{"Ana", 12}, {"Ben", 7}, {"Ben", 30}},
		rows:   []string{"1:waiting:100/−12", "2:waiting:−7/100", "3:waiting:−30/100"},
		totals: "63* 188*", board: "Ana:63 Ben:188", bens: []int{-12, 100, 100},
	}
	custom := keptGame{
		game: "custom",
		enter: func(p *phone, ana string, ben int) {
			p.do(chromedp.SetValue(css(`#round-form [data-testid=points-input][data-player=Ana]`), ana),
				chromedp.SetValue(css(`#round-form [data-testid=points-input][data-player=Ben]`), fmt.Sprint(ben)))
		},
		rounds: []keptRound{{"5", 3}, {"-2", 10}, {"0", 4}},
		rows:   []string{"1:waiting:5/3", "2:waiting:−2/10", "3:waiting:0/4"},
		totals: "3* 17*", board: "Ana:3 Ben:17", bens: []int{3, 10, 4},
	}
	for _, g := range []keptGame{taki, custom} {
		for _, host := range []string{"", "tk.lan"} {
			t.Run(g.game+"/"+cmp.Or(host, "localhost"), func(t *testing.T) { keptRoundsCount(t, host, g) })
		}
	}
}

// keptRound is what a round's form is given: TAKI its winner and what
// the other lost; a group's own game Ana's points and Ben's.
type keptRound struct {
	a string
	b int
}

type keptGame struct {
	game   string
	enter  func(p *phone, a string, b int)
	rounds []keptRound
	rows   []string // the kept rows: round, "waiting", Ana's and Ben's points
	totals string   // the table's totals counting them, marked (*)
	board  string   // the scoreboard's
	bens   []int    // Ben's points in each round the server then has
}

func keptRoundsCount(t *testing.T, host string, g keptGame) {
	tb := offlineTableOf(t, host, g.game)
	ben := tb.ben
	tb.offline(ben, "ben", true)
	for i, r := range g.rounds {
		g.enter(ben, r.a, r.b)
		ben.tap("[data-testid=save-round]")
		within(ben, 5*time.Second, fmt.Sprintf(`document.querySelectorAll('[data-testid=kept-round]').length === %d && document.querySelector('#round-form [name=submitKey]').value.startsWith('%d.') && document.querySelector('#round-form h2').textContent === 'Enter round %d'`, i+1, i+2, i+2),
			fmt.Sprintf("round %d kept and the form on round %d", i+1, i+2))
	}
	within(ben, 5*time.Second, `!!document.querySelector('[data-testid=kept-note]') && (document.querySelector('[data-testid=pending-save]') || {}).textContent?.includes('Rounds 1, 2, 3')`, "the kept rounds counted and told")
	var s string
	ben.eval(keptState, &s)
	var v keptView
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(v.Rows, g.rows) {
		t.Errorf("the kept rows are %q, want %q", v.Rows, g.rows)
	}
	if v.Totals != g.totals || v.Board != g.board {
		t.Errorf("totals %q and scoreboard %q, want %q (marked as counting kept rounds) and %q", v.Totals, v.Board, g.totals, g.board)
	}
	var blank bool
	ben.eval(`[...document.querySelectorAll('#round-form input:not([type=hidden])')].every(i => (i.type === 'radio' || i.type === 'checkbox') ? !i.checked : i.value === '')`, &blank)
	if v.Key != "4" || v.Title != "Enter round 4" || !blank {
		t.Errorf("the form is for round %s (%q), blank %v; want round 4, blank", v.Key, v.Title, blank)
	}
	ben.shot("offline-kept-" + g.game + "-" + cmp.Or(host, "localhost"))
	if n, _ := tb.liveRounds(); n != 0 {
		t.Fatalf("the server has %d rounds while Ben is offline", n)
	}
	tb.cut.counted("ben")
	tb.offline(ben, "ben", false)
	ben.eval(`window.dispatchEvent(new Event('online'))`, nil)
	within(ben, 15*time.Second, rowsJS+` === 3 && !document.querySelector('[data-testid=kept-round], [data-testid=pending-save], [data-testid=kept-note]')`,
		"the kept rounds are sent when the connection is back, and the sheet is the server's")
	// The server's totals are those the phone counted offline.
	var totals string
	ben.eval(`[...document.querySelectorAll('[data-testid=total]')].map(c => c.textContent.trim() + (c.classList.contains('kept-in') ? '*' : '')).join(' ')`, &totals)
	if want := strings.ReplaceAll(g.totals, "*", ""); totals != want {
		t.Errorf("the server's totals are %q, the phone counted %q offline", totals, want)
	}
	wantTotals(tb.ana, g.board)
	time.Sleep(3 * time.Second) // every retry that could still come
	if n, bens := tb.liveRounds(); n != 3 || !slices.Equal(bens, g.bens) {
		t.Errorf("the server has %d rounds, Ben's %v, want three, %v in order", n, bens, g.bens)
	}
	if _, saves := tb.cut.counted("ben"); saves != 3 {
		t.Errorf("Ben's phone posted %d saves once back, want 3 (each round once)", saves)
	}
}
