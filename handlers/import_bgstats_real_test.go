package handlers

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/internal/bgstatsgen"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// filePlay is what must survive of a play, in seat order: who (by name),
// the score as a number ("" without one), who won, and the play's facts.
type filePlay struct {
	Date, Location, Comments string
	Duration                 int
	Seats                    []string // "name score winner start"
}

// filePlays reads a BG Stats file's plays by uuid, as filePlay. Anonymous
// players seated twice are told apart as the import does.
func filePlays(t *testing.T, raw []byte) map[string]filePlay {
	t.Helper()
	f, err := bgstats.Read(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	names, locs := map[int64]string{}, map[int64]string{}
	for _, p := range f.Players {
		names[p.ID] = p.Name
	}
	for _, l := range f.Locations {
		locs[l.ID] = l.Name
	}
	out := map[string]filePlay{}
	for _, p := range f.Plays {
		fp := filePlay{Date: p.PlayDate, Location: locs[p.LocationRefID], Comments: p.Comments, Duration: p.DurationMin}
		ps := slices.Clone(p.PlayerScores)
		sort.SliceStable(ps, func(i, j int) bool { return ps[i].SeatOrder < ps[j].SeatOrder })
		seen := map[int64]int{}
		noScores := !slices.ContainsFunc(ps, func(s bgstats.Score) bool { return strings.TrimSpace(string(s.Score)) != "" })
		for _, s := range ps {
			seen[s.PlayerRefID]++
			name := names[s.PlayerRefID]
			if seen[s.PlayerRefID] > 1 {
				name = fmt.Sprintf("%s %d", name, seen[s.PlayerRefID])
			}
			score := ""
			if !noScores {
				n, _ := bgstats.Points(string(s.Score))
				score = fmt.Sprint(n)
			}
			won := s.Winner
			if s.Rank > 0 && !slices.ContainsFunc(ps, func(o bgstats.Score) bool { return o.Rank <= 0 }) {
				won = s.Rank == 1
			}
			fp.Seats = append(fp.Seats, fmt.Sprintf("%s %s %v %v", name, score, won, s.StartPlayer))
		}
		out[p.UUID] = fp
	}
	return out
}

// skipOtherGames sets every file game proposed as a new game of the group
// to not imported.
func skipOtherGames(form url.Values) {
	for k, v := range form {
		if strings.HasPrefix(k, "game.") && len(v) == 1 && v[0] == "new" {
			form.Set(k, "")
		}
	}
}

// choose sets the confirmation's select for the file game named name.
func chooseGame(t testing.TB, d *goquery.Document, form url.Values, name, game string) {
	t.Helper()
	found := false
	d.Find("select[data-testid=bgstats-game]").Each(func(_ int, sel *goquery.Selection) {
		id, _ := sel.Attr("id")
		if strings.HasPrefix(d.Find("label[for='"+id+"']").Text(), name+" (") {
			form.Set(id, game)
			found = true
		}
	})
	if !found {
		t.Fatalf("no select for the file's game %q", name)
	}
}

// A realistic BG Stats history (600 plays over a dozen games, iOS, a
// recent app), imported through the pages into a group whose phones are in
// Paris: every play of our games comes in but those that cannot, each
// listed with its reason; every winner is BG Stats's; the group's BG Stats
// file gives every imported play back as it was (date, players, scores,
// winners, start player, location, duration, comments). The file again,
// into the group or into a copy of it made by our JSON export and import,
// adds nothing; the game chosen by hand is remembered.
//
// Two files: a recent iOS backup export (600 plays) and an old Android
// app's Play file (300 plays, some scores written as numbers, players
// without uuids).
func TestBGStatsRealisticHistory(t *testing.T) {
	for name, o := range map[string]bgstatsgen.Options{
		"ios-6.x-export":   {Seed: 31, Plays: 600, Platform: "ios"},
		"android-4.x-play": {Seed: 7, Plays: 300, Platform: "android", Old: true, PlayFile: true},
	} {
		t.Run(name, func(t *testing.T) { realisticHistory(t, o) })
	}
}

func realisticHistory(t *testing.T, o bgstatsgen.Options) {
	f := newStandingsFixture(t, "Ana", "Bruno")
	f.c.lang = "en"
	f.app.srv.zone = mustZone(t, "Europe/Paris")
	base := "/g/" + f.slug
	file := bgstatsgen.Make(o)
	rec := postFile(f.c, base+"/import/bgstats", nil, file)
	if rec.Code != http.StatusOK {
		t.Fatalf("upload: %d %.300s", rec.Code, rec.Body)
	}
	d := doc(t, rec)
	if got := d.Find("select[data-testid=bgstats-game]").Length(); got != len(bgstatsgen.Games) {
		t.Errorf("%d game selects, want one per game played (%d)", got, len(bgstatsgen.Games))
	}
	// Proposed: by BoardGameGeek id (Five Crowns 1472; "Take 5" 432 is
	// 6 nimmt!, not ours) and by name (Les Cinq Rois, TAKI, Hornochsen!).
	proposed := map[string]string{}
	d.Find("select[data-testid=bgstats-game]").Each(func(_ int, sel *goquery.Selection) {
		id, _ := sel.Attr("id")
		v, _ := sel.Find("option[selected]").Attr("value")
		proposed[strings.SplitN(d.Find("label[for='"+id+"']").Text(), " (", 2)[0]] = v
	})
	want := map[string]string{"Five Crowns": "fivecrowns", "Les Cinq Rois": "fivecrowns", "TAKI": "taki", "Hornochsen!": "take5", "Take Five": "new", "Take 5": "new", "Catan": "new"}
	for name, g := range want {
		if proposed[name] != g {
			t.Errorf("%s proposed as %q, want %q", name, proposed[name], g)
		}
	}
	form := confirmForm(t, d)
	skipOtherGames(form)                            // this test is about our games' plays (see TestBGStatsImportsOtherGames)
	chooseGame(t, d, form, "Take Five", "takefive") // the group's Take Five is Laffont's
	form.Set("look", "1")
	look := f.c.post(base+"/import/bgstats/confirm", form)
	if look.Code != http.StatusOK || doc(t, look).Find("[data-testid=bgstats-done]").Length() != 0 {
		t.Fatalf("looking imported: %d", look.Code)
	}
	ld := doc(t, look)
	form = confirmForm(t, ld)
	summary := ld.Find("[data-testid=bgstats-summary]").Text()
	refused := ld.Find("[data-testid=bgstats-refused] li")
	done := f.c.post(base+"/import/bgstats/confirm", form)
	if done.Code != http.StatusOK || doc(t, done).Find("[data-testid=bgstats-done]").Length() != 1 {
		t.Fatalf("confirm: %d %.500s", done.Code, done.Body)
	}
	in := filePlays(t, file)
	out := filePlays(t, f.c.get(base+"/export.bgstats.json").Body.Bytes())

	// Figures: plays in the file, imported, not imported (why).
	ours := map[string]bool{"Five Crowns": true, "Les Cinq Rois": true, "TAKI": true, "Hornochsen!": true, "Take Five": true}
	fb, _ := bgstats.Read(bytes.NewReader(file))
	oursN, ignored := 0, 0
	for _, p := range fb.Plays {
		if p.Ignored {
			ignored++
		} else if ours[bgstatsgen.Games[p.GameRefID-1].Name] {
			oursN++
		}
	}
	reasons := map[string]int{}
	refused.Each(func(_ int, li *goquery.Selection) {
		s := li.Text()
		reasons[s[strings.Index(s, "): ")+3:]]++
	})
	t.Logf("plays in the file %d: of our games %d (not ignored), imported %d, not imported %d, ignored %d, of other games %d",
		len(in), oursN, len(out), refused.Length(), ignored, len(in)-oursN-ignored)
	for r, n := range reasons {
		t.Logf("  not imported: %d × %s", n, r)
	}
	if len(out)+refused.Length() != oursN {
		t.Errorf("%d imported + %d listed ≠ %d plays of our games", len(out), refused.Length(), oursN)
	}
	if len(out) < oursN*9/10 {
		t.Errorf("only %d of %d plays of our games imported", len(out), oursN)
	}
	if !strings.Contains(summary, "marked ignored") {
		t.Errorf("the ignored plays are not counted:\n%s", summary)
	}
	// Play by play: the re-export is the file.
	same := 0
	for id, p := range out {
		if was, ok := in[id]; !ok {
			t.Errorf("exported play %s is not the file's", id)
		} else if fmt.Sprint(was) != fmt.Sprint(p) {
			t.Errorf("play %s:\n was %v\n now %v", id, was, p)
		} else {
			same++
		}
	}
	kinds := map[string]int{}
	for _, p := range fb.Plays {
		if _, ok := out[p.UUID]; !ok {
			continue
		}
		scored, anon := false, map[int64]int{}
		for _, sc := range p.PlayerScores {
			v := string(sc.Score)
			scored = scored || strings.TrimSpace(v) != ""
			anon[sc.PlayerRefID]++
			switch {
			case strings.Contains(strings.TrimLeft(v, "-"), "-"):
				kinds["scores written with -"]++
			case strings.Contains(v, "+"):
				kinds["scores written with +"]++
			case strings.Contains(v, "."):
				kinds["decimal scores"]++
			}
			if anon[sc.PlayerRefID] == 2 {
				kinds["two anonymous players"]++
			}
		}
		if !scored {
			kinds["no scores (winner or ranks)"]++
		}
		if p.ManualWinner {
			kinds["hand-picked winner"]++
		}
		if strings.HasPrefix(p.PlayDate, "2023-03-26 02:") || strings.HasPrefix(p.PlayDate, "2023-10-29 02:") {
			kinds["at a clock change"]++
		}
	}
	t.Logf("imported plays with: %v", kinds)
	t.Logf("re-export: %d of %d imported plays identical (date, players, scores, winners, start player, location, duration, comments)", same, len(out))

	// The standings see BG Stats's winners.
	played, err := f.app.srv.playedMatches(t.Context(), f.gid, false)
	if err != nil {
		t.Fatal(err)
	}
	wins := 0
	for _, m := range played {
		for _, r := range m.Results {
			if r.Place == 1 {
				wins++
			}
		}
	}
	fileWins := 0
	for _, p := range out {
		for _, s := range p.Seats {
			if strings.Contains(s, " true ") {
				fileWins++
			}
		}
	}
	if wins != fileWins || len(played) != len(out) {
		t.Errorf("standings: %d matches, %d wins; file %d plays, %d wins", len(played), wins, len(out), fileWins)
	}

	// Again, into the group: nothing new; the hand-picked game is remembered.
	again := doc(t, postFile(f.c, base+"/import/bgstats", nil, file))
	if v, _ := again.Find("select[data-testid=bgstats-game]#game\\.5 option[selected]").Attr("value"); v != "takefive" {
		t.Errorf("Take Five taken as %q at the next import, want takefive remembered", v)
	}
	if again.Find("[data-testid=bgstats-import-button]").Length() != 0 {
		t.Errorf("the same file offers to import again: %s", again.Find("[data-testid=bgstats-summary]").Text())
	}
	// Into a copy of the group (our JSON export, imported from the home page).
	imp := postFile(f.c, "/import", url.Values{"display": {"Zoé"}}, f.c.get(base+"/export.json").Body.Bytes())
	if imp.Code != http.StatusSeeOther {
		t.Fatalf("copy: %d %.300s", imp.Code, imp.Body)
	}
	copyBase := imp.Header().Get("Location")
	for name, raw := range map[string][]byte{"the file": file, "the group's BG Stats file": f.c.get(base + "/export.bgstats.json").Body.Bytes()} {
		cd := doc(t, postFile(f.c, copyBase+"/import/bgstats", nil, raw))
		// The copy has not chosen yet for the games none of ours: left out, nothing is new.
		form := confirmForm(t, cd)
		skipOtherGames(form)
		form.Set("look", "1")
		cd = doc(t, f.c.post(copyBase+"/import/bgstats/confirm", form))
		if cd.Find("[data-testid=bgstats-import-button]").Length() != 0 {
			t.Errorf("%s into the copy offers to import: %s", name, cd.Find("[data-testid=bgstats-summary]").Text())
		}
	}
}

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("no time zone data: %v", err)
	}
	return loc
}
