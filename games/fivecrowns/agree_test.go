package fivecrowns_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/games/gametest"
)

// The JSON API and the pages agree by construction: every Five Crowns API
// vector (the engines' testdata, which holds docs/API.md's examples) is also
// posted through the page a player would use, and gets the same verdict.

// fcAPI posts a request to a Five Crowns endpoint and returns the status,
// the decoded answer and, for a 400, the error's message.
func fcAPI(t *testing.T, c *gametest.Phone, endpoint string, req json.RawMessage) (int, map[string]any, string) {
	t.Helper()
	code, body := c.API("/api/v1/fivecrowns/"+endpoint, req)
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatalf("%s: answer %q is not JSON", req, body)
	}
	e, _ := got["error"].(map[string]any)
	msg, _ := e["message"].(string)
	return code, got, msg
}

func TestFiveCrownsAPIAndScoresheetAgree(t *testing.T) {
	type player struct {
		Leftover []string `json:"leftover"`
		WentOut  bool     `json:"wentOut"`
		Hand     []string `json:"hand"`
	}
	vectors := gametest.Vectors[struct {
		Name    string          `json:"name"`
		APIOnly bool            `json:"apiOnly"`
		Request json.RawMessage `json:"request"`
	}](t, "../../scoring/fivecrowns/testdata/score_vectors.json")
	s := gametest.Start(t)
	c := s.Phone()
	names := []string{"Ana", "Ben", "Chloé", "Dan", "Eve", "Fay", "Gus", "Hal"}
	for k, v := range vectors {
		if v.APIOnly {
			continue // a mistake only JSON can make (two forms for one player)
		}
		var req struct {
			Round   int            `json:"round"`
			Players []player       `json:"players"`
			Rules   map[string]any `json:"rules"`
		}
		if err := json.Unmarshal(v.Request, &req); err != nil {
			t.Fatal(err)
		}
		code, got, msg := fcAPI(t, c, "score", v.Request)
		if req.Round < 1 || req.Round > 11 {
			continue // the scoresheet's round is the match's: it cannot be typed
		}
		group := c.Group(fmt.Sprintf("G%d", k))
		if len(req.Rules) > 0 {
			rules := url.Values{}
			for key, val := range req.Rules {
				rules.Set(key, fmt.Sprint(val))
			}
			if p := c.Post(group+"/rules/fivecrowns", rules); p.Code != http.StatusSeeOther {
				t.Fatalf("%s: set house rules: %d", v.Name, p.Code)
			}
		}
		n := len(req.Players)
		start := c.StartMatch(group, "fivecrowns", names[:min(max(n, 1), len(names))],
			url.Values{"firstDealer": {"1"}, "startRound": {fmt.Sprint(req.Round)}})
		if n < 2 || n > 7 {
			if code != http.StatusBadRequest || start.Code != http.StatusUnprocessableEntity {
				t.Errorf("%s: %d players: API %d, new match %d; want both refused", v.Name, n, code, start.Code)
			}
			continue
		}
		if start.Code != http.StatusSeeOther {
			t.Fatalf("%s: start match: %d", v.Name, start.Code)
		}
		match := start.Location()
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
		page := c.Post(match+"/rounds", round)
		if code == http.StatusBadRequest {
			if errs := strings.Join(page.Texts("[data-testid=round-refusal]"), " "); page.Code != http.StatusUnprocessableEntity || !strings.Contains(errs, msg) {
				t.Errorf("%s: the API refuses (%q), the scoresheet answers %d with %q", v.Name, msg, page.Code, errs)
			}
			continue
		}
		if page.Code != http.StatusSeeOther {
			t.Errorf("%s: the API scores it, the scoresheet answers %d: %q", v.Name, page.Code, page.Find(".error").Text())
			continue
		}
		var want []int
		for _, p := range got["players"].([]any) {
			want = append(want, int(p.(map[string]any)["points"].(float64)))
		}
		id, err := strconv.ParseInt(path.Base(match), 10, 64)
		if err != nil {
			t.Fatalf("%s: match path %q", v.Name, match)
		}
		rounds, _ := s.Store.Rounds(context.Background(), id)
		if len(rounds) != 1 || !slices.Equal(rounds[0].Points, want) {
			t.Errorf("%s: the scoresheet stored %+v, the API scores %v", v.Name, rounds, want)
		}
	}
}

func TestFiveCrownsAPIAndRefereePageAgree(t *testing.T) {
	c := gametest.Start(t).Phone()
	for _, v := range gametest.Vectors[struct {
		Name    string          `json:"name"`
		Request json.RawMessage `json:"request"`
	}](t, "../../referee/fivecrowns/testdata/hand_vectors.json") {
		code, got, msg := fcAPI(t, c, "hand", v.Request)
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
		page := c.Post("/referee/fivecrowns", form)
		if code == http.StatusBadRequest {
			if errs := page.Find(".error").Text(); page.Code != http.StatusUnprocessableEntity || !strings.Contains(errs, msg) {
				t.Errorf("%s: the API refuses (%q), the page answers %d with %q", v.Name, msg, page.Code, errs)
			}
			continue
		}
		if page.Code != http.StatusOK {
			t.Errorf("%s: the API answers, the page refuses: %d %q", v.Name, page.Code, page.Find(".error").Text())
			continue
		}
		if want, shown := fmt.Sprintf(": %v point", got["minPenalty"]), page.Find("[data-testid=min-penalty]").Text(); !strings.Contains(shown, want) {
			t.Errorf("%s: the API's minimum is %v, the page says %q", v.Name, got["minPenalty"], shown)
		}
		var apiRules, pageRules []string
		if decl, ok := got["declared"].(map[string]any); ok {
			for _, vi := range decl["violations"].([]any) {
				apiRules = append(apiRules, vi.(map[string]any)["rule"].(string))
			}
		}
		page.Find("[data-testid=declared] [data-testid=violation]").Each(func(_ int, s *goquery.Selection) { pageRules = append(pageRules, s.AttrOr("data-rule", "")) })
		if !slices.Equal(apiRules, pageRules) || (got["declared"] != nil) != (page.Find("[data-testid=declared]").Length() > 0) {
			t.Errorf("%s: the API's declared verdict breaks %v, the page's %v", v.Name, apiRules, pageRules)
		}
	}
}
