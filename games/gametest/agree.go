package gametest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
)

// A Case is one of an engine's test vectors, asked of the JSON API and of
// the page a player would use for it: both must give the same verdict.
type Case struct {
	Name    string
	API     string // the API's path
	Request any    // its JSON body
	// Skip is why the page cannot say this request ("" when it can): the
	// case is named in the log, not compared.
	Skip string
	// The page: a round of a new match, or the referee page's form.
	Round   *Round
	Referee url.Values
	// Exact: the page's refusal says the API's sentence (the form carries
	// the request as it is, not only as far as the page's own reading).
	Exact bool
	// What the API's answer, when it takes the request, means on the page:
	// the seats' totals as the scoresheet writes them (a round), or the
	// rule the turn breaks, "" when it is legal (a referee form).
	Totals func(answer []byte) []string
	Rule   func(answer []byte) string
}

// Round is a case said on the scoresheet: a new match of Players (seated
// in order, in a group with HouseRules) started with Start's options, and
// Form posted as its first round.
type Round struct {
	Players    []string
	HouseRules url.Values
	Start      url.Values
	Form       url.Values
}

// refusal is the API's answer to a request it refuses (docs/API.md).
type refusal struct {
	Error struct {
		Message string `json:"message"`
		Field   string `json:"field"`
	} `json:"error"`
}

// Agree asks every case of game of the API and of the page, reports each
// disagreement on t and returns how many cases were compared.
func Agree(t *testing.T, game string, cases []Case) int {
	t.Helper()
	s := Start(t)
	c := s.Phone()
	compared := 0
	for _, k := range cases {
		code, answer := c.API(k.API, k.Request)
		var refused refusal
		if code != http.StatusOK {
			if err := json.Unmarshal(answer, &refused); err != nil {
				t.Fatalf("%s: the API's refusal %d: %v: %s", k.Name, code, err, answer)
			}
		}
		if k.Skip != "" {
			t.Logf("%s: not on the page: %s", k.Name, k.Skip)
			continue
		}
		compared++
		if k.Round != nil {
			agreeRound(t, c, game, k, code, answer, refused)
		} else {
			agreeReferee(t, c, game, k, code, answer, refused)
		}
	}
	return compared
}

func agreeRound(t *testing.T, c *Phone, game string, k Case, code int, answer []byte, refused refusal) {
	t.Helper()
	group := c.Group("Agree")
	if k.Round.HouseRules != nil {
		if p := c.Post(group+"/rules/"+game, k.Round.HouseRules); p.Code != http.StatusSeeOther {
			t.Fatalf("%s: house rules: status %d", k.Name, p.Code)
		}
	}
	start := c.StartMatch(group, game, k.Round.Players, k.Round.Start)
	if code != http.StatusOK && refused.Error.Field == "players" {
		if start.Code != http.StatusUnprocessableEntity {
			t.Errorf("%s: the API refuses %d players, the page starts the match (status %d)", k.Name, len(k.Round.Players), start.Code)
		}
		return
	}
	if start.Code != http.StatusSeeOther {
		t.Fatalf("%s: start match: status %d", k.Name, start.Code)
	}
	match := start.Location()
	p := c.Post(match+"/rounds", k.Round.Form)
	if code == http.StatusOK {
		if p.Code != http.StatusSeeOther {
			t.Errorf("%s: the API scores it, the page refuses (status %d): %v", k.Name, p.Code, p.Texts(".error"))
			return
		}
		if got, want := c.Get(match).Texts(`[data-testid="total"]`), k.Totals(answer); !slices.Equal(got, want) {
			t.Errorf("%s: page totals %v, API points %v", k.Name, got, want)
		}
		return
	}
	if p.Code != http.StatusUnprocessableEntity {
		t.Errorf("%s: the API refuses %s, the page answers %d", k.Name, refused.Error.Field, p.Code)
		return
	}
	var seat int
	if _, err := fmt.Sscanf(refused.Error.Field, "players[%d]", &seat); err == nil {
		if p.Find(`[data-testid="seat"]`).Eq(seat).Find("[data-testid=refusal-flag]").Length() != 1 {
			t.Errorf("%s: the API refuses %s, the page does not mark seat %d: %v", k.Name, refused.Error.Field, seat, p.Texts("[data-testid=round-refusal]"))
		}
	}
	if k.Exact && !strings.Contains(p.Body, refused.Error.Message) {
		t.Errorf("%s: the API says %q, the page %v", k.Name, refused.Error.Message, p.Texts("[data-testid=round-refusal]"))
	}
}

func agreeReferee(t *testing.T, c *Phone, game string, k Case, code int, answer []byte, refused refusal) {
	t.Helper()
	p := c.Post("/referee/"+game, k.Referee)
	errs := strings.Join(p.Texts(".error"), " | ")
	switch {
	case code != http.StatusOK:
		if p.Code != http.StatusUnprocessableEntity || p.Find(`[data-testid="verdict"]`).Length() != 0 {
			t.Errorf("%s: the API refuses %s, the page answers %d", k.Name, refused.Error.Field, p.Code)
		} else if k.Exact && !strings.Contains(errs, refused.Error.Message) {
			t.Errorf("%s: the API says %q, the page %q", k.Name, refused.Error.Message, errs)
		}
	case p.Code != http.StatusOK:
		t.Errorf("%s: the API judges it, the page refuses (%d): %s", k.Name, p.Code, errs)
	default:
		switch rule := k.Rule(answer); {
		case rule == "" && p.Find(`[data-testid="verdict-legal"]`).Length() != 1:
			t.Errorf("%s: legal for the API, not on the page: %v", k.Name, p.Texts(`[data-testid="violation"]`))
		case rule != "":
			if got := p.Find(`[data-testid="violation"]`).AttrOr("data-rule", ""); got != rule {
				t.Errorf("%s: the API breaks %s, the page %q", k.Name, rule, got)
			}
		}
	}
}

// Vectors reads an engine's table of test vectors (a JSON array) from path.
func Vectors[V any](t testing.TB, path string) []V {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var vs []V
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return vs
}
