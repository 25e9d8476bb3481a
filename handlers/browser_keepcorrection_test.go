package handlers

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A correction made while the server cannot be reached waits on the phone,
// says so next to Save, and is sent by itself once the server answers
// again: applied once (one revision in the round's history), the phone
// back on the match showing it (issue 39).
func TestBrowserCorrectionKeptOffline(t *testing.T) {
	tb := offlineTable(t)
	ben := tb.ben
	saveRound(ben, 7)
	ben.waitFor(rowsJS + ` === 1`)
	rounds, err := tb.b.app.store.Rounds(context.Background(), tb.matchID)
	if err != nil || len(rounds) != 1 {
		t.Fatalf("rounds after the save: %v, %v", rounds, err)
	}
	round := rounds[0].ID
	ben.open(fmt.Sprintf("%s/rounds/%d/edit", tb.match, round))
	ben.waitFor(`!!document.querySelector('[data-testid=round-form] #points_1')`)

	tb.cut.set("ben", true) // the phone believes it is online; the server is unreachable
	ben.do(chromedp.SetValue(css("#points_1"), "12"))
	ben.tap("[data-testid=save-round]")
	// The line is drawn at once and said when the phone's copy of the
	// sentences answers (tkSay): wait for its words, not only for it.
	within(ben, 5*time.Second, `((document.querySelector('[data-testid=pending-save]') || {}).textContent || '').trim() !== ''`, "a correction the server did not get is kept and said")
	var line string
	ben.eval(`document.querySelector('[data-testid=pending-save]').textContent`, &line)
	if want := "correction of round 1"; !containsFold(line, want) {
		t.Errorf("the waiting line says %q, want it to name the %s", line, want)
	}
	if _, bens := tb.liveRounds(); !slices.Equal(bens, []int{7}) {
		t.Fatalf("while unreachable the server has Ben's points %v, want [7]", bens)
	}

	tb.cut.set("ben", false)
	ben.eval(`window.dispatchEvent(new Event('online'))`, nil)
	within(ben, 8*time.Second, `location.pathname === '`+tb.match+`' && `+rowsJS+` === 1`, "sent once the server answers, the phone back on the match")
	wantTotals(ben, "Ana:0 Ben:12")
	time.Sleep(2 * time.Second) // a second send would land now
	if _, bens := tb.liveRounds(); !slices.Equal(bens, []int{12}) {
		t.Errorf("after the connection came back the server has Ben's points %v, want [12]", bens)
	}
	hist, err := tb.b.app.store.History(context.Background(), round)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, rv := range hist {
		kinds = append(kinds, rv.Kind)
	}
	if !slices.Equal(kinds, []string{"created", "edited"}) {
		t.Errorf("the round's history is %v, want one correction: [created edited]", kinds)
	}
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
