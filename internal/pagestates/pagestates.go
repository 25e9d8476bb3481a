// Package pagestates seeds a group through the app's own forms and lists
// the page states a user can meet (every page, each game's scoresheet empty,
// in progress, finished, with an error or a conflict, the referee verdicts,
// French and English, not found), for the page audits: the browser tests
// (axe-core, the Nu HTML checker, tap targets) and cmd/audit (Lighthouse).
// It talks to the app as an http.Handler only, so it imports no app package.
package pagestates

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
)

// Page is one page state: the request that draws it and who asks.
type Page struct {
	Name    string
	Method  string // GET, or POST for a state only a form post draws
	Path    string
	Form    url.Values
	File    []byte // a multipart upload's file, when the form carries one
	Cookies []*http.Cookie
	Status  int  // the status the state answers with
	Public  bool // a public page (home, referee, not found): no noindex; the others say noindex
}

// ReplayPrefix is where Replay serves the states drawn by a form post or
// answered with an error status, so that a browser or Lighthouse can open
// them by address.
const ReplayPrefix = "/_audit/"

// URL is the address a browser opens for the state (its cookies set first):
// its own for a page answered 200, the replay's for the others.
func (p Page) URL(i int) string {
	if p.Method == http.MethodGet && p.Status == http.StatusOK {
		return p.Path
	}
	return ReplayPrefix + strconv.Itoa(i)
}

// Replay wraps the app: GET ReplayPrefix+i answers page i's request as the
// app answers it (with the cookies the browser sends); anything else is the
// app. With statusOK the answer's status is 200 whatever the app said
// (Lighthouse audits no page answered with an error status; the page is the same).
func Replay(h http.Handler, pages []Page, statusOK bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest, ok := strings.CutPrefix(r.URL.Path, ReplayPrefix)
		i, err := strconv.Atoi(rest)
		if !ok || err != nil || i < 0 || i >= len(pages) || r.Method != http.MethodGet {
			h.ServeHTTP(w, r)
			return
		}
		p := pages[i]
		req := newRequest(p.Method, p.Path, p.Form, p.File)
		req.Header.Set("Origin", "http://"+r.Host) // a same-site form post
		req.Host = r.Host
		for k, v := range r.Header {
			if k == "Cookie" || k == "Accept-Language" || k == "Accept-Encoding" || k == "User-Agent" {
				req.Header[k] = v
			}
		}
		if statusOK {
			w = okWriter{w}
		}
		h.ServeHTTP(w, req.WithContext(r.Context()))
	})
}

type okWriter struct{ http.ResponseWriter }

func (w okWriter) WriteHeader(int) { w.ResponseWriter.WriteHeader(http.StatusOK) }

func (w okWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Body answers the state in process, as its phone would get it (the Nu
// checker reads the HTML the server sends, not the browser's DOM).
func Body(h http.Handler, p Page) (int, string) {
	req := newRequest(p.Method, p.Path, p.Form, p.File)
	for _, ck := range p.Cookies {
		req.AddCookie(ck)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Code, rec.Body.String()
}

// Seed fills a new app with a group (five players, a second member, a match
// of each game in each state, a season, a public link) and returns the
// states. It stops with an error when the app answers a step unexpectedly.
func Seed(h http.Handler) (pages []Page, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	s := &seeder{h: h, admin: newClient(h)}
	s.group()
	s.fiveCrowns()
	s.take5()
	s.taki()
	s.takeFive()
	s.standings()
	s.public()
	s.referee()
	return s.pages, nil
}

type seeder struct {
	h      http.Handler
	admin  *client
	slug   string
	g      string // "/g/<slug>"
	ids    map[string]string
	invite string
	claim  string
	pages  []Page
}

// add lists a state as seen by c (nil: a stranger), in French when fr.
func (s *seeder) add(c *client, fr bool, name, method, path string, form url.Values, status int) {
	p := Page{Name: name, Method: method, Path: path, Form: form, Status: status}
	if c != nil {
		p.Cookies = c.cookies()
	}
	if fr {
		p.Name += " (fr)"
		p.Cookies = append(p.Cookies, &http.Cookie{Name: "lang", Value: "fr", Path: "/"})
	}
	s.pages = append(s.pages, p)
}

func (s *seeder) get(name, path string) { s.add(s.admin, false, name, http.MethodGet, path, nil, 200) }

func (s *seeder) post(name, path string, form url.Values, status int) {
	s.add(s.admin, false, name, http.MethodPost, path, form, status)
}

var players = []string{"Ana", "Benoît", "Chloé", "Dominique", "Éloïse"}

func (s *seeder) group() {
	s.pages = append(s.pages, Page{Name: "home", Method: http.MethodGet, Path: "/", Status: 200, Public: true})
	s.add(nil, true, "home", http.MethodGet, "/", nil, 200)
	s.pages[1].Public = true
	s.add(nil, false, "home, group name missing", http.MethodPost, "/groups", url.Values{"name": {""}, "display": {"Ana"}}, 422)
	s.pages[2].Public = true
	s.add(nil, false, "not found", http.MethodGet, "/no/such/page", nil, 404)
	s.pages[3].Public = true

	loc := s.admin.postTo("/groups", url.Values{"name": {"Jeudi soir"}, "display": {"Ana"}})
	s.g = loc
	s.slug = strings.TrimPrefix(loc, "/g/")
	first := s.admin.get(s.g).body
	s.invite = strings.TrimPrefix(find(first, `data-testid="invite-url">([^<]+)<`, "invite link"), "http://tk.test")
	s.claim = strings.TrimPrefix(find(first, `data-testid="admin-url">([^<]+)<`, "admin link"), "http://tk.test")
	for _, n := range players[1:] {
		s.admin.postTo(s.g+"/players", url.Values{"name": {n}})
	}
	s.ids = map[string]string{}
	roster := s.admin.get(s.g + "/players").body
	for _, n := range players {
		s.ids[n] = find(roster, `(?s)data-player="`+n+`">.*?/players/(\d+)"`, "player "+n)
	}
	s.add(nil, false, "join", http.MethodGet, s.invite, nil, 200)
	s.add(nil, false, "join, nothing picked", http.MethodPost, s.invite, url.Values{}, 422)
	s.add(nil, false, "admin link", http.MethodGet, s.claim, nil, 200)
	ben := newClient(s.h)
	ben.postTo(s.invite, url.Values{"player": {s.ids["Benoît"]}})

	s.get("group", s.g)
	s.add(s.admin, true, "group", http.MethodGet, s.g, nil, 200)
	s.add(ben, false, "group, as a member", http.MethodGet, s.g, nil, 200)
	s.get("group, a match deleted", s.g+"?deletedby=Benoît")
	s.get("players", s.g+"/players")
	s.post("players, a name taken", s.g+"/players", url.Values{"name": {"ana"}}, 422)
	s.get("player page", s.g+"/players/"+s.ids["Ana"])
	s.get("members", s.g+"/members")
	s.get("house rules", s.g+"/rules")
	for _, game := range []string{"fivecrowns", "take5", "taki", "takefive"} {
		s.get("new match: "+game, s.g+"/matches/new?game="+game)
	}
	// A group's other game (custom-1): its page, its form refused, a match.
	s.post("other games, a name missing", s.g+"/games", url.Values{"name": {""}, "how": {"low"}}, 422)
	s.admin.postTo(s.g+"/games", url.Values{"name": {"Skyjo"}, "how": {"low"}, "entry": {"rounds"}, "end": {"target"}, "target": {"100"}})
	s.get("other games", s.g+"/games")
	s.get("new match: a group's other game", s.g+"/matches/new?game=custom-1")
	other := s.start("custom-1", players[:3], nil)
	s.save(other, url.Values{"v_0": {"12"}, "v_1": {"-3"}, "v_2": {"40"}})
	s.get("a group's other game: in progress", other)
}

// start starts a match of game for the players named and returns its address.
func (s *seeder) start(game string, names []string, extra url.Values) string {
	form := url.Values{"game": {game}}
	for _, n := range names {
		form.Add("play", s.ids[n])
	}
	for k, v := range extra {
		form[k] = v
	}
	return s.admin.postTo(s.g+"/matches", form)
}

// rowStates lists a match's first round's edit and history pages, and the
// conflict a phone meets when it saves round 1 after another phone did.
func (s *seeder) rowStates(game, match string, form url.Values) {
	row := find(s.admin.get(match).body, `href="(/g/[^"]+/rounds/\d+)/edit"`, game+" round's edit link")
	s.get(game+": round edit", row+"/edit")
	s.get(game+": round history", row+"/history")
	late := url.Values{}
	for k, v := range form {
		late[k] = v
	}
	late.Set("op", "save")
	late.Set("submitKey", "1.elsewhere")
	s.post(game+": save conflict", match+"/rounds", late, 409)
}

func (s *seeder) save(match string, form url.Values) {
	form.Set("op", "save")
	s.admin.postTo(match+"/rounds", form)
}

func fcRound(points ...string) url.Values {
	f := url.Values{}
	for i, p := range points {
		if p == "out" {
			f.Set(fmt.Sprintf("mode_%d", i), "out")
			continue
		}
		f.Set(fmt.Sprintf("mode_%d", i), "points")
		f.Set(fmt.Sprintf("points_%d", i), p)
	}
	return f
}

// Each state is drawn again when it is audited, after the whole seed: so a
// match stays in the state it is listed in (one match per state), and a
// form post is listed after the last save of its match.

func (s *seeder) fiveCrowns() {
	fc := url.Values{"startRound": {"1"}, "dealer": {s.ids["Ana"]}}
	empty := s.start("fivecrowns", players, fc)
	s.get("Five Crowns: empty", empty)
	s.add(s.admin, true, "Five Crowns: empty", http.MethodGet, empty, nil, 200)
	tap := fcRound("out", "12")
	tap.Set("mode_1", "cards")
	tap.Set("picker", "1")
	tap.Set("tap", "JH")
	s.post("Five Crowns: card picker open", empty+"/rounds", tap, 200)

	m := s.start("fivecrowns", players, fc)
	s.save(m, fcRound("out", "12", "30", "7", "55"))
	s.save(m, fcRound("20", "out", "3", "41", "9"))
	row := find(s.admin.get(m).body, `href="(/g/[^"]+/rounds/\d+)/edit"`, "a round's edit link")
	fix := fcRound("out", "14", "30", "7", "55")
	fix.Set("version", "1")
	fix.Set("op", "save")
	s.admin.postTo(row, fix)
	s.get("Five Crowns: in progress, just saved", m+"?saved=1")
	s.get("Five Crowns: round edit", row+"/edit")
	s.get("Five Crowns: round history", row+"/history")
	s.post("Five Crowns: correction conflict", row, fix, 409)
	late := fcRound("out", "12", "30", "7", "55")
	late.Set("op", "save")
	late.Set("submitKey", "1.elsewhere")
	s.post("Five Crowns: save conflict", m+"/rounds", late, 409)
	bad := fcRound("out", "12", "-3")
	bad.Set("op", "save")
	s.post("Five Crowns: error", m+"/rounds", bad, 422)

	done := s.start("fivecrowns", players[:4], url.Values{"startRound": {"10"}, "dealer": {s.ids["Chloé"]}})
	s.save(done, fcRound("out", "22", "17", "40"))
	s.save(done, fcRound("8", "out", "61", "13"))
	s.get("Five Crowns: finished", done)
	s.add(s.admin, true, "Five Crowns: finished", http.MethodGet, done, nil, 200)
}

func t5Deal(last bool, seats ...[5]string) url.Values {
	f := url.Values{}
	for i, v := range seats {
		for j, k := range []string{"green", "red", "plus5", "x2", "hand"} {
			f.Set(fmt.Sprintf("%s_%d", k, i), v[j])
		}
	}
	if last {
		f.Set("last", "1")
	}
	return f
}

func (s *seeder) take5() {
	deal := func(last bool) url.Values {
		return t5Deal(last, [5]string{"5", "3", "1", "1", "1"}, [5]string{"3", "20", "", "1", ""})
	}
	empty := s.start("take5", players[:2], nil)
	s.get("Take 5!: empty", empty)
	calc := deal(false)
	calc.Set("op", "calc")
	s.post("Take 5!: scores shown", empty+"/rounds", calc, 200)

	m := s.start("take5", players[:2], nil)
	s.save(m, deal(false))
	s.get("Take 5!: in progress", m)
	s.rowStates("Take 5!", m, deal(false))
	bad := t5Deal(false, [5]string{"5", "", "", "", ""}, [5]string{"5", "2", "", "", ""})
	bad.Set("op", "save")
	s.post("Take 5!: error", m+"/rounds", bad, 422)

	done := s.start("take5", players[:2], nil)
	s.save(done, deal(false))
	s.save(done, deal(true))
	s.get("Take 5!: finished", done)
}

func (s *seeder) taki() {
	opts := url.Values{"end": {"rounds"}, "rounds": {"2"}}
	empty := s.start("taki", players[:4], opts)
	s.get("TAKI: empty", empty)
	s.post("TAKI: card picker open", empty+"/rounds", url.Values{"winner": {"0"}, "pick": {"1"}, "tap": {"R7"}}, 200)

	first := url.Values{"winner": {"0"}, "points_1": {"40"}, "points_2": {"25"}, "points_3": {"12"}}
	m := s.start("taki", players[:4], opts)
	s.save(m, first)
	s.get("TAKI: in progress", m)
	s.rowStates("TAKI", m, first)
	s.post("TAKI: error", m+"/rounds", url.Values{"op": {"save"}, "winner": {"1"}, "points_0": {"40"}}, 422)

	done := s.start("taki", players[:4], opts)
	s.save(done, first)
	s.save(done, url.Values{"winner": {"2"}, "points_0": {"10"}, "points_1": {"30"}, "points_3": {"8"}})
	s.get("TAKI: finished", done)
}

func (s *seeder) takeFive() {
	opts := url.Values{"firstStarter": {"2"}}
	empty := s.start("takefive", players[:3], opts)
	s.get("Take Five: empty", empty)

	m := s.start("takefive", players[:3], opts)
	s.save(m, url.Values{"winner": {"2"}, "rack": {"9 8 7 6 5"}})
	s.save(m, url.Values{"winner": {"0"}, "rack": {"9 8 4"}})
	s.get("Take Five: in progress", m)
	s.rowStates("Take Five", m, url.Values{"winner": {"2"}, "rack": {"9 8 7 6 5"}})
	s.post("Take Five: error", m+"/rounds", url.Values{"op": {"save"}, "winner": {"0"}, "rack": {"9 9 7 6 5"}}, 422)

	done := s.start("takefive", players[:3], opts)
	for _, f := range []url.Values{{"winner": {"2"}, "rack": {"9 8 7 6 5"}}, {"winner": {"0"}, "rack": {"9 8 4"}},
		{"winner": {"0"}, "rack": {"3 4 5 6 7"}}, {"winner": {"0"}}} {
		s.save(done, f)
	}
	s.get("Take Five: finished", done)
}

func (s *seeder) standings() {
	s.admin.postTo(s.g+"/seasons", url.Values{"name": {"Automne"}, "from": {"2026-09-01"}, "to": {"2026-12-31"}})
	s.get("standings", s.g+"/standings")
	s.post("standings, a season's dates refused", s.g+"/seasons", url.Values{"name": {"Hiver"}, "from": {"2027-03-01"}, "to": {"2027-01-01"}}, 422)
	s.add(s.admin, true, "standings", http.MethodGet, s.g+"/standings", nil, 200)
	s.get("records", s.g+"/records")
	s.get("export and import", s.g+"/export")
	s.add(s.admin, false, "import from BG Stats: confirm", http.MethodPost, s.g+"/import/bgstats", url.Values{}, 200)
	s.pages[len(s.pages)-1].File = []byte(bgstatsFile)
}

const bgstatsFile = `{"games":[{"id":1,"name":"Five Crowns","bggName":"Five Crowns","bggId":16125},{"id":2,"name":"Catan","bggName":"CATAN","bggId":13}],
"players":[{"id":1,"name":"ana"},{"id":2,"name":"Zoé"}],
"plays":[{"playDate":"2026-03-01 21:30:00","gameRefId":1,"uuid":"5e1d0000-0001-4000-8000-000000000001","playerScores":[
{"playerRefId":1,"score":"40","winner":false,"seatOrder":1},{"playerRefId":2,"score":"21","winner":true,"seatOrder":2}]},
{"playDate":"2026-03-02 21:30:00","gameRefId":2,"uuid":"5e1d0000-0002-4000-8000-000000000002","playerScores":[
{"playerRefId":1,"score":"10","winner":true},{"playerRefId":2,"score":"8","winner":false}]}]}`

func (s *seeder) public() {
	s.admin.postTo(s.g+"/public", url.Values{"op": {"on"}})
	link := strings.TrimPrefix(find(s.admin.get(s.g+"/export").body, `(http://tk\.test/s/[^"<\s]+)`, "public link"), "http://tk.test")
	s.add(nil, false, "public standings", http.MethodGet, link, nil, 200)
}

func (s *seeder) referee() {
	ref := func(name, path string, fr bool, form url.Values) {
		method := http.MethodGet
		if form != nil {
			method = http.MethodPost
		}
		s.add(nil, fr, name, method, path, form, 200)
		s.pages[len(s.pages)-1].Public = true
	}
	ref("referee", "/referee", false, nil)
	ref("referee", "/referee", true, nil)
	for _, game := range []string{"fivecrowns", "take5", "taki", "takefive"} {
		ref("referee: "+game, "/referee/"+game, false, nil)
	}
	ref("referee: fivecrowns (fr)", "/referee/fivecrowns", true, nil)
	ref("referee: takefive", "/referee/takefive", true, nil) // in French: the longest move labels
	ref("verdict: Five Crowns, going out", "/referee/fivecrowns", false,
		url.Values{"op": {"judge"}, "round": {"4"}, "hand": {"JH JS JD 8S 9S 10S 3C"}})
	ref("verdict: Five Crowns, a meld refused", "/referee/fivecrowns", false,
		url.Values{"op": {"judge"}, "round": {"2"}, "hand": {"QH KH 3H 5S"}, "meld1": {"QH KH 3H"}})
	t5 := url.Values{"op": {"judge"}, "row_1": {"23"}, "row_2": {"43"}, "row_3": {"49"}, "row_4": {"55"}, "row_5": {"80"},
		"play_1": {"35"}, "play_2": {"50"}, "play_3": {"60"}}
	ref("verdict: Take 5!, legal", "/referee/take5", false, t5)
	bad := url.Values{"op": {"judge"}, "row_1": {"23"}, "row_2": {"43"}, "row_3": {"49"}, "row_4": {"55"}, "row_5": {"80"},
		"play_1": {"50"}, "claim_1": {"2"}}
	ref("verdict: Take 5!, illegal claim", "/referee/take5", false, bad)
	ref("verdict: Take 5!, illegal claim", "/referee/take5", true, bad)
	taki := func(kv ...string) url.Values {
		f := url.Values{"players": {"4"}, "current": {"0"}, "direction": {"cw"}, "top": {"R5"}, "pending": {"0"}, "move": {"play"}, "op": {"judge"}}
		for i := 0; i+1 < len(kv); i += 2 {
			f.Set(kv[i], kv[i+1])
		}
		return f
	}
	ref("verdict: TAKI, legal", "/referee/taki", false, taki("play", "B5"))
	ref("verdict: TAKI, illegal", "/referee/taki", false, taki("current", "2", "top", "B+2", "pending", "4", "play", "B5"))
	tf := func(extra ...string) url.Values {
		f := url.Values{"rules_shown": {"1"}, "rule.lastStandingWins21": {"true"}, "rule.resetPiecesEachRound": {"true"},
			"phase": {"score"}, "rack_0": {"Paul: 7 8 3 5"}, "rack_1": {"Alfred: 8 9 7 5"}, "player": {"0"}, "op": {"judge"},
			"m1_piece": {"knight"}, "m1_to": {"e3"}, "m1_action": {"see"}, "empty": {"c3 b3 c2 d1 e1 a3 a4 a5"}}
		for i := 0; i+1 < len(extra); i += 2 {
			f.Set(extra[i], extra[i+1])
		}
		return f
	}
	ref("verdict: Take Five, legal", "/referee/takefive", false, tf("m2_piece", "rook", "m2_to", "f2", "m2_action", "take", "m2_value", "9"))
	ref("verdict: Take Five, illegal", "/referee/takefive", false, tf("m1_to", "d3"))
}
