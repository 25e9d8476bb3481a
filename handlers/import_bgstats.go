package handlers

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/games/custom"
	sc "github.com/tablekeeper/tablekeeper/scoring/custom"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
	"github.com/tablekeeper/tablekeeper/views"
)

// The BG Stats import adds a BG Stats file's plays of our games to the
// group, as finished matches of final scores (see bgstats.Import), in two
// steps: the upload reads the file and shows who is who and what will be
// imported; the confirmation imports it. It is the admin's: it adds to
// everyone's history and standings at once, and only the admin can delete
// a match again (a mistaken import is undone by the admin alone).
//
// Between the two steps the server keeps nothing: the confirmation form
// carries the file back, slimmed (bgstats.Slim) and compressed, so that a
// restart or a second server loses nothing and no upload waits on disk.
// Both requests are imports for the upload gate and the size limits (see
// isImport and maxImport).

// uploadBGStats reads an uploaded BG Stats file and shows the confirmation.
func (s *Server) uploadBGStats(c echo.Context) error {
	parseUpload(c)
	refuse := func(key string) error {
		page := s.exportModel(c)
		page.BGStatsError = views.T(s.viewCtx(c), key)
		return s.render(c, http.StatusUnprocessableEntity, views.ExportView(page))
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return refuse("bgstats.import.nofile")
	}
	defer c.Request().MultipartForm.RemoveAll()
	if fh.Size > maxImport {
		return refuse("bgstats.import.toolarge")
	}
	fl, err := fh.Open()
	if err != nil {
		return refuse("bgstats.import.nofile")
	}
	defer fl.Close()
	f, err := bgstats.ReadMax(fl, s.limits.Inflated)
	if errors.Is(err, bgstats.ErrTooLarge) {
		return s.tooInflated(c)
	}
	if errors.Is(err, bgstats.ErrTooManyPlays) {
		return s.tooManyPlays(c)
	}
	if err != nil {
		s.log.Info("bgstats import refused", "err", err)
		return refuse("bgstats.import.bad")
	}
	f = bgstats.Slim(f)
	data, err := carry(f)
	if err != nil {
		return err
	}
	page, _, err := s.bgstatsPage(c, f, data, nil)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.BGStatsImportView(page))
}

// confirmBGStats imports the file the confirmation carries, each BG Stats
// player as chosen.
func (s *Server) confirmBGStats(c echo.Context) error {
	parseUpload(c)
	if mf := c.Request().MultipartForm; mf != nil {
		defer mf.RemoveAll()
	}
	data := c.FormValue("data")
	f, err := uncarry(data, s.limits.Inflated)
	if errors.Is(err, bgstats.ErrTooLarge) {
		return s.tooInflated(c)
	}
	if errors.Is(err, bgstats.ErrTooManyPlays) {
		return s.tooManyPlays(c)
	}
	if err != nil {
		s.log.Info("bgstats import refused", "err", err)
		page := s.exportModel(c)
		page.BGStatsError = views.T(s.viewCtx(c), "bgstats.import.bad")
		return s.render(c, http.StatusUnprocessableEntity, views.ExportView(page))
	}
	page, plan, err := s.bgstatsPage(c, f, data, c.Request().Form)
	if err != nil {
		return err
	}
	again := func(status int, key string) error {
		page.Error = views.T(s.viewCtx(c), key)
		return s.render(c, status, views.BGStatsImportView(page))
	}
	if plan.badChoice {
		return again(http.StatusUnprocessableEntity, "bgstats.import.badplayer")
	}
	if plan.badGame {
		return again(http.StatusUnprocessableEntity, "bgstats.import.badgame")
	}
	if c.FormValue("look") != "" { // the games were chosen again: show what they change, import nothing yet
		return s.render(c, http.StatusOK, views.BGStatsImportView(page))
	}
	if len(plan.adds) > 0 {
		// The new games the matches need are added (or found, when added
		// since), then the plan is made again with them as the group's.
		form := url.Values{}
		for k, v := range c.Request().Form {
			form[k] = v
		}
		for fileGame, id := range plan.gameOf {
			want, ok := plan.adds[id]
			if !ok {
				continue
			}
			g, _, ok, err := s.findOrAddOtherGame(c.Request().Context(), memberOf(c).group.ID, want)
			if err != nil {
				return err
			}
			if !ok {
				return again(http.StatusUnprocessableEntity, "bgstats.import.badnew")
			}
			form.Set("game."+strconv.FormatInt(fileGame, 10), g.ID())
		}
		if page, plan, err = s.bgstatsPage(c, f, data, form); err != nil {
			return err
		}
		if plan.badChoice || plan.badGame || len(plan.adds) > 0 {
			return again(http.StatusConflict, "bgstats.import.conflict")
		}
	}
	if len(plan.in.Matches) > 0 {
		err = s.store.ImportInto(c.Request().Context(), memberOf(c).group.ID, plan.in)
		switch {
		case errors.Is(err, store.ErrConflict):
			return again(http.StatusConflict, "bgstats.import.conflict")
		case errors.Is(err, store.ErrNotFound):
			return again(http.StatusConflict, "bgstats.import.badplayer")
		case errors.Is(err, store.ErrInvalid):
			s.log.Info("bgstats import refused", "err", err)
			return again(http.StatusUnprocessableEntity, "bgstats.import.bad")
		case err != nil:
			return err
		}
	}
	if err := s.store.SetBGStatsGames(c.Request().Context(), memberOf(c).group.ID, plan.games); err != nil {
		return err
	}
	if err := s.store.SetBGStatsGameUUIDs(c.Request().Context(), memberOf(c).group.ID, plan.uuids); err != nil {
		return err
	}
	page.Done, page.Imported = true, len(plan.in.Matches)
	return s.render(c, http.StatusOK, views.BGStatsImportView(page))
}

// bgstatsPlan is what an import of a file will do: the matches and players
// to add, the games to remember, and whether a choice named a player the
// group does not have or a game we do not have.
type bgstatsPlan struct {
	in        store.IntoGroup
	games     map[string]string      // by bgstats.GameKey: what each file game was taken as
	uuids     map[string]string      // by bgstats.GameKey: each file game's uuid, kept for the group's BG Stats file
	gameOf    map[int64]string       // by the file's game id: the game its plays are matches of
	adds      map[string]OtherGameOf // the new games of the group the matches need, by provisional id
	badChoice bool
	badGame   bool
}

// bgstatsGames is what each of f's games is taken as (by its id in the
// file): the choice posted in form, else what the group took it as at its
// last import, else what bgstats.GameID proposes, else the group's other
// game of that BoardGameGeek id or name, else a new game of the group; ""
// is not imported. It also gives the page's select for each game. This is
// the one place that knows which games a file's game can be: our four, the
// group's other games (gs.own) and a new game of the group (newGame).
//
// A file game to add as a new game is taken, until the confirmation adds
// it, as a provisional game (id newGamePrefix and its id in the file, won
// as the file says) that the returned game set holds beside the group's;
// adds gives what each provisional game is to be added as.
func (s *Server) bgstatsGames(vctx context.Context, lg string, f bgstats.File, remembered map[string]string, form url.Values, gs gameSet) (map[int64]string, map[string]string, []views.BGStatsChoice, bool, map[string]OtherGameOf, gameSet) {
	gameOf, keep, adds := map[int64]string{}, map[string]string{}, map[string]OtherGameOf{}
	var choices []views.BGStatsChoice
	bad := false
	plays := map[int64]int{}
	for _, p := range f.Plays {
		plays[p.GameRefID]++
	}
	var have []store.GroupGame
	for _, g := range gs.own {
		if cg, ok := g.(custom.Game); ok {
			have = append(have, cg.Def)
		}
	}
	valid := func(choice string) bool {
		_, ok := gs.get(choice)
		return choice == "" || choice == newGame || ok
	}
	all := gameSet{s: s, own: slices.Clone(gs.own)}
	for _, g := range f.Games {
		if plays[g.ID] == 0 {
			continue // a game of the collection, never played
		}
		field := "game." + strconv.FormatInt(g.ID, 10)
		key := bgstats.GameKey(g)
		choice, ok := remembered[key]
		if !ok || !valid(choice) {
			choice = s.bgNames.GameID(g)
			if choice == "" {
				choice = newGame
				if found, ok := store.MatchGroupGame(have, g.Name, int(g.BGGID)); ok {
					choice = found.ID()
				}
			}
		}
		if form != nil {
			if v, posted := form[field]; posted {
				choice = v[0]
			}
		}
		if !valid(choice) {
			bad, choice = true, ""
		}
		ch := views.BGStatsChoice{Field: field, Name: views.T(vctx, "bgstats.import.gamename", "Game", cmp.Or(strings.TrimSpace(g.Name), "?"), "N", plays[g.ID]),
			Options: []views.BGStatsOption{{Value: "", Label: views.T(vctx, "bgstats.import.notours"), Selected: choice == ""}}}
		for _, og := range gs.all() {
			ch.Options = append(ch.Options, views.BGStatsOption{Value: og.ID(), Label: og.Name(lg), Selected: og.ID() == choice})
		}
		if _, ours := s.byID[s.bgNames.GameID(g)]; !ours || choice == newGame {
			ch.Options = append(ch.Options, views.BGStatsOption{Value: newGame, Label: views.T(vctx, "bgstats.import.newgame"), Selected: choice == newGame})
		}
		choices = append(choices, ch)
		keep[key] = choice
		if choice == newGame {
			want := OtherGameOf{Name: cmp.Or(strings.TrimSpace(g.Name), "?"), BGGID: int(g.BGGID), HighestWins: g.HighestWins, NoPoints: g.NoPoints, Cooperative: g.Cooperative}
			pg := custom.New(otherGameDef(0, want))
			pg.Game.Def.ID = newGamePrefix + strconv.FormatInt(g.ID, 10)
			all.own = append(all.own, pg)
			choice = pg.ID()
			adds[choice] = want
			delete(keep, key) // remembered once added, as the game it became
		}
		gameOf[g.ID] = choice
	}
	return gameOf, keep, choices, bad, adds, all
}

// newGame is the choice of a file game to add as a new game of the group;
// newGamePrefix starts the provisional game id it has until it is added.
const (
	newGame       = "new"
	newGamePrefix = "bgstats-new-"
)

// bgstatsPage is the confirmation of f (carried as data): each of its games
// taken as chosen and each seated BG Stats player mapped as chosen in form
// (nil: as remembered or proposed, players preselected by name), and the
// plan that follows. The summary and the import come from the same plan.
func (s *Server) bgstatsPage(c echo.Context, f bgstats.File, data string, form url.Values) (views.BGStatsImportPage, bgstatsPlan, error) {
	ctx, m, vctx, lg := c.Request().Context(), memberOf(c), s.viewCtx(c), lang(c)
	page := views.BGStatsImportPage{Group: m.nav(c), Action: pathTo(c, routeImportBGStatsConfirm, m.group.Slug), Data: data, GroupURL: pathTo(c, routeGroup, m.group.Slug)}
	var plan bgstatsPlan
	roster, err := s.store.Players(ctx, m.group.ID)
	if err != nil {
		return page, plan, err
	}
	created, plays, err := s.store.BGStatsPlays(ctx, m.group.ID)
	if err != nil {
		return page, plan, err
	}
	remembered, err := s.store.BGStatsGames(ctx, m.group.ID)
	if err != nil {
		return page, plan, err
	}
	gs, err := s.groupGames(ctx, m.group.ID)
	if err != nil {
		return page, plan, err
	}
	gameOf, keep, gameChoices, badGame, adds, gs := s.bgstatsGames(vctx, lg, f, remembered, form, gs)
	page.GameChoices, plan.games, plan.badGame = gameChoices, keep, badGame
	plan.gameOf, plan.adds = gameOf, map[string]OtherGameOf{}
	who, chosen := map[int64]string{}, map[string]int64{} // chosen: a name given to who → the group's player
	taken := map[string]bool{}
	for _, p := range roster {
		taken[bgstats.NameKey(p.Name)] = true
	}
	// Each file player's choice is found by id or name in maps, and the
	// group's roster is offered once when it is long (see selectRoster):
	// the page grows with the file's players plus the group's, not with
	// their product.
	byID, byName := map[string]int{}, map[string]int{}
	for i, p := range roster {
		byID[strconv.FormatInt(p.ID, 10)] = i
		if _, dup := byName[bgstats.NameKey(p.Name)]; !dup {
			byName[bgstats.NameKey(p.Name)] = i
		}
	}
	long := len(roster) > selectRoster
	if long {
		for _, p := range roster {
			page.Roster = append(page.Roster, p.Name)
		}
	}
	for _, bp := range bgstats.Seated(f, gameOf) {
		field := "player." + strconv.FormatInt(bp.ID, 10)
		pick := -1
		if v, posted := form[field]; posted {
			choice := strings.TrimSpace(v[0])
			i, isID := byID[choice]
			if !isID {
				i, isID = byName[bgstats.NameKey(choice)]
			}
			switch {
			case isID:
				pick = i
			case choice != "" && choice != "new":
				plan.badChoice = true
			}
		} else if i, ok := byName[bgstats.NameKey(bp.Name)]; ok {
			pick = i
		}
		ch := views.BGStatsChoice{Field: field, Name: bp.Name}
		if long {
			if pick >= 0 {
				ch.Value = roster[pick].Name
			}
		} else {
			ch.Options = []views.BGStatsOption{{Value: "new", Label: views.T(vctx, "bgstats.import.newplayer"), Selected: pick < 0}}
			for i, p := range roster {
				ch.Options = append(ch.Options, views.BGStatsOption{Value: strconv.FormatInt(p.ID, 10), Label: p.Name, Selected: i == pick})
			}
		}
		page.Players = append(page.Players, ch)
		if pick >= 0 {
			who[bp.ID] = roster[pick].Name
			chosen[bgstats.NameKey(roster[pick].Name)] = roster[pick].ID
			continue
		}
		who[bp.ID] = newName(bp.Name, taken)
	}
	players, matches, rep := bgstats.Import(f, gameOf, who, s.zone, func(game string) bool {
		g, ok := gs.get(game)
		return ok && g.LowWins()
	})
	for i := range matches {
		if _, ours := s.byID[matches[i].Game]; !ours {
			placePoints(&matches[i])
		}
	}
	known := bgstats.Known(created, plays)
	counts := map[string]int{}
	seated := map[int64]bool{}
	for i, mt := range matches {
		if known[mt.BGStatsPlay] {
			page.Already++
			continue
		}
		if why, err := s.checkMatchIn(gs, i+1, mt, lg); err != nil {
			rep.Refused = append(rep.Refused, bgstats.Refusal{Play: rep.PlayOf[i], Game: fileGame(f, f.Plays[rep.PlayOf[i]-1].GameRefID),
				Date: f.Plays[rep.PlayOf[i]-1].PlayDate, Why: errors.New(cmp.Or(why, err.Error()))})
			continue
		}
		known[mt.BGStatsPlay] = true // a file holding a play twice imports it once
		g, _ := gs.get(mt.Game)
		counts[g.Name(lg)]++
		if want, ok := adds[mt.Game]; ok {
			plan.adds[mt.Game] = want
		}
		for _, st := range mt.Seats {
			seated[st.Player] = true
		}
		plan.in.Matches = append(plan.in.Matches, mt)
	}
	plan.in.Existing = map[int64]int64{}
	for _, p := range players {
		if !seated[p.ID] {
			continue // only in plays left out
		}
		plan.in.Players = append(plan.in.Players, p)
		if id, ok := chosen[bgstats.NameKey(p.Name)]; ok {
			plan.in.Existing[p.ID] = id
		}
	}
	plan.uuids = map[string]string{}
	for _, g := range f.Games {
		if key := bgstats.GameKey(g); g.UUID != "" && plan.games[key] != "" && len(g.UUID) <= store.MaxUUIDLen {
			plan.uuids[key] = g.UUID
		}
	}
	if f.UserInfo != nil { // the file's own player, by his uuid
		for _, p := range f.Players {
			if p.ID == f.UserInfo.MeRefID && len(p.UUID) <= store.MaxUUIDLen {
				plan.in.Me = p.UUID
			}
		}
	}
	page.Games = sortedCounts(counts)
	page.Skipped = sortedCounts(rep.Skipped)
	page.Ignored = rep.Ignored
	slices.SortFunc(rep.Refused, func(a, b bgstats.Refusal) int { return cmp.Compare(a.Play, b.Play) })
	for _, r := range rep.Refused {
		page.Refused = append(page.Refused, views.T(vctx, "bgstats.import.refusedplay", "N", r.Play, "Game", r.Game, "Date", r.Date, "Why", whyText(vctx, r.Why)))
	}
	return page, plan, nil
}

// placePoints gives a play of a group's other game that BG Stats has no
// scores of (a winner or ranks only) the points its places give
// (custom.PlacePoints), as such a match written here is stored: its totals
// rank as BG Stats ranked the play, and its places stay BG Stats's.
func placePoints(mt *store.ExportMatch) {
	if !mt.NoScores || len(mt.Places) != len(mt.Seats) || len(mt.Rounds) != 1 {
		return
	}
	points := sc.PlacePoints(mt.Places)
	for i := range mt.Seats {
		mt.Seats[i].Total = points[i]
	}
	mt.Rounds[0].Points = points
	for i := range mt.Rounds[0].Revisions {
		mt.Rounds[0].Revisions[i].Points = points
	}
}

// selectRoster is the longest roster offered in each file player's own
// select; a longer one is offered once, as a list to pick names from.
const selectRoster = 40

// fileGame is the name f gives its game ref.
func fileGame(f bgstats.File, ref int64) string {
	for _, g := range f.Games {
		if g.ID == ref {
			return g.Name
		}
	}
	return "?"
}

// whyText is why a play cannot come in, in the reader's language.
func whyText(vctx context.Context, err error) string {
	var r *bgstats.Reason
	if errors.As(err, &r) {
		return views.T(vctx, "bgstats.why."+r.Key, r.Args...)
	}
	return err.Error()
}

// newName is the name a BG Stats player added to the group gets: its own,
// or, when the group already has a player of that name (one the importer
// chose not to map to), that name marked as from BG Stats, so that the
// two stay apart.
func newName(name string, taken map[string]bool) string {
	name = strings.TrimSpace(name)
	out := name
	for n := 1; taken[bgstats.NameKey(out)]; n++ {
		out = fmt.Sprintf("%s (BG Stats)", name)
		if n > 1 {
			out = fmt.Sprintf("%s (BG Stats %d)", name, n)
		}
	}
	taken[bgstats.NameKey(out)] = true
	return out
}

func sortedCounts(m map[string]int) []views.BGStatsCount {
	var out []views.BGStatsCount
	for name, n := range m {
		out = append(out, views.BGStatsCount{Name: name, N: n})
	}
	slices.SortFunc(out, func(a, b views.BGStatsCount) int { return cmp.Or(b.N-a.N, strings.Compare(a.Name, b.Name)) })
	return out
}

// carry is f as the confirmation form carries it: JSON, gzipped, base64.
func carry(f bgstats.File) (string, error) {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if err := json.NewEncoder(z).Encode(f); err != nil {
		return "", err
	}
	if err := z.Close(); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b.Bytes()), nil
}

// uncarry reads what carry wrote (a file like any uploaded one: it came
// from the browser).
func uncarry(data string, max int64) (bgstats.File, error) {
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return bgstats.File{}, fmt.Errorf("%w: %v", bgstats.ErrNotBGStats, err)
	}
	return bgstats.ReadMax(bytes.NewReader(b), max)
}

// tooManyPlays refuses a file of more than bgstats.MaxPlays plays (413):
// the export page again, saying so.
func (s *Server) tooManyPlays(c echo.Context) error {
	page := s.exportModel(c)
	page.BGStatsError = views.T(s.viewCtx(c), "limit.plays", "N", bgstats.MaxPlays)
	return s.render(c, http.StatusRequestEntityTooLarge, views.ExportView(page))
}

// tooInflated refuses a file that grows past Limits.Inflated once
// decompressed (413): the export page again, saying so.
func (s *Server) tooInflated(c echo.Context) error {
	page := s.exportModel(c)
	page.BGStatsError = views.T(s.viewCtx(c), "limit.inflated", "N", s.limits.Inflated>>20)
	return s.render(c, http.StatusRequestEntityTooLarge, views.ExportView(page))
}

// isBGStats reports whether the uploaded file f is a BG Stats file (read
// again from its start).
func isBGStats(f io.ReadSeeker) bool {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return false
	}
	return bgstats.Sniff(f)
}
