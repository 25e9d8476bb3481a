package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	tf "github.com/tablekeeper/tablekeeper/referee/takefive"
)

// tfPost posts the Take Five referee form as a browser without JavaScript
// would, and reads back the form the page draws (what the next post sends)
// with the page itself.
func tfPost(t *testing.T, c *client, form url.Values) (*goquerySelection, url.Values) {
	t.Helper()
	rec := c.post("/referee/takefive", form)
	if rec.Code != http.StatusOK {
		t.Fatalf("post %v: status %d: %s", form, rec.Code, doc(t, rec).Find(".error").Text())
	}
	d := doc(t, rec)
	next := url.Values{}
	d.Find("#tf-referee input, #tf-referee select").Each(func(_ int, s *goquerySelection) {
		name := s.AttrOr("name", "")
		if s.Is("select") {
			next.Set(name, s.Find("option[selected]").AttrOr("value", ""))
		} else if typ := s.AttrOr("type", ""); (typ != "radio" && typ != "checkbox") || s.AttrOr("checked", "-") != "-" {
			next.Set(name, s.AttrOr("value", ""))
		}
	})
	return d.Selection, next
}

// tfCited checks that the verdict is legal or not as wanted and quotes
// rule from the sheet (its French words and the plain sentence).
func tfCited(t *testing.T, page *goquerySelection, wantLegal bool, rule string) {
	t.Helper()
	v := page.Find("[data-testid=verdict]")
	if v.Length() != 1 {
		t.Fatalf("no verdict: %s", page.Find(".error").Text())
	}
	if got := v.AttrOr("data-legal", ""); got != map[bool]string{true: "true", false: "false"}[wantLegal] {
		t.Errorf("data-legal = %q, want %v: %s", got, wantLegal, v.Text())
	}
	cite := v.Find(`[data-rule="` + rule + `"]`)
	want := ""
	for _, r := range tf.Rules {
		if r.ID == rule {
			want = r.Sheet
		}
	}
	if cite.Length() == 0 || want == "" || !strings.Contains(cite.Find("blockquote.sheet").Text(), want[:40]) {
		t.Errorf("rule %s not quoted from the sheet: %s", rule, v.Text())
	}
}

// The token pad fills the rack of the player who plays, with JavaScript
// off as on: each tap puts a token at the end of his line, ⌫ takes the last
// off, and the rack so built is the one judged (TV-TF-1: Paul, holding
// 7 8 3 5, takes a 9 and wins the score round).
func TestTakeFiveRefereeTokenPad(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	form := tfDispute(url.Values{"rack_0": {"Paul"}, "op": {""}})
	for _, tap := range []string{"7", "8", "3", "6", "pop", "5", "0", "x"} { // 0 and x are no tokens: ignored
		form.Set("token", tap)
		_, form = tfPost(t, c, form)
	}
	if got := form.Get("rack_0"); got != "Paul: 7 8 3 5" {
		t.Fatalf("Paul's rack after the pad = %q, want %q", got, "Paul: 7 8 3 5")
	}
	if got := form.Get("rack_1"); got != "Alfred: 8 9 7 5" {
		t.Errorf("Alfred's rack = %q, the pad must fill only the line of the player who plays", got)
	}

	// The pad follows the player chosen: Alfred's line now.
	other := tfDispute(url.Values{"player": {"1"}, "op": {""}, "token": {"4"}})
	if _, next := tfPost(t, c, other); next.Get("rack_1") != "Alfred: 8 9 7 5 4" || next.Get("rack_0") != "Paul: 7 8 3 5" {
		t.Errorf("with Alfred to play, a 4 gives %q and %q", next.Get("rack_0"), next.Get("rack_1"))
	}

	form.Del("token")
	form.Set("op", "judge")
	form.Set("empty", tfEmptyFor(form))
	for k, v := range map[string]string{"m2_piece": "rook", "m2_to": "f2", "m2_action": "take", "m2_value": "9"} {
		form.Set(k, v)
	}
	page, _ := tfPost(t, c, form)
	tfCited(t, page, true, tf.RuleScoreFifth)
	if got := page.Find("[data-testid=tf-outcome]").AttrOr("data-outcome", ""); got != "won" {
		t.Errorf("outcome %q, want won", got)
	}
}

// A move onto a square where a piece stands can be tapped (the tap after
// the piece is its square, occupied or not), and is judged illegal with
// TF-M1 quoted; a rook tapped past a piece is refused with TF-M3/M4's rule.
// Both with JavaScript off: every tap is a post.
func TestTakeFiveRefereeTapOntoAPiece(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	tests := []struct {
		name  string
		setup url.Values // the pieces moved from their corners
		taps  []string   // in mode move1
		to    string     // move 1's square after the taps
		rule  string
	}{
		{"rook onto the white bishop", nil, []string{"f6", "a6"}, "a6", tf.RuleOccupied},
		{"knight onto the rook", url.Values{"sq_rook": {"e3"}}, []string{"f1", "e3"}, "e3", tf.RuleOccupied},
		{"rook past the knight", url.Values{"sq_knight": {"f3"}}, []string{"f6", "f2"}, "f2", tf.RuleNoJump},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			form := tfDispute(url.Values{"mode": {"move1"}, "op": {""}, "m1_piece": {""}, "m1_to": {""}})
			for k, v := range tt.setup {
				form[k] = v
			}
			for _, sq := range tt.taps {
				form.Set("tap", sq)
				_, form = tfPost(t, c, form)
			}
			if form.Get("m1_to") != tt.to {
				t.Fatalf("after tapping %v, move 1 goes to %q, want %q", tt.taps, form.Get("m1_to"), tt.to)
			}
			form.Del("tap")
			form.Set("op", "judge")
			page, _ := tfPost(t, c, form)
			tfCited(t, page, false, tt.rule)
			sq := page.Find("[data-testid=tf-board] [data-testid=sq-" + tt.to + "]")
			if sq.Find(".tf-move").Text() != "1" {
				t.Errorf("the board does not mark %s as move 1's square", tt.to)
			}
			// Its name starts with what it shows, the square and the move's
			// number, so that a player tapping by voice can say it (WCAG 2.5.3).
			if name := sq.AttrOr("aria-label", ""); !strings.HasPrefix(name, tt.to+" 1: ") {
				t.Errorf("square %s is named %q, which does not start with what it shows", tt.to, name)
			}
		})
	}
}
