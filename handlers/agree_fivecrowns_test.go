package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The JSON API and the pages agree by construction: every Five Crowns API
// vector (the engines' testdata, which holds docs/API.md's examples) is also
// posted through the page a player would use, and gets the same verdict.

// fcAPI posts a body to a Five Crowns endpoint and returns the status, the
// decoded answer and, for a 400, the error's message.
func fcAPI(t *testing.T, app *testApp, endpoint string, body json.RawMessage) (int, map[string]any, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/v1/fivecrowns/"+endpoint, strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	rec := serveReq(app, req)
	var got map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatalf("%s: answer %q is not JSON", body, rec.Body)
	}
	e, _ := got["error"].(map[string]any)
	msg, _ := e["message"].(string)
	return rec.Code, got, msg
}

func readVectors(t *testing.T, path string, into any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, into); err != nil {
		t.Fatal(err)
	}
}

// ruleForm is the house rules of a request as the settings form posts them.
func ruleForm(rules map[string]any) url.Values {
	f := url.Values{}
	for k, v := range rules {
		f.Set(k, fmt.Sprint(v))
	}
	return f
}

func TestFiveCrownsAPIAndScoresheetAgree(t *testing.T) {
	var vectors []struct {
		Name    string `json:"name"`
		APIOnly bool   `json:"apiOnly"`
		Request struct {
			Round   int `json:"round"`
			Players []struct {
				Leftover []string `json:"leftover"`
				WentOut  bool     `json:"wentOut"`
				Hand     []string `json:"hand"`
			} `json:"players"`
			Rules map[string]any `json:"rules"`
		} `json:"request"`
		Raw json.RawMessage `json:"-"`
	}
	var raws []struct {
		Request json.RawMessage `json:"request"`
	}
	const path = "../scoring/fivecrowns/testdata/score_vectors.json"
	readVectors(t, path, &vectors)
	readVectors(t, path, &raws)
	app := newTestApp(t)
	c := app.client()
	names := []string{"Ana", "Ben", "Chloé", "Dan", "Eve", "Fay", "Gus", "Hal"}
	for k, v := range vectors {
		if v.APIOnly {
			continue // a mistake only JSON can make (two forms for one player)
		}
		code, got, msg := fcAPI(t, app, "score", raws[k].Request)
		req := v.Request
		if req.Round < 1 || req.Round > 11 {
			continue // the scoresheet's round is the match's: it cannot be typed
		}
		slug := c.group(fmt.Sprintf("G%d", k))
		if len(req.Rules) > 0 {
			if rec := c.post("/g/"+slug+"/rules/fivecrowns", ruleForm(req.Rules)); rec.Code != http.StatusSeeOther {
				t.Fatalf("%s: set house rules: %d", v.Name, rec.Code)
			}
		}
		n := len(req.Players)
		ids := c.players(slug, names[:min(max(n, 1), len(names))]...)
		form := url.Values{"game": {"fivecrowns"}, "firstDealer": {"1"}, "startRound": {fmt.Sprint(req.Round)}}
		for i, id := range ids {
			form.Set(fmt.Sprintf("seat_%d", id), fmt.Sprint(i+1))
		}
		rec := c.post("/g/"+slug+"/matches", form)
		if n < 2 || n > 7 {
			if code != http.StatusBadRequest || rec.Code != http.StatusUnprocessableEntity {
				t.Errorf("%s: %d players: API %d, new match %d; want both refused", v.Name, n, code, rec.Code)
			}
			continue
		}
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("%s: start match: %d", v.Name, rec.Code)
		}
		matchURL := rec.Header().Get("Location")
		round := url.Values{"op": {"save"}}
		for i, p := range req.Players {
			switch {
			case p.WentOut:
				round.Set(fmt.Sprintf("mode_%d", i), "out")
			case p.Hand != nil:
				round.Set(fmt.Sprintf("mode_%d", i), "hand")
				round.Set(fmt.Sprintf("cards_%d", i), strings.Join(p.Hand, " "))
			default:
				round.Set(fmt.Sprintf("mode_%d", i), "cards")
				round.Set(fmt.Sprintf("cards_%d", i), strings.Join(p.Leftover, " "))
			}
		}
		rec = c.post(matchURL+"/rounds", round)
		if code == http.StatusBadRequest {
			if errs := strings.Join(refusals(doc(t, rec)), " "); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(errs, msg) {
				t.Errorf("%s: the API refuses (%q), the scoresheet answers %d with %q", v.Name, msg, rec.Code, errs)
			}
			continue
		}
		if rec.Code != http.StatusSeeOther {
			t.Errorf("%s: the API scores it, the scoresheet answers %d: %q", v.Name, rec.Code, doc(t, rec).Find(".error").Text())
			continue
		}
		var want []int
		for _, p := range got["players"].([]any) {
			want = append(want, int(p.(map[string]any)["points"].(float64)))
		}
		rounds, _ := app.store.Rounds(context.Background(), mustInt(strings.TrimPrefix(matchURL, "/g/"+slug+"/matches/")))
		if len(rounds) != 1 || !slices.Equal(rounds[0].Points, want) {
			t.Errorf("%s: the scoresheet stored %+v, the API scores %v", v.Name, rounds, want)
		}
	}
}

func TestFiveCrownsAPIAndRefereePageAgree(t *testing.T) {
	var vectors []struct {
		Name    string          `json:"name"`
		Request json.RawMessage `json:"request"`
	}
	readVectors(t, "../referee/fivecrowns/testdata/hand_vectors.json", &vectors)
	app := newTestApp(t)
	c := app.client()
	for _, v := range vectors {
		code, got, msg := fcAPI(t, app, "hand", v.Request)
		var req struct {
			Round           int        `json:"round"`
			Hand            []string   `json:"hand"`
			Melds           [][]string `json:"melds"`
			Discard         string     `json:"discard"`
			TookFromDiscard string     `json:"tookFromDiscard"`
			OutMelds        [][]string `json:"outMelds"`
			LayOff          []struct {
				Meld  int
				Cards []string
			} `json:"layOff"`
			Rules map[string]any `json:"rules"`
		}
		if err := json.Unmarshal(v.Request, &req); err != nil {
			t.Fatal(err)
		}
		form := url.Values{"op": {"judge"}, "round": {fmt.Sprint(req.Round)}, "hand": {strings.Join(req.Hand, " ")},
			"discard": {req.Discard}, "taken": {req.TookFromDiscard}}
		for i, m := range req.Melds {
			form.Set(fmt.Sprintf("meld%d", i+1), strings.Join(m, " "))
		}
		for i, m := range req.OutMelds {
			form.Set(fmt.Sprintf("out%d", i+1), strings.Join(m, " "))
		}
		for _, l := range req.LayOff {
			form.Set(fmt.Sprintf("lay%d", l.Meld+1), strings.Join(l.Cards, " "))
		}
		for k, val := range req.Rules {
			form.Set("rule."+k, fmt.Sprint(val))
		}
		status, d := fcRef(t, c, form)
		if code == http.StatusBadRequest {
			if errs := d.Find(".error").Text(); status != http.StatusUnprocessableEntity || !strings.Contains(errs, msg) {
				t.Errorf("%s: the API refuses (%q), the page answers %d with %q", v.Name, msg, status, errs)
			}
			continue
		}
		if status != http.StatusOK {
			t.Errorf("%s: the API answers, the page refuses: %d %q", v.Name, status, d.Find(".error").Text())
			continue
		}
		if want, page := fmt.Sprintf(": %v point", got["minPenalty"]), d.Find("[data-testid=min-penalty]").Text(); !strings.Contains(page, want) {
			t.Errorf("%s: the API's minimum is %v, the page says %q", v.Name, got["minPenalty"], page)
		}
		var apiRules, pageRules []string
		if decl, ok := got["declared"].(map[string]any); ok {
			for _, vi := range decl["violations"].([]any) {
				apiRules = append(apiRules, vi.(map[string]any)["rule"].(string))
			}
		}
		d.Find("[data-testid=declared] [data-testid=violation]").Each(func(_ int, s *goquery.Selection) { pageRules = append(pageRules, s.AttrOr("data-rule", "")) })
		if !slices.Equal(apiRules, pageRules) || (got["declared"] != nil) != (d.Find("[data-testid=declared]").Length() > 0) {
			t.Errorf("%s: the API's declared verdict breaks %v, the page's %v", v.Name, apiRules, pageRules)
		}
	}
}
