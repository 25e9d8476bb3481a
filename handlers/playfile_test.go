package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// playFileView is what a BG Stats file says that BG Stats needs to merge
// it, in words a test compares: its about and own player, the uuids of its
// games, players and locations by name, and each play's board,
// expansions, and each seat's name, first play, role and team.
type playFileView struct {
	About, Me string
	UUIDs     map[string]string // "game Azul", "player Ana", "location Chez Bruno", "expansion …" → uuid
	Coop      map[string]bool   // game name → cooperative
	Plays     map[string]string // play uuid → "board | expansions | seats"
}

func readPlayFile(t *testing.T, body []byte) playFileView {
	t.Helper()
	var f bgstats.File
	if err := json.Unmarshal(body, &f); err != nil {
		t.Fatalf("%v\n%.300s", err, body)
	}
	v := playFileView{About: f.About, UUIDs: map[string]string{}, Coop: map[string]bool{}, Plays: map[string]string{}}
	games, players := map[int64]bgstats.Game{}, map[int64]string{}
	for _, g := range f.Games {
		kind := "game "
		if g.IsExpansion {
			kind = "expansion "
		}
		v.UUIDs[kind+g.Name], v.Coop[g.Name], games[g.ID] = g.UUID, g.Cooperative, g
	}
	for _, p := range f.Players {
		v.UUIDs["player "+p.Name], players[p.ID] = p.UUID, p.Name
	}
	for _, l := range f.Locations {
		v.UUIDs["location "+l.Name] = l.UUID
	}
	if f.UserInfo != nil {
		v.Me = players[f.UserInfo.MeRefID]
	}
	for _, p := range f.Plays {
		var xs, seats []string
		for _, x := range p.ExpansionPlays {
			xs = append(xs, games[x.GameRefID].Name)
		}
		for _, s := range p.PlayerScores {
			seat := players[s.PlayerRefID]
			if s.NewPlayer {
				seat += " new"
			}
			if s.Role != "" {
				seat += " role=" + string(s.Role)
			}
			if s.Team != "" {
				seat += " team=" + string(s.Team)
			}
			seats = append(seats, seat)
		}
		teams := ""
		if p.UsesTeams {
			teams = "teams "
		}
		v.Plays[p.UUID] = teams + string(p.Board) + " | " + strings.Join(xs, ",") + " | " + strings.Join(seats, ", ")
	}
	return v
}

// Our BG Stats export is a Play file (issue 38): a Play file written after
// BGSTATS.md comes in, and the group's BG Stats file gives back its about,
// its own player (userInfo.meRefId: the exporting member's player, else the
// imported file's), the uuids it brought for its games,
// players and location (BG Stats matches by uuid first; before, new ones),
// the co-op flag, each seat's first play, role and team, each play's board
// and expansions; the same once the file is imported into another group,
// and in a copy of the group made from its complete file.
func TestBGStatsExportIsAPlayFile(t *testing.T) {
	file, err := os.ReadFile("../store/bgstats/testdata/playfile38.json")
	if err != nil {
		t.Fatal(err)
	}
	f := newStandingsFixture(t, "Ana", "Bruno")
	f.c.lang = "en"
	base := "/g/" + f.slug
	if body := importFile(t, f.c, base, string(file)); !strings.Contains(body, "3 plays were imported") {
		t.Fatalf("import: %.800s", body)
	}
	out := f.c.get(base + "/export.bgstats.json").Body.Bytes()
	if strings.Contains(string(out), "example.org") {
		t.Errorf("the file's e-mail address was kept")
	}
	got := readPlayFile(t, out)
	if !strings.HasPrefix(got.About, "This is a Play file that can be read by Board Game Stats") {
		t.Errorf("about: %q", got.About)
	}
	if got.Me != "Ana" {
		t.Errorf("userInfo.meRefId names %q, want Ana, the exporting member's player", got.Me)
	}
	for k, want := range map[string]string{
		"game Spirit Island": "A1B2C3D4-0038-4000-8000-0000000000G1", "game Azul": "A1B2C3D4-0038-4000-8000-0000000000G2",
		"game Codenames": "A1B2C3D4-0038-4000-8000-0000000000G4", "expansion Spirit Island: Branch & Claw": "A1B2C3D4-0038-4000-8000-0000000000E1",
		"player Ana": "B1B2C3D4-0038-4000-8000-0000000000P1", "player Bruno": "B1B2C3D4-0038-4000-8000-0000000000P2",
		"player Cleo": "B1B2C3D4-0038-4000-8000-0000000000P3", "player Dimitri": "B1B2C3D4-0038-4000-8000-0000000000P4",
		"location Chez Bruno": "C1B2C3D4-0038-4000-8000-0000000000L1",
	} {
		if got.UUIDs[k] != want {
			t.Errorf("%s: uuid %q, want the file's %s", k, got.UUIDs[k], want)
		}
	}
	if !got.Coop["Spirit Island"] || got.Coop["Azul"] {
		t.Errorf("cooperative: %v", got.Coop)
	}
	want := map[string]string{
		"P1-coop-roles-expansion": "Thematic map | Spirit Island: Branch & Claw | Ana role=River Surges in Sunlight, Bruno new role=Lightning's Swift Strike",
		"P2-scores-first-time":    " |  | Ana, Cleo new",
		"P3-teams":                "teams  |  | Ana role=Spymaster team=Red, Bruno team=Red, Cleo role=Spymaster team=Blue, Dimitri new team=Blue",
	}
	for uuid, w := range want {
		if got.Plays[uuid] != w {
			t.Errorf("%s exported as %q, want %q", uuid, got.Plays[uuid], w)
		}
	}

	// The sheet says the variant, and its one-play link carries the board,
	// the roles and the teams.
	ids := matchOfPlay(t, f)
	link := func(uuid string) (bgstats.LinkPlay, []string) {
		d := doc(t, f.c.get(base+"/matches/"+strconv.FormatInt(ids[uuid], 10)))
		plain, err := url.QueryUnescape(strings.SplitN(d.Find("[data-testid=bgstats-send]").AttrOr("href", ""), "data=", 2)[1])
		if err != nil {
			t.Fatal(err)
		}
		var lp bgstats.LinkPlay
		if err := json.Unmarshal([]byte(plain), &lp); err != nil {
			t.Fatal(err)
		}
		return lp, texts(d, "[data-testid=play-fact]")
	}
	if lp, facts := link("P1-coop-roles-expansion"); lp.Board != "Thematic map" || lp.Players[1].Role != "Lightning's Swift Strike" || !slices.Contains(facts, "Variant: Thematic map") {
		t.Errorf("P1's link %+v, facts %q", lp, facts)
	}
	if lp, _ := link("P3-teams"); lp.Players[0].Team != "Red" || lp.Players[3].Team != "Blue" || lp.Players[2].Role != "Spymaster" {
		t.Errorf("P3's link %+v", lp.Players)
	}

	// Imported into another group, the export gives the same file back.
	g2 := newStandingsFixture(t, "Ana")
	g2.c.lang = "en"
	if body := importFile(t, g2.c, "/g/"+g2.slug, string(out)); !strings.Contains(body, "3 plays were imported") {
		t.Fatalf("the export into another group: %.800s", body)
	}
	again := readPlayFile(t, g2.c.get("/g/"+g2.slug+"/export.bgstats.json").Body.Bytes())
	if js(again) != js(got) {
		t.Errorf("the export imported again and exported:\n%s\nwant\n%s", js(again), js(got))
	}

	// A copy of the group from its complete file keeps it all.
	imp := postFile(f.c, base+"/import", url.Values{"display": {"Zoé"}}, f.c.get(base+"/export.json").Body.Bytes())
	if imp.Code != http.StatusSeeOther {
		t.Fatalf("import of the complete file: %d %.300s", imp.Code, imp.Body)
	}
	copied := readPlayFile(t, f.c.get(imp.Header().Get("Location")+"/export.bgstats.json").Body.Bytes())
	if copied.Me != "Bruno" {
		t.Errorf("the copy's own player %q, want Bruno, the imported file's (Zoé has no player)", copied.Me)
	}
	if copied.Me = got.Me; js(copied) != js(got) {
		t.Errorf("the copy's BG Stats file:\n%s\nwant\n%s", js(copied), js(got))
	}

	// Our own players, games and locations get uuids of their own, the
	// same at every export.
	f.play("fivecrowns", f.now, []string{"Ana", "Bruno"}, []int{3, 0})
	one, two := readPlayFile(t, f.c.get(base+"/export.bgstats.json").Body.Bytes()), readPlayFile(t, f.c.get(base+"/export.bgstats.json").Body.Bytes())
	if u := one.UUIDs["game Five Crowns"]; u == "" || u != two.UUIDs["game Five Crowns"] {
		t.Errorf("Five Crowns's uuid: %q then %q", u, two.UUIDs["game Five Crowns"])
	}
}

func js(v any) string {
	b, _ := json.MarshalIndent(v, "", " ")
	return string(b)
}
