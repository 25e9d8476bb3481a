package bgstats

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
)

func paris(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatalf("no time zone data: %v", err)
	}
	return loc
}

// byUUID is the matches of an import by their play's uuid.
func byUUID(ms []store.ExportMatch) map[string]store.ExportMatch {
	out := map[string]store.ExportMatch{}
	for _, m := range ms {
		out[m.BGStatsPlay] = m
	}
	return out
}

// The team's edge-case file (invented names, every awkward case): each play
// comes in as it should, or is listed with its reason.
func TestEdgeCases(t *testing.T) {
	b, err := os.ReadFile("testdata/edge-cases.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := Read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	gameOf := ours.Proposed(f)
	if want := map[int64]string{1: "fivecrowns", 2: "taki", 3: "", 4: "take5"}; !mapsEqual(gameOf, want) {
		t.Errorf("games taken as %v, want %v (Take 5! without a BoardGameGeek id is not taken as ours)", gameOf, want)
	}
	loc := paris(t)
	roster, ms, rep := Import(f, gameOf, nil, loc, lowWins)
	if rep.Imported != 8 || rep.Skipped["Take 5!"] != 1 || len(rep.Refused) != 0 {
		t.Fatalf("report %+v", rep)
	}
	got := byUUID(ms)
	names := map[int64]string{}
	for _, p := range roster {
		names[p.ID] = p.Name
	}
	seatNames := func(m store.ExportMatch) []string {
		var out []string
		for _, s := range m.Seats {
			out = append(out, names[s.Player])
		}
		return out
	}
	// E3: a winner only, null scores; E4: ranks only, "" scores.
	if m := got["E3"]; !slices.Equal(m.Places, []int{1, 2}) || !IsNoScores(m.Rounds[0].Entry) {
		t.Errorf("E3 (winner only): places %v, entry %s", m.Places, m.Rounds[0].Entry)
	}
	if m := got["E4"]; !slices.Equal(m.Places, []int{2, 1}) || !IsNoScores(m.Rounds[0].Entry) {
		t.Errorf("E4 (ranks only): places %v", m.Places)
	}
	// E5: "10+12-3" is 19, lowest wins at Five Crowns: the totals place them.
	if m := got["E5"]; m.Seats[0].Total != 19 || m.Places != nil {
		t.Errorf("E5: total %d, places %v", m.Seats[0].Total, m.Places)
	}
	// E6: two anonymous players are two people.
	if m := got["E6"]; !slices.Equal(seatNames(m), []string{"Ana", "Anonymous player", "Anonymous player 2"}) {
		t.Errorf("E6: seats %v", seatNames(m))
	}
	// E9: a tie at 40 won by Ana by hand: BG Stats's winner is kept.
	if m := got["E9"]; !slices.Equal(m.Places, []int{1, 2}) {
		t.Errorf("E9 (hand-picked winner): places %v, want Ana first", m.Places)
	}
	// E1 and E2: at the clock changes, the play's own date goes back out.
	out := ours.Export(store.Export{Group: store.ExportGroup{CreatedAt: "2024-01-01T00:00:00.000Z"}, Players: roster, Matches: ms}, loc, info)
	dates := map[string]string{}
	for _, p := range out.Plays {
		dates[p.UUID] = p.PlayDate
	}
	for _, id := range []string{"E1", "E2"} {
		if want := got[id].PlayedLocal; dates[id] != want || want == "" {
			t.Errorf("%s comes back at %q, was %q", id, dates[id], want)
		}
	}
	// The play file read again gives the same winners.
	again, _ := json.Marshal(out)
	f2, err := Read(bytes.NewReader(again))
	if err != nil {
		t.Fatal(err)
	}
	_, ms2, rep2 := Import(f2, ours.Proposed(f2), nil, loc, lowWins)
	if rep2.Imported != 8 {
		t.Fatalf("our file read back: %+v", rep2)
	}
	for _, m := range ms2 {
		if was := got[m.BGStatsPlay]; !slices.Equal(placesOrTotals(m), placesOrTotals(was)) {
			t.Errorf("%s: places %v, were %v", m.BGStatsPlay, placesOrTotals(m), placesOrTotals(was))
		}
	}
}

func placesOrTotals(m store.ExportMatch) []int {
	if m.Places != nil {
		return m.Places
	}
	t := make([]int, len(m.Seats))
	for i, s := range m.Seats {
		t[i] = s.Total
	}
	return scoring.Places(t, lowWins(m.Game))
}

func mapsEqual(a, b map[int64]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// Scores as BG Stats users type them.
func TestValue(t *testing.T) {
	for in, want := range map[string]float64{"42": 42, "3+6+2": 11, "66-11-12": 43, "12.5": 12.5, "12,5": 12.5, "-5": -5, "10+-2": 8, " 7 ": 7, "0": 0} {
		if v, ok, err := Value(in); err != nil || !ok || v != want {
			t.Errorf("Value(%q) = %v, %v, %v; want %v", in, v, ok, err, want)
		}
	}
	if _, ok, err := Value(""); ok || err != nil {
		t.Errorf(`Value("") = %v, %v: want no score`, ok, err)
	}
	for _, in := range []string{"x", "1++2", "--3", "3-", "1e9", "99999999999"} {
		if _, _, err := Value(in); err == nil {
			t.Errorf("Value(%q) accepted", in)
		}
	}
}

// A numeric score, a null one, and a number where a string is expected
// all read; the whole file is not refused for one of them.
func TestScoresAsNumbers(t *testing.T) {
	in := `{"games":[{"id":1,"name":"Five Crowns","bggId":1472}],"players":[{"id":1,"name":"A"},{"id":2,"name":"B"},{"id":3,"name":"C"}],
	"plays":[{"uuid":"n1","gameRefId":1,"playDate":"2024-02-01 20:00:00","playerScores":[{"playerRefId":1,"score":45},{"playerRefId":2,"score":60.5},{"playerRefId":3,"score":"61"}]}]}`
	f, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	_, ms, rep := Import(f, ours.Proposed(f), nil, time.UTC, lowWins)
	if rep.Imported != 1 || ms[0].Seats[1].Total != 61 || !slices.Equal(ms[0].Places, []int{1, 2, 3}) {
		t.Fatalf("report %+v, seats %+v, places %v (60.5 is rounded to 61 and still second)", rep, ms[0].Seats, ms[0].Places)
	}
}

// What cannot come in is listed per play, with its reason; a play with
// players and no result, or with some seats scored, comes in (issue 38).
func TestRefusedPlaysSayWhy(t *testing.T) {
	in := `{"games":[{"id":1,"name":"TAKI"}],"players":[{"id":1,"name":"A"},{"id":2,"name":"B"},{"id":3,"name":""}],
	"plays":[
	 {"uuid":"r1","gameRefId":1,"playDate":"yesterday","playerScores":[{"playerRefId":1,"score":"1"},{"playerRefId":2,"score":"2"}]},
	 {"uuid":"r2","gameRefId":1,"playDate":"2024-01-01 20:00:00","playerScores":[]},
	 {"uuid":"r3","gameRefId":1,"playDate":"2024-01-01 20:00:00","playerScores":[{"playerRefId":1,"score":"lots"},{"playerRefId":2,"score":"2"}]},
	 {"uuid":"r4","gameRefId":1,"playDate":"2024-01-01 20:00:00","playerScores":[{"playerRefId":1,"score":""},{"playerRefId":2,"score":""}]},
	 {"uuid":"r5","gameRefId":1,"playDate":"2024-01-01 20:00:00","playerScores":[{"playerRefId":1,"score":"3"},{"playerRefId":1,"score":"2"}]},
	 {"uuid":"r6","gameRefId":1,"playDate":"2024-01-01 20:00:00","playerScores":[{"playerRefId":1,"score":"3"},{"playerRefId":2,"score":""}]},
	 {"uuid":"r7","gameRefId":1,"playDate":"2024-01-01 20:00:00","playerScores":[{"playerRefId":1,"score":"3"},{"playerRefId":3,"score":"1"}]}
	]}`
	f, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	_, ms, rep := Import(f, ours.Proposed(f), nil, time.UTC, lowWins)
	got := byUUID(ms)
	if m, ok := got["r4"]; !ok || m.Result != store.ResultNone || !m.NoScores || m.Places != nil {
		t.Errorf("r4 (no result): in %v, result %q, places %v", ok, m.Result, m.Places)
	}
	if m, ok := got["r6"]; !ok || m.Result != "" || !slices.Equal(matchWinners(m, false), []bool{true, false}) {
		t.Errorf("r6 (one seat scored): in %v, result %q, places %v", ok, m.Result, m.Places)
	}
	var keys []string
	for _, r := range rep.Refused {
		var why *Reason
		if !errors.As(r.Why, &why) {
			t.Fatalf("play %d: %v is no reason", r.Play, r.Why)
		}
		keys = append(keys, why.Key)
	}
	if want := []string{"date", "noplayers", "score", "twice", "noname"}; !slices.Equal(keys, want) {
		t.Errorf("reasons %v, want %v", keys, want)
	}
}

// The export carries what BG Stats needs to take the file back.
func TestExportFields(t *testing.T) {
	at := "2025-05-01T19:00:00.000Z"
	two := 1
	e := store.Export{Group: store.ExportGroup{CreatedAt: "2024-01-01T00:00:00.000Z"},
		Players: []store.ExportPlayer{{ID: 1, Name: "Ana", CreatedAt: at}, {ID: 2, Name: "Bruno", CreatedAt: at}},
		Matches: []store.ExportMatch{
			{ID: 1, Game: "fivecrowns", CreatedAt: at, FinishedAt: &at, Options: map[string]string{"firstDealer": "1"},
				Seats: []store.ExportSeat{{Player: 1, Total: 50}, {Player: 2, Total: 40}}},
			{ID: 2, Game: "taki", CreatedAt: at, FinishedAt: &at, BGStatsPlay: "p-2",
				PlayMeta: store.PlayMeta{Places: []int{2, 1}, Location: "Chez Ana", DurationMin: 35, Comments: "serré", StartSeat: &two},
				Seats:    []store.ExportSeat{{Player: 1}, {Player: 2}},
				Rounds:   []store.ExportRound{{Number: 1, Entry: NoScoresEntry, Points: []int{0, 0}}}},
		}}
	gi := func(game string) GameInfo {
		return GameInfo{LowWins: game == "fivecrowns", StartSeat: func(o map[string]string, n int) int { return 1 % n }}
	}
	raw, _ := json.Marshal(ours.Export(e, time.UTC, gi))
	var v struct {
		Games     []map[string]any `json:"games"`
		Players   []map[string]any `json:"players"`
		Locations []map[string]any `json:"locations"`
		Plays     []map[string]any `json:"plays"`
	}
	json.Unmarshal(raw, &v)
	fc := v.Games[0]
	if fc["highestWins"] != false || fc["bggId"] != float64(1472) || fc["uuid"] == "" || fc["noPoints"] != false {
		t.Errorf("Five Crowns: %v", fc)
	}
	if v.Games[1]["highestWins"] != true || v.Players[0]["uuid"] == nil || len(v.Locations) != 1 || v.Locations[0]["name"] != "Chez Ana" {
		t.Errorf("TAKI %v, players %v, locations %v", v.Games[1], v.Players, v.Locations)
	}
	for _, k := range []string{"durationMin", "usesTeams", "ignored", "uuid"} {
		if _, ok := v.Plays[0][k]; !ok {
			t.Errorf("a play lacks %q: %v", k, v.Plays[0])
		}
	}
	starts := func(p map[string]any) []bool {
		var out []bool
		for _, s := range p["playerScores"].([]any) {
			out = append(out, s.(map[string]any)["startPlayer"].(bool))
		}
		return out
	}
	if got := starts(v.Plays[0]); !slices.Equal(got, []bool{false, true}) {
		t.Errorf("the start player of a match recorded here: %v, want the second seat", got)
	}
	p := v.Plays[1]
	ps := p["playerScores"].([]any)
	if p["durationMin"] != float64(35) || p["comments"] != "serré" || p["locationRefId"] != float64(1) || !slices.Equal(starts(p), []bool{false, true}) ||
		ps[0].(map[string]any)["score"] != "" || ps[1].(map[string]any)["winner"] != true || ps[0].(map[string]any)["rank"] != float64(2) {
		t.Errorf("the imported play: %v", p)
	}
}

// A Play file and a backup export are both BG Stats files; ours is not.
func TestSniff(t *testing.T) {
	for in, want := range map[string]bool{
		`{"about":"This is a Play file","games":[],"players":[],"plays":[]}`: true,
		`{"games":[{"id":1}],"players":[],"locations":[],"plays":[]}`:        true,
		`{"format":"tablekeeper.group","plays":[],"games":[]}`:               false,
		`{"plays":[]}`: false,
		`[1]`:          false,
		`not json`:     false,
	} {
		if got := Sniff(strings.NewReader(in)); got != want {
			t.Errorf("Sniff(%.40s) = %v", in, got)
		}
	}
}

// The one-play link is BG Stats's documented one.
func TestPlayURL(t *testing.T) {
	u := PlayURL(LinkPlay{PlayDate: "2025-01-01 20:00:00", Game: LinkGame{Name: "Five Crowns", BGGID: 1472}, Players: []LinkPlayer{{Name: "Ana", Rank: 1, Winner: true}}})
	if !strings.HasPrefix(u, "bgstats://app.bgstatsapp.com/createPlay.html?data=%7B") || !strings.Contains(u, "%22bggId%22%3A1472") {
		t.Errorf("link %s", u)
	}
}

// The link's JSON is percent-encoded as JavaScript's encodeURIComponent
// does: a space is %20 (a "+" reads back as a plus), the unreserved marks
// stay, UTF-8 is escaped byte by byte (issue 38).
func TestLinkEncodedAsEncodeURIComponent(t *testing.T) {
	// encodeURIComponent("Ben Hur & Co: l'été (2)!*~+") in a browser:
	if got, want := EncodeURIComponent("Ben Hur & Co: l'été (2)!*~+"), "Ben%20Hur%20%26%20Co%3A%20l'%C3%A9t%C3%A9%20(2)!*~%2B"; got != want {
		t.Errorf("EncodeURIComponent = %s, want %s", got, want)
	}
	u := PlayURL(LinkPlay{SourceName: SourceName, SourcePlayID: "p-1", PlayDate: "2025-01-01 20:00:00",
		Game: LinkGame{Name: "Ben Hur", BGGID: 1234}, Players: []LinkPlayer{{Name: "Ana", Rank: 1, Winner: true, Score: "4.5"}}})
	data := strings.TrimPrefix(u, "bgstats://app.bgstatsapp.com/createPlay.html?data=")
	if strings.Contains(data, "+") || !strings.Contains(data, "Ben%20Hur") {
		t.Errorf("link %s", u)
	}
	plain, err := url.QueryUnescape(data)
	if err != nil || !strings.Contains(plain, `"sourceName":"tablekeeper","sourcePlayId":"p-1"`) || !strings.Contains(plain, `"score":4.5`) ||
		!strings.Contains(plain, `"name":"Ben Hur"`) {
		t.Errorf("the link reads back as %s (%v)", plain, err)
	}
}
