package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/tablekeeper/tablekeeper/store"
)

// sheetFits measures, on a scoresheet, what a two-phone walk found cut or
// lopsided: a player's name in the sheet's header cut (names of up to six
// letters must read whole, and a big table's short forms of them), the scoreboard's rows of unequal length (one
// chip alone on a second row), a chip against the screen's edge, and the
// page scrolling sideways.
const sheetFits = `(() => {
  const faults = [];
  document.querySelectorAll('table[data-testid=scores] thead th[title]').forEach(th => {
    // The text as laid out (a range), against the cell's box less its padding: an ellipsis is drawn
    // over a text a fraction of a pixel too wide, which scrollWidth, rounded, does not see.
    // What the head shows: the name, or at a big table its short form (drawn after it; the name then heard, not seen).
    const cs = getComputedStyle(th), rg = document.createRange(), name = th.querySelector('.th-name') || th;
    if (getComputedStyle(name).position === 'absolute') {
      if (th.scrollWidth > th.clientWidth + 0.5) faults.push('the header "' + th.dataset.short + '" (' + th.title + ') is cut');
      return;
    }
    rg.selectNodeContents(name);
    const text = rg.getBoundingClientRect().width, room = th.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    if (th.title.length <= 6 && text > room + 0.1)
      faults.push('the header "' + th.title + '" is cut (' + text.toFixed(1) + ' px of text in ' + room.toFixed(1) + ')');
  });
  const rows = {};
  const chips = [...document.querySelectorAll('[data-testid=scoreboard-player]')];
  chips.forEach(li => { const t = Math.round(li.getBoundingClientRect().top); rows[t] = (rows[t] || 0) + 1; });
  const counts = Object.keys(rows).sort((a, b) => a - b).map(k => rows[k]);
  if (Math.max(...counts) - Math.min(...counts) > 1) faults.push('the scoreboard\'s rows hold ' + counts.join('+') + ' chips');
  chips.forEach(li => { const b = li.getBoundingClientRect();
    if (b.left < 8 || b.right > window.innerWidth - 8) faults.push(li.dataset.player + '\'s chip is against the screen\'s edge (' + Math.round(b.left) + '–' + Math.round(b.right) + ')'); });
  if (document.documentElement.scrollWidth > window.innerWidth + 1) faults.push('the page scrolls sideways');
  return JSON.stringify({faults, rows: counts.join('+')});
})()`

// memberPhone is a new phone that joined group slug with its invite link,
// as the group's player name.
func (b *browser) memberPhone(slug, name string) *phone {
	b.t.Helper()
	g, _ := b.app.store.GroupBySlug(context.Background(), slug)
	p := b.phone()
	p.open("/join/" + slug + "/" + g.InviteToken)
	p.tap("[data-testid=join-player][data-player='" + name + "']")
	p.do(chromedp.Click(css("form[data-testid=join-form] button")), chromedp.WaitVisible(css("[data-testid=group-name]")))
	return p
}

// TestBrowserShortNamesFit: at every table size the sheets allow (TAKI 5
// and 10, Take 5! 6, Five Crowns 7), on 390 and 360 px phones, light and
// dark: a name of up to six letters reads whole in the sheet's header, the
// scoreboard's rows differ by one chip at most (six players: 3 + 3, not
// 5 + 1), no chip touches the screen's edge, the page never scrolls
// sideways (the table may, inside itself).
func TestBrowserShortNamesFit(t *testing.T) {
	b := newBrowser(t)
	host := b.app.client()
	slug := host.group("Petits noms")
	names := []string{"Emma", "Farid", "Anna", "Ben", "Chloé", "David", "Gaspar", "Hugo", "Inès", "Jules"}
	ids := host.players(slug, names...)
	taki := url.Values{"end": {"rounds"}, "rounds": {"40"}}
	fc := url.Values{"firstDealer": {"1"}, "startRound": {"1"}}
	tables := []struct {
		name, game string
		seats      int
		opts       url.Values
		rounds     [][]int
		pick       []int // the players seated, by index in names (the first seats, when nil)
	}{
		{"take5-4", "take5", 4, nil, [][]int{{66, 1, 105, 12}}, []int{0, 6, 4, 5}},
		{"taki-5", "taki", 5, taki, [][]int{{100, -5, -7, -12, -20}, {-1000, -3, 100, -4, -25}}, nil},
		{"take5-6", "take5", 6, nil, [][]int{{66, 1, 105, 12, 0, 99}}, nil},
		{"fivecrowns-7", "fivecrowns", 7, fc, [][]int{{108, 250, 99, 140, 0, 37, 212}}, nil},
		{"taki-10", "taki", 10, taki, [][]int{{-1250, 1080, 999, -40, 2310, 0, -999, 100, 45, -1000}}, nil},
	}
	paths := map[string]string{}
	for _, tb := range tables {
		seated := ids[:tb.seats]
		if tb.pick != nil {
			seated = nil
			for _, i := range tb.pick {
				seated = append(seated, ids[i])
			}
		}
		paths[tb.name] = bigTable(t, b.app, host, slug, tb.game, seated, tb.opts, tb.rounds...)
	}
	p := b.memberPhone(slug, "Ben")
	for _, w := range []int64{390, 360} {
		p.do(chromedp.EmulateViewport(w, 800))
		for _, tb := range tables {
			p.open(paths[tb.name])
			p.waitFor(`document.querySelectorAll('[data-testid=scoreboard-player]').length > 0`)
			var out string
			p.eval(sheetFits, &out)
			var got struct {
				Faults []string
				Rows   string
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatal(err)
			}
			for _, f := range got.Faults {
				t.Errorf("%s at %d px: %s", tb.name, w, f)
			}
			t.Logf("%s at %d px: scoreboard rows %s", tb.name, w, got.Rows)
			entryShot(p, fmt.Sprintf("fits-%s-%d", tb.name, w))
		}
	}
}

// textCut lists the elements matched by sel whose text, as laid out, is
// wider than their box less its padding (drawn cut or with an ellipsis),
// and those that run past the screen's right edge.
func textCut(sel string) string {
	return fmt.Sprintf(`(() => Array.from(document.querySelectorAll(%q)).filter(e => e.offsetParent).map(e => {
  const cs = getComputedStyle(e), rg = document.createRange(); rg.selectNodeContents(e);
  const box = e.getBoundingClientRect(), text = rg.getBoundingClientRect().width;
  const room = box.width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth);
  if (text > room + 0.1) return '"' + e.textContent.trim() + '" cut (' + text.toFixed(1) + ' px in ' + room.toFixed(1) + ')';
  if (box.right > window.innerWidth + 0.5) return '"' + e.textContent.trim() + '" runs off the screen (' + Math.round(box.right) + ')';
  return '';
}).filter(Boolean).join('; '))()`, sel)
}

// TestBrowserPickerAndSetupFit: on 390 and 360 px phones, in English and
// French, light and dark: TAKI's card sheet shows its special cards' names
// whole ("Colour", "Couleur") and every other player's button on the
// screen (not "Dav…" cut at its edge); the new Take 5! match page's deal
// table shows its headers whole ("Cards in each hand"), wrapped if need be.
func TestBrowserPickerAndSetupFit(t *testing.T) {
	b := newBrowser(t)
	p := b.phone()
	group := entryGroup(p, "Emma", "Anna", "Ben", "Chloé", "David")
	for _, lang := range []string{"en", "fr"} {
		if lang == "fr" {
			p.open("/lang?to=fr&back=" + group)
		}
		for _, w := range []int64{390, 360} {
			p.do(chromedp.EmulateViewport(w, 844))
			p.open(group + "/matches/new?game=take5")
			p.waitFor(`document.querySelector('[data-testid=take5-setup-table]') !== null`)
			var cut string
			p.eval(textCut(`[data-testid=take5-setup-table] th`), &cut)
			if cut != "" {
				t.Errorf("%s at %d px: the Take 5! deal table's headers: %s", lang, w, cut)
			}
			p.eval(`document.querySelector('[data-testid=take5-setup-table]').scrollIntoView({block: 'center'})`, nil)
			entryShot(p, fmt.Sprintf("fits-newtake5-%s-%d", lang, w))

			entryMatch(p, group, "taki")
			p.tap(`[data-testid=seat][data-player=Emma] [data-testid=pick-seat]`)
			p.waitFor(`document.querySelector('[data-testid=picker]') !== null`)
			p.eval(textCut(`[data-testid=picker] .sheet-suit button, [data-testid=picker] [data-testid=sheet-player]`), &cut)
			if cut != "" {
				t.Errorf("%s at %d px: TAKI's card sheet: %s", lang, w, cut)
			}
			p.eval(`document.querySelector('[data-testid=picker]').scrollTop = 1e6`, nil)
			entryShot(p, fmt.Sprintf("fits-takipicker-%s-%d", lang, w))
			p.eval(`document.querySelector('[data-testid=picker]').scrollTop = 0`, nil)
			entryShot(p, fmt.Sprintf("fits-takipicker-top-%s-%d", lang, w))
		}
	}
}

// TestBrowserRoundColumnReadsWhole: on 390 and 360 px phones, in English and
// French, at two players and at four: a round's name reads on one line
// ("Round 3", "Manche 3", not "Round" over "3"), and its sub-label reads
// whole, an undone round's included ("5 cards · undone", not "5 cards · und…").
func TestBrowserRoundColumnReadsWhole(t *testing.T) {
	b := newBrowser(t)
	host := b.app.client()
	slug := host.group("Colonne")
	ids := host.players(slug, "Emma", "Farid", "Anna", "Ben")
	fc := url.Values{"firstDealer": {"1"}, "startRound": {"1"}}
	paths := []string{
		bigTable(t, b.app, host, slug, "fivecrowns", ids[:2], fc, []int{0, 12}, []int{7, 0}, []int{0, 30}),
		bigTable(t, b.app, host, slug, "taki", ids[:2], url.Values{"end": {"rounds"}, "rounds": {"40"}}, []int{10, -10}, []int{-5, 5}, []int{3, -3}),
		bigTable(t, b.app, host, slug, "fivecrowns", ids, fc, []int{0, 12, 5, 9}, []int{7, 0, 3, 4}, []int{0, 30, 2, 8}),
	}
	for _, path := range []string{paths[0], paths[2]} { // an undone round in each Five Crowns match
		var mid int64
		fmt.Sscanf(path[strings.LastIndex(path, "/")+1:], "%d", &mid)
		rounds, _ := b.app.store.Rounds(context.Background(), mid)
		writeRound(t, b.app.store, slug, mid, store.RoundWrite{Kind: store.WriteUndo, Round: rounds[len(rounds)-1].ID, Author: "Ana"})
	}
	b.app.wrote()
	p := b.memberPhone(slug, "Ben")
	for _, lang := range []string{"en", "fr"} {
		if lang == "fr" {
			p.open("/lang?to=fr&back=/g/" + slug)
		}
		for _, w := range []int64{390, 360} {
			p.do(chromedp.EmulateViewport(w, 844))
			for i, path := range paths {
				p.open(path)
				var broken, cut string
				p.eval(`Array.from(document.querySelectorAll('[data-testid=round-row] .r-num')).filter(e => { const r = document.createRange(); r.selectNodeContents(e); return new Set(Array.from(r.getClientRects()).map(b => Math.round(b.top))).size > 1 }).map(e => '"' + e.textContent + '"').join(', ')`, &broken)
				p.eval(`Array.from(document.querySelectorAll('[data-testid=round-row] .r-sub')).filter(e => e.scrollWidth > e.clientWidth + 0.5).map(e => '"' + e.textContent.trim() + '" cut').join(', ')`, &cut)
				if broken != "" {
					t.Errorf("%s at %d px, table %d: a round's name on two lines: %s", lang, w, i, broken)
				}
				if cut != "" {
					t.Errorf("%s at %d px, table %d: a round's sub-label: %s", lang, w, i, cut)
				}
				p.shot(fmt.Sprintf("round-column-%s-%d-%d", lang, w, i))
			}
		}
	}
}

// TestBrowserEntryNamesFit: on 390 and 360 px phones, in English and French,
// each game's round form shows a name of up to six letters whole beside its
// field and buttons ("Gaspar", not "Gas…"; TAKI's "Gagné" took the room).
func TestBrowserEntryNamesFit(t *testing.T) {
	b := newBrowser(t)
	host := b.app.client()
	slug := host.group("Formulaires")
	ids := host.players(slug, "Emma", "Gaspar", "Farid", "Chloé", "Inès")
	paths := map[string]string{
		"taki":       bigTable(t, b.app, host, slug, "taki", ids, url.Values{"end": {"rounds"}, "rounds": {"40"}}),
		"fivecrowns": bigTable(t, b.app, host, slug, "fivecrowns", ids, url.Values{"firstDealer": {"1"}, "startRound": {"1"}}),
		"take5":      bigTable(t, b.app, host, slug, "take5", ids, nil),
	}
	p := b.memberPhone(slug, "Inès")
	for _, lang := range []string{"en", "fr"} {
		if lang == "fr" {
			p.open("/lang?to=fr&back=/g/" + slug)
		}
		for _, w := range []int64{390, 360} {
			p.do(chromedp.EmulateViewport(w, 844))
			for game, path := range paths {
				p.open(path)
				var cut string
				p.eval(textCut(`#round-form .er-name`), &cut)
				if cut != "" {
					t.Errorf("%s, %s at %d px: %s", game, lang, w, cut)
				}
				if game == "taki" { // the narrower points field still shows a round's three digits
					var hidden bool
					p.eval(`(() => { const f = document.querySelector('#round-form #points_1'); f.value = '150'; return f.scrollWidth > f.clientWidth; })()`, &hidden)
					if hidden {
						t.Errorf("taki, %s at %d px: 150 does not fit its points field", lang, w)
					}
				}
				p.shot(fmt.Sprintf("entry-names-%s-%s-%d", game, lang, w))
			}
		}
	}
}
