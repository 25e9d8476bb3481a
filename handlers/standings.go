package handlers

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/scoring/standings"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// hasPoints tells whether a game's totals are points worth averaging and
// its rounds worth a record; a game whose totals count rounds won says so.
func (s *Server) hasPoints(game string) bool {
	rw, ok := s.byID[game].(interface{ CountsRoundWins() bool })
	return !ok || !rw.CountsRoundWins()
}

// playedMatches is the group's stored history as the standings read it:
// places from the totals on each game's side, every time it is asked, so a
// corrected round or a deleted match changes the standings at once.
//
// withRounds also reads each round's points, which only the records need.
func (s *Server) playedMatches(ctx context.Context, groupID int64, withRounds bool) ([]standings.Match, error) {
	pm, err := s.store.PlayedMatches(ctx, groupID, withRounds)
	if err != nil {
		return nil, err
	}
	out := make([]standings.Match, 0, len(pm))
	totals := make([]int, 0, 8)
	for _, m := range pm {
		lowWins := false
		if g, ok := s.byID[m.Game]; ok {
			lowWins = g.LowWins()
		}
		totals = totals[:0]
		for _, st := range m.Seats {
			totals = append(totals, st.Total)
		}
		places := scoring.Places(totals, lowWins)
		points := s.hasPoints(m.Game)
		res := make([]standings.Result, len(m.Seats))
		for i, st := range m.Seats {
			res[i] = standings.Result{Player: st.PlayerID, Total: st.Total, Place: places[i]}
			if points {
				res[i].Rounds = st.Rounds
			}
		}
		out = append(out, standings.Match{ID: m.ID, Game: m.Game, PlayedAt: m.FinishedAt, LowWins: lowWins, HasPoints: points, Results: res})
	}
	return out, nil
}

// seasonChoice is the period a page shows.
type seasonChoice struct {
	key        string // the season query value: "all", "year" or a season id
	label      string
	from, to   time.Time // filter bounds: to is the day after the last
	first, end time.Time // the days shown, both included; zero for all time
}

// seasonChoices lists what can be shown (defined seasons, the current
// calendar year unless a season already is exactly that, all time) and
// picks the one asked for in ?season=, by default the season that holds
// today, else the current calendar year.
func (s *Server) seasonChoices(vctx context.Context, seasons []store.Season, asked string) ([]seasonChoice, seasonChoice) {
	now := s.local(s.store.Now()) // today is the pages' time zone's today
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	var out []seasonChoice
	yearFirst := time.Date(now.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	yearEnd := time.Date(now.Year(), 12, 31, 0, 0, 0, 0, time.UTC)
	yearDefined := false
	def := ""
	for _, se := range seasons {
		out = append(out, seasonChoice{key: strconv.FormatInt(se.ID, 10), label: se.Name,
			from: s.startOf(se.From), to: s.startOf(se.To.AddDate(0, 0, 1)), first: se.From, end: se.To})
		if se.From.Equal(yearFirst) && se.To.Equal(yearEnd) {
			yearDefined = true
		}
		if def == "" && !today.Before(se.From) && !today.After(se.To) {
			def = strconv.FormatInt(se.ID, 10)
		}
	}
	if !yearDefined {
		out = append([]seasonChoice{{key: "year", label: strconv.Itoa(now.Year()), from: s.startOf(yearFirst),
			to: s.startOf(yearEnd.AddDate(0, 0, 1)), first: yearFirst, end: yearEnd}}, out...)
	}
	out = append(out, seasonChoice{key: "all", label: views.T(vctx, "standings.alltime")})
	if def == "" {
		def = "year"
		if yearDefined {
			def = out[0].key
		}
	}
	if asked == "" {
		asked = def
	}
	for _, ch := range out {
		if ch.key == asked {
			return out, ch
		}
	}
	for _, ch := range out {
		if ch.key == def {
			return out, ch
		}
	}
	return out, out[0]
}

func (ch seasonChoice) filter(game string) standings.Filter {
	return standings.Filter{Game: game, From: ch.from, To: ch.to}
}

// withQuery returns path with the given query values (empty ones left out).
func withQuery(path string, kv ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			q.Set(kv[i], kv[i+1])
		}
	}
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}

func seasonLinks(choices []seasonChoice, cur seasonChoice, link func(key string) string) []views.Link {
	out := make([]views.Link, 0, len(choices))
	for _, ch := range choices {
		out = append(out, views.Link{Label: ch.label, URL: link(ch.key), Current: ch.key == cur.key})
	}
	return out
}

func (s *Server) gameName(game, lang string) string {
	if g, ok := s.byID[game]; ok {
		return g.Name(lang)
	}
	return game
}

func playerNames(players []store.Player) map[int64]string {
	out := make(map[int64]string, len(players))
	for _, p := range players {
		out[p.ID] = p.Name
	}
	return out
}

func (s *Server) standingsPage(c echo.Context) error {
	return s.cachedPage(c, func() ([]byte, error) {
		m := memberOf(c)
		page, err := s.standingsModel(c, m.group, m.nav(), "/g/"+m.group.Slug, false)
		if err != nil {
			return nil, err
		}
		return s.renderBytes(c, views.StandingsView(page))
	})
}

// publicStandings is the read-only standings behind the admin's public
// link: the table and the chart, no names linked, nothing to change.
func (s *Server) publicStandings(c echo.Context) error {
	g, err := s.store.GroupByPublicToken(c.Request().Context(), c.Param("group"), c.Param("token"))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer") // the token is in the URL
	c.Response().Header().Set("X-Robots-Tag", "noindex")
	page, err := s.standingsModel(c, g, views.GroupNav{Slug: g.Slug, Name: g.Name}, "/s/"+g.Slug+"/"+c.Param("token"), true)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, views.StandingsView(page))
}

// standingsModel builds the standings page of group for ?season= and ?game=.
func (s *Server) standingsModel(c echo.Context, group store.Group, nav views.GroupNav, base string, public bool) (views.StandingsPage, error) {
	ctx, vctx, lg := c.Request().Context(), s.viewCtx(c), lang(c)
	matches, err := s.playedMatches(ctx, group.ID, false)
	if err != nil {
		return views.StandingsPage{}, err
	}
	players, err := s.store.Players(ctx, group.ID)
	if err != nil {
		return views.StandingsPage{}, err
	}
	seasons, err := s.store.Seasons(ctx, group.ID)
	if err != nil {
		return views.StandingsPage{}, err
	}
	names := playerNames(players)
	choices, cur := s.seasonChoices(vctx, seasons, c.QueryParam("season"))
	game := c.QueryParam("game")
	if _, ok := s.byID[game]; !ok {
		game = ""
	}
	path := base + "/standings"
	if public {
		path = base
	}
	page := views.StandingsPage{Group: nav, Public: public, Base: base, MinMatches: standings.DefaultOptions().MinMatches,
		Seasons: seasonLinks(choices, cur, func(k string) string { return withQuery(path, "season", k, "game", game) })}
	played := map[string]bool{}
	for _, m := range matches {
		played[m.Game] = true
	}
	page.Games = append(page.Games, views.Link{Label: views.T(vctx, "standings.allgames"), URL: withQuery(path, "season", cur.key), Current: game == ""})
	for _, g := range s.games {
		if played[g.ID()] || g.ID() == game {
			page.Games = append(page.Games, views.Link{Label: g.Name(lg), URL: withQuery(path, "season", cur.key, "game", g.ID()), Current: game == g.ID()})
		}
	}
	page.Title = cur.label
	if game != "" {
		page.Title += " · " + s.gameName(game, lg)
	} else {
		page.Title += " · " + views.T(vctx, "standings.allgames")
	}
	if !cur.first.IsZero() {
		page.Range = views.T(vctx, "standings.range", "From", dayText(lg, cur.first), "To", dayText(lg, cur.end))
	}
	f := cur.filter(game)
	for _, m := range matches {
		if f.Includes(m) {
			page.Matches++
		}
	}
	opts := s.standingsOptions()
	tb, err := standings.Standings(matches, f, opts)
	if err != nil {
		return page, err
	}
	page.Points = tb.Points
	row := func(r standings.Row, rank int) views.StandingRow {
		out := views.StandingRow{Rank: rank, Name: names[r.Player], Played: r.Played, Wins: r.Wins,
			WinRate: pctText(lg, r.WinRate), AvgPlace: decText(lg, r.AvgPlace, 2), Rating: decText(lg, r.Ordinal, 1)}
		if tb.Points {
			out.PerMatch = decText(lg, r.PointsPerMatch, 1)
		}
		out.Change, out.ChangeSign = changeText(lg, r.Change)
		if !public {
			out.URL = withQuery(fmt.Sprintf("%s/players/%d", base, r.Player), "season", cur.key)
		}
		return out
	}
	for i, r := range tb.Ranked {
		page.Ranked = append(page.Ranked, row(r, i+1))
	}
	for _, r := range tb.Provisional {
		page.Provisional = append(page.Provisional, row(r, 0))
	}
	if page.Matches > 0 {
		series, err := standings.History(matches, f, opts)
		if err != nil {
			return page, err
		}
		ranked := map[int64]bool{}
		for _, r := range tb.Ranked {
			ranked[r.Player] = true
		}
		// The chart follows the ranked players; until someone is ranked, everyone.
		keep := func(p int64) bool { return len(ranked) == 0 || ranked[p] }
		page.Chart = ratingChart(vctx, lg, "rating", views.T(vctx, "standings.chart.desc", "Season", page.Title), series, names, keep)
	}
	if !public {
		page.SeasonForm = views.SeasonForm{Errors: views.FieldErrors{}}
		for _, se := range seasons {
			page.SeasonList = append(page.SeasonList, views.SeasonItem{ID: se.ID,
				Label:     se.Name + " · " + dayText(lg, se.From) + " – " + dayText(lg, se.To),
				DeleteURL: fmt.Sprintf("%s/seasons/%d/delete", base, se.ID)})
		}
	}
	return page, nil
}

// ratingChart draws the ratings after each game night of the players keep
// selects, in the order of the ranking is not needed: series come by id.
func ratingChart(vctx context.Context, lg, id, title string, series []standings.Series, names map[int64]string, keep func(int64) bool) *views.ChartView {
	var nights []time.Time
	var kept []standings.Series
	for _, sr := range series {
		if !keep(sr.Player) || len(sr.Points) == 0 {
			continue
		}
		kept = append(kept, sr)
		for _, p := range sr.Points {
			nights = append(nights, p.Night)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	slices.SortFunc(nights, func(a, b time.Time) int { return a.Compare(b) })
	nights = slices.CompactFunc(nights, func(a, b time.Time) bool { return a.Equal(b) })
	at := make(map[time.Time]int, len(nights))
	lc := views.LineChart{Title: title, DecimalComma: lg == "fr"}
	for i, n := range nights {
		at[n] = i
		lc.XLabels = append(lc.XLabels, shortDay(lg, n))
	}
	cv := &views.ChartView{ID: id, Title: title, Head: []string{views.T(vctx, "standings.chart.nights"),
		views.T(vctx, "standings.chart.first"), views.T(vctx, "standings.chart.best"), views.T(vctx, "standings.chart.last")}}
	for i, sr := range kept {
		vals := make([]float64, len(nights))
		for k := range vals {
			vals[k] = math.NaN()
		}
		best := math.Inf(-1)
		for _, p := range sr.Points {
			vals[at[p.Night]] = p.Ordinal
			best = math.Max(best, p.Ordinal)
		}
		name := names[sr.Player]
		lc.Series = append(lc.Series, views.ChartSeries{Label: name, Values: vals})
		cv.Legend = append(cv.Legend, views.Link{Label: name, URL: views.SeriesClass(i)})
		cv.Rows = append(cv.Rows, views.ChartRow{Label: name, Cells: []string{intText(len(sr.Points)),
			decText(lg, sr.Points[0].Ordinal, 1), decText(lg, best, 1), decText(lg, sr.Points[len(sr.Points)-1].Ordinal, 1)}})
	}
	cv.SVG = views.ChartSVG(lc)
	return cv
}

// runningTotals draws a match's totals after each live round, one line per seat.
func runningTotals(vctx context.Context, names []string, live [][]int) *views.ChartView {
	if len(live) == 0 || len(names) == 0 {
		return nil
	}
	title := views.T(vctx, "standings.sheet.chart.desc", "Rounds", len(live))
	lc := views.LineChart{Title: title, XLabels: []string{"0"}, DecimalComma: views.Lang(vctx) == "fr"}
	cv := &views.ChartView{ID: "totals", Title: title}
	for r := range live {
		lc.XLabels = append(lc.XLabels, intText(r+1))
		cv.Head = append(cv.Head, intText(r+1))
	}
	for seat, name := range names {
		vals := []float64{0}
		row := views.ChartRow{Label: name}
		sum := 0
		for _, pts := range live {
			if seat < len(pts) {
				sum += pts[seat]
			}
			vals = append(vals, float64(sum))
			row.Cells = append(row.Cells, intText(sum))
		}
		lc.Series = append(lc.Series, views.ChartSeries{Label: name, Values: vals})
		cv.Legend = append(cv.Legend, views.Link{Label: name, URL: views.SeriesClass(seat)})
		cv.Rows = append(cv.Rows, row)
	}
	cv.SVG = views.ChartSVG(lc)
	return cv
}

func (s *Server) playerPage(c echo.Context) error {
	m := memberOf(c)
	ctx, vctx, lg := c.Request().Context(), s.viewCtx(c), lang(c)
	id, err := strconv.ParseInt(c.Param("player"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	player, err := s.store.Player(ctx, m.group.ID, id)
	if err != nil {
		return err
	}
	matches, err := s.playedMatches(ctx, m.group.ID, true)
	if err != nil {
		return err
	}
	players, err := s.store.Players(ctx, m.group.ID)
	if err != nil {
		return err
	}
	seasons, err := s.store.Seasons(ctx, m.group.ID)
	if err != nil {
		return err
	}
	names := playerNames(players)
	base := "/g/" + m.group.Slug
	choices, cur := s.seasonChoices(vctx, seasons, c.QueryParam("season"))
	self := fmt.Sprintf("%s/players/%d", base, id)
	page := views.PlayerPage{Group: m.nav(), Name: player.Name, Title: cur.label,
		Seasons: seasonLinks(choices, cur, func(k string) string { return withQuery(self, "season", k) }),
		BackURL: withQuery(base+"/standings", "season", cur.key)}
	f := cur.filter("")
	opts := s.standingsOptions()
	prof, err := standings.PlayerProfile(matches, f, id, opts)
	if err != nil {
		return err
	}
	matchURL := func(mid int64) string { return fmt.Sprintf("%s/matches/%d", base, mid) }
	playerURL := func(pid int64) string { return withQuery(fmt.Sprintf("%s/players/%d", base, pid), "season", cur.key) }
	page.Played, page.Wins = prof.Played, prof.Wins
	if prof.Played > 0 {
		page.WinRate = pctText(lg, float64(prof.Wins)/float64(prof.Played))
	}
	page.LongestStreak, page.CurrentStreak = prof.LongestStreak.Length, prof.CurrentStreak
	for _, a := range prof.Form {
		page.Form = append(page.Form, views.FormItem{Game: s.gameName(a.Game, lg), Date: dayText(lg, s.local(a.PlayedAt)),
			Place: views.T(vctx, "standings.form.place", "Place", a.Place, "Players", a.Players), Win: a.Win, URL: matchURL(a.MatchID)})
	}
	for _, e := range prof.Extremes {
		page.Games = append(page.Games, views.PlayerGame{Game: s.gameName(e.Game, lg),
			Best: intText(e.Best.Total), BestURL: matchURL(e.Best.MatchID), BestDate: dayText(lg, s.local(e.Best.PlayedAt)),
			Worst: intText(e.Worst.Total), WorstURL: matchURL(e.Worst.MatchID), WorstDate: dayText(lg, s.local(e.Worst.PlayedAt))})
	}
	for _, v := range prof.Rivals {
		page.Rivals = append(page.Rivals, views.RivalRow{Name: names[v.Opponent], URL: playerURL(v.Opponent),
			Together: v.Together, Ahead: v.Ahead, Behind: v.Behind, Level: v.Level})
	}
	if t := prof.ToughestRival; t != nil {
		page.Toughest = &views.RivalRow{Name: names[t.Opponent], URL: playerURL(t.Opponent), Together: t.Together, Ahead: t.Ahead, Behind: t.Behind, Level: t.Level}
	}
	recs, err := standings.GroupRecords(matches, f)
	if err != nil {
		return err
	}
	for _, item := range s.recordItems(vctx, lg, recs, names, matchURL, playerURL) {
		if item.holder == id {
			page.Records = append(page.Records, item.Label+" "+item.Value+" ("+item.When+")")
		}
	}
	if prof.Played > 0 {
		series, err := standings.History(matches, f, opts)
		if err != nil {
			return err
		}
		page.Chart = ratingChart(vctx, lg, "player", views.T(vctx, "standings.chart.player", "Name", player.Name, "Season", cur.label),
			series, names, func(p int64) bool { return p == id })
	}
	return s.render(c, http.StatusOK, views.PlayerView(page))
}

// heldRecord is a record with who holds it.
type heldRecord struct {
	views.RecordItem
	game   string
	holder int64
}

// recordItems describes the records: per game the best and worst totals and
// rounds (on the game's side), then the longest winning streak.
func (s *Server) recordItems(vctx context.Context, lg string, recs standings.Records, names map[int64]string,
	matchURL func(int64) string, playerURL func(int64) string) []heldRecord {
	var out []heldRecord
	add := func(game, label string, f standings.Feat) {
		out = append(out, heldRecord{game: game, holder: f.Player, RecordItem: views.RecordItem{Label: label, Value: intText(f.Value),
			Who: names[f.Player], WhoURL: playerURL(f.Player), When: dayText(lg, s.local(f.PlayedAt)), MatchURL: matchURL(f.MatchID)}})
	}
	for _, g := range recs.Games {
		name := s.gameName(g.Game, lg)
		side := "high"
		if g.LowWins {
			side = "low"
		}
		if !s.hasPoints(g.Game) {
			side = "wins"
		}
		add(g.Game, views.T(vctx, "standings.rec.best."+side, "Game", name), g.BestTotal)
		add(g.Game, views.T(vctx, "standings.rec.worst."+side, "Game", name), g.WorstTotal)
		if g.BestRound != nil {
			add(g.Game, views.T(vctx, "standings.rec.bestround."+side, "Game", name), *g.BestRound)
			add(g.Game, views.T(vctx, "standings.rec.worstround."+side, "Game", name), *g.WorstRound)
		}
	}
	if st := recs.LongestStreak; st != nil {
		add("", views.T(vctx, "standings.rec.streak"), *st)
	}
	return out
}

func (s *Server) recordsPage(c echo.Context) error {
	m := memberOf(c)
	ctx, vctx, lg := c.Request().Context(), s.viewCtx(c), lang(c)
	matches, err := s.playedMatches(ctx, m.group.ID, true)
	if err != nil {
		return err
	}
	players, err := s.store.Players(ctx, m.group.ID)
	if err != nil {
		return err
	}
	seasons, err := s.store.Seasons(ctx, m.group.ID)
	if err != nil {
		return err
	}
	base := "/g/" + m.group.Slug
	choices, cur := s.seasonChoices(vctx, seasons, c.QueryParam("season"))
	page := views.RecordsPage{Group: m.nav(), Title: cur.label,
		Seasons: seasonLinks(choices, cur, func(k string) string { return withQuery(base+"/records", "season", k) })}
	recs, err := standings.GroupRecords(matches, cur.filter(""))
	if err != nil {
		return err
	}
	items := s.recordItems(vctx, lg, recs, playerNames(players),
		func(mid int64) string { return fmt.Sprintf("%s/matches/%d", base, mid) },
		func(pid int64) string { return withQuery(fmt.Sprintf("%s/players/%d", base, pid), "season", cur.key) })
	for _, it := range items {
		if it.game == "" {
			st := it.RecordItem
			page.Streak = &st
			continue
		}
		if n := len(page.Games); n == 0 || page.Games[n-1].Game != s.gameName(it.game, lg) {
			page.Games = append(page.Games, views.RecordGame{Game: s.gameName(it.game, lg)})
		}
		g := &page.Games[len(page.Games)-1]
		// Under the game's heading, the label need not repeat the game.
		it.Label = capitalize(strings.TrimLeft(strings.TrimPrefix(it.Label, g.Game), ": \u00a0"))
		g.Items = append(g.Items, it.RecordItem)
	}
	return s.render(c, http.StatusOK, views.RecordsView(page))
}

func (s *Server) addSeason(c echo.Context) error {
	m := memberOf(c)
	vctx := s.viewCtx(c)
	form := views.SeasonForm{Name: strings.TrimSpace(c.FormValue("name")), From: c.FormValue("from"), To: c.FormValue("to"),
		Errors: views.FieldErrors{}, Open: true}
	if k := checkName(form.Name); k != "" {
		form.Errors["name"] = views.T(vctx, k)
	}
	from, errFrom := store.ParseDate(form.From)
	to, errTo := store.ParseDate(form.To)
	switch {
	case errFrom != nil:
		form.Errors["from"] = views.T(vctx, "standings.season.baddate")
	case errTo != nil:
		form.Errors["to"] = views.T(vctx, "standings.season.baddate")
	case to.Before(from):
		form.Errors["to"] = views.T(vctx, "standings.season.backwards")
	}
	if len(form.Errors) > 0 {
		page, err := s.standingsModel(c, m.group, m.nav(), "/g/"+m.group.Slug, false)
		if err != nil {
			return err
		}
		page.SeasonForm = form
		return s.render(c, http.StatusUnprocessableEntity, views.StandingsView(page))
	}
	se, err := s.store.AddSeason(c.Request().Context(), m.group.ID, form.Name, from, to)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, withQuery("/g/"+m.group.Slug+"/standings", "season", strconv.FormatInt(se.ID, 10)))
}

func (s *Server) deleteSeason(c echo.Context) error {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("season"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err := s.store.DeleteSeason(c.Request().Context(), m.group.ID, id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/g/"+m.group.Slug+"/standings")
}

// deleteMatch marks a match deleted (admin only): it leaves the lists and
// the standings, and stays in the database and the export.
func (s *Server) deleteMatch(c echo.Context) error {
	m := memberOf(c)
	id, err := strconv.ParseInt(c.Param("match"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err := s.store.DeleteMatch(c.Request().Context(), m.group.ID, id); err != nil {
		return err
	}
	s.live.publish(id, "deleted") // phones watching it learn it is gone
	return c.Redirect(http.StatusSeeOther, "/g/"+m.group.Slug)
}

// sheetExtras is the running-totals chart under a scoresheet, and the
// admin's delete button.
func (s *Server) sheetExtras(c echo.Context, names []string, live [][]int, matchURL string) templ.Component {
	del := ""
	if memberOf(c).who.IsAdmin {
		del = matchURL + "/delete"
	}
	return views.SheetExtras(runningTotals(s.viewCtx(c), names, live), del)
}

func capitalize(v string) string {
	r, n := utf8.DecodeRuneInString(v)
	return string(unicode.ToUpper(r)) + v[n:]
}

// Number formats: French writes a decimal comma; negative numbers get a
// true minus sign, as itoa does.
func decText(lg string, v float64, prec int) string {
	out := strconv.FormatFloat(math.Abs(v), 'f', prec, 64)
	if lg == "fr" {
		out = strings.Replace(out, ".", ",", 1)
	}
	if v < 0 && strings.Trim(out, "0.,") != "" {
		out = "−" + out
	}
	return out
}

func pctText(lg string, v float64) string {
	n := int(math.Round(v * 100))
	if lg == "fr" {
		return strconv.Itoa(n) + "\u202f%"
	}
	return strconv.Itoa(n) + "%"
}

// signed writes a rating change with its sign, "" when it rounds to zero.
func changeText(lg string, v float64) (string, int) {
	out := decText(lg, v, 1)
	switch {
	case strings.Trim(out, "0.,−") == "":
		return "", 0
	case v > 0:
		return "+" + out, 1
	}
	return out, -1
}

func intText(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

var frMonths = [...]string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."}

// dayText writes a date the way people read it: 2 Jan 2026, 2 janv. 2026.
func dayText(lg string, t time.Time) string {
	if lg == "fr" {
		return fmt.Sprintf("%d %s %d", t.Day(), frMonths[t.Month()-1], t.Year())
	}
	return t.Format("2 Jan 2006")
}

// shortDay is a chart label: 2 Jan, 2 janv.
func shortDay(lg string, t time.Time) string {
	if lg == "fr" {
		return fmt.Sprintf("%d %s", t.Day(), frMonths[t.Month()-1])
	}
	return t.Format("2 Jan")
}
