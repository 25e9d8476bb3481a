package take5_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/games/gametest"
	"github.com/tablekeeper/tablekeeper/games/kit"
)

// t5Vector is one of the game's API test vectors, shared with the engines'
// tests (referee/take5/testdata/api.json).
type t5Vector struct {
	Name, Endpoint, Lang, Field, Pageless string
	Status                                int
	Doc                                   bool
	Body, Answer                          json.RawMessage
}

func t5Vectors(t *testing.T) []t5Vector {
	t.Helper()
	raw, err := os.ReadFile("../../referee/take5/testdata/api.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Vectors []t5Vector }
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	return file.Vectors
}

// t5API posts a vector to the JSON API and returns the status, the answer
// and the refused field.
func t5API(c *gametest.Phone, v t5Vector) (int, []byte, string) {
	c.Lang = v.Lang
	code, body := c.API("/api/v1/take5/"+v.Endpoint, v.Body)
	var e struct{ Error struct{ Field string } }
	_ = json.Unmarshal(body, &e)
	return code, body, e.Error.Field
}

// TestTake5APIAndPagesAgree posts every API vector of the game through the
// API and through the page that asks the same question (the scoresheet's
// deal form for /score, the referee page for /play): both accept or refuse
// it, with the same points, the same verdict, or the refusal on the same
// field. Vectors the pages cannot ask say why in the file ("pageless").
func TestTake5APIAndPagesAgree(t *testing.T) {
	asked := 0
	c := gametest.Start(t).Phone()
	for _, v := range t5Vectors(t) {
		status, body, field := t5API(c, v)
		if status != v.Status || (status == http.StatusBadRequest && field != v.Field) {
			t.Errorf("%s: API %d on %q, want %d on %q\n%s", v.Name, status, field, v.Status, v.Field, body)
			continue
		}
		if v.Pageless != "" {
			continue
		}
		asked++
		if v.Endpoint == "score" {
			t5AgreeScore(t, c, v, body)
		} else {
			t5AgreePlay(t, c, v, body)
		}
	}
	if asked < 20 {
		t.Errorf("only %d vectors went through the pages", asked)
	}
}

// t5AgreeScore saves the vector's lines as the first deal of a match at a
// table of tableSize (or the list's size, at least 2); seats beyond the
// list collected nothing.
func t5AgreeScore(t *testing.T, c *gametest.Phone, v t5Vector, apiBody []byte) {
	var req struct {
		Players []struct {
			Name                                  string
			Green, Red, Plus5, X2, SpecialsInHand *int
		}
		TableSize *int
	}
	if err := json.Unmarshal(v.Body, &req); err != nil {
		t.Fatal(err)
	}
	seats := max(len(req.Players), 2)
	if req.TableSize != nil {
		seats = *req.TableSize
	}
	names := make([]string, seats)
	lines := make([][5]string, seats)
	for i := range names {
		names[i], lines[i] = fmt.Sprintf("Seat %d", i+1), [5]string{"0", "0", "", "", ""}
		if i < len(req.Players) {
			p := req.Players[i]
			names[i] = p.Name
			for j, n := range []*int{p.Green, p.Red, p.Plus5, p.X2, p.SpecialsInHand} {
				lines[i][j] = ""
				if n != nil {
					lines[i][j] = strconv.Itoa(*n)
				}
			}
		}
	}
	m := c.Match(c.Group("Mardi"), "take5", names, nil)
	form := url.Values{"op": {"save"}, "submitKey": {"agree"}}
	for i, line := range lines {
		for j, k := range []string{"green", "red", "plus5", "x2", "hand"} {
			form.Set(fmt.Sprintf("%s_%d", k, i), line[j])
		}
	}
	rec := c.Post(m+"/rounds", form)
	if v.Status == http.StatusBadRequest {
		if rec.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s: the scoresheet answers %d, the API refuses %s", v.Name, rec.Code, v.Field)
			return
		}
		var i int
		var key string
		fmt.Sscanf(strings.Replace(v.Field, "].", "] ", 1), "players[%d] %s", &i, &key)
		if key == "specialsInHand" {
			key = "hand"
		}
		if inv, _ := rec.Find(fmt.Sprintf("#%s_%d", key, i)).Attr("aria-invalid"); inv != "true" {
			t.Errorf("%s: the API refuses %s, the scoresheet does not mark #%s_%d", v.Name, v.Field, key, i)
		}
		return
	}
	if rec.Code != http.StatusSeeOther {
		t.Errorf("%s: the scoresheet answers %d, the API scores it\n%s", v.Name, rec.Code, rec.Body)
		return
	}
	var resp struct{ Players []struct{ Score int } }
	_ = json.Unmarshal(apiBody, &resp)
	totals := c.Get(m).Texts(`[data-testid="total"]`)
	for i, p := range resp.Players {
		if want := strings.Replace(strconv.Itoa(p.Score), "-", "−", 1); i >= len(totals) || totals[i] != want {
			t.Errorf("%s: scoresheet totals %q, API score of line %d is %s", v.Name, totals, i, want)
		}
	}
}

// t5AgreePlay types the vector's table and cards on the referee page.
func t5AgreePlay(t *testing.T, c *gametest.Phone, v t5Vector, apiBody []byte) {
	var req struct {
		Rows []struct {
			Cards     []int
			X2, Plus5 bool
		}
		Play []struct {
			Card    *int
			Special *string
			Row     *int
		}
		Rules map[string]any
	}
	if err := json.Unmarshal(v.Body, &req); err != nil {
		t.Fatal(err)
	}
	form := url.Values{"op": {"judge"}}
	for i, r := range req.Rows {
		form.Set(fmt.Sprintf("row_%d", i+1), strings.Trim(fmt.Sprint(r.Cards), "[]"))
		if r.X2 {
			form.Set(fmt.Sprintf("x2_%d", i+1), "1")
		}
		if r.Plus5 {
			form.Set(fmt.Sprintf("plus5_%d", i+1), "1")
		}
	}
	for k, p := range req.Play {
		if p.Card != nil {
			form.Set(fmt.Sprintf("play_%d", k+1), strconv.Itoa(*p.Card))
		} else if p.Special != nil {
			form.Set(fmt.Sprintf("play_%d", k+1), *p.Special)
		}
		if p.Row != nil {
			form.Set(fmt.Sprintf("claim_%d", k+1), strconv.Itoa(*p.Row+1))
		}
	}
	for key, val := range req.Rules {
		form.Set(kit.HouseRuleField(key), fmt.Sprint(val))
	}
	rec := c.Post("/referee/take5", form)
	d := rec.Document
	if v.Status == http.StatusBadRequest {
		var n int
		sel := `[role="alert"]` // the table as a whole
		switch {
		case strings.HasPrefix(v.Field, "rows["):
			fmt.Sscanf(v.Field, "rows[%d]", &n)
			sel = fmt.Sprintf(`[data-testid="row"]:nth-of-type(%d) [data-testid="row-error"]`, n+1)
		case strings.HasPrefix(v.Field, "play["):
			fmt.Sscanf(v.Field, "play[%d]", &n)
			sel = fmt.Sprintf(`[data-testid="play"]:nth-of-type(%d) [data-testid="play-error"]`, n+1)
		}
		if rec.Code != http.StatusUnprocessableEntity || strings.TrimSpace(d.Find(sel).Text()) == "" {
			t.Errorf("%s: the API refuses %s; the referee page answers %d with %q at %s", v.Name, v.Field, rec.Code, d.Find(sel).Text(), sel)
		}
		return
	}
	var resp struct {
		Legal      bool
		Violations []struct{ Rule string }
		Steps      []struct{ Row int }
		Pickups    []struct{ Row int }
	}
	_ = json.Unmarshal(apiBody, &resp)
	var steps, pickups, rules []string
	for _, s := range resp.Steps {
		steps = append(steps, strconv.Itoa(s.Row+1))
	}
	for _, p := range resp.Pickups {
		pickups = append(pickups, strconv.Itoa(p.Row+1))
	}
	for _, vi := range resp.Violations {
		rules = append(rules, vi.Rule)
	}
	verdict := map[bool]string{true: "legal", false: "illegal"}[resp.Legal]
	cls, _ := d.Find(`[data-testid="verdict"]`).Attr("class")
	got := []string{fmt.Sprint(rec.Code), cls, attrs(d, `[data-testid="step"]`, "data-row"), attrs(d, `[data-testid="pickup"]`, "data-row"), attrs(d, `[data-testid="violation"]`, "data-rule")}
	want := []string{"200", "verdict " + verdict, strings.Join(steps, " "), strings.Join(pickups, " "), strings.Join(rules, " ")}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("%s: the referee page says %q, the API %q", v.Name, got, want)
	}
}

// TestTake5DocExamplesAreVectors: every request and answer of docs/API.md
// marked "doc" in the vectors is printed there as it is tested, so the
// documented examples are possible tables with the answers the server gives.
func TestTake5DocExamplesAreVectors(t *testing.T) {
	raw, err := os.ReadFile("../../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := map[string]bool{}
	for _, part := range strings.Split(string(raw), "```json\n")[1:] {
		block, _, _ := strings.Cut(part, "```")
		var b bytes.Buffer
		if json.Compact(&b, []byte(block)) == nil {
			blocks[b.String()] = true
		}
	}
	docs := 0
	for _, v := range t5Vectors(t) {
		if !v.Doc {
			continue
		}
		docs++
		for _, want := range []json.RawMessage{v.Body, v.Answer} {
			var b bytes.Buffer
			if len(want) > 0 && (json.Compact(&b, want) != nil || !blocks[b.String()]) {
				t.Errorf("%s: docs/API.md does not show %s", v.Name, want)
			}
		}
	}
	if docs < 6 {
		t.Errorf("%d vectors are docs/API.md's examples, want the 6 or more it shows", docs)
	}
}

func attrs(d *goquery.Document, sel, attr string) string {
	var out []string
	d.Find(sel).Each(func(_ int, s *goquery.Selection) { out = append(out, s.AttrOr(attr, "")) })
	return strings.Join(out, " ")
}
