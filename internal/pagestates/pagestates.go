// Package pagestates seeds a group through the app's own forms and lists
// the page states a user can meet (every page, each game's scoresheet empty,
// in progress, finished, with an error or a conflict, the referee verdicts,
// French and English, not found), for the page audits: the browser tests
// (axe-core, the Nu HTML checker, tap targets) and cmd/audit (Lighthouse).
// It talks to the app as an http.Handler only, so it imports no app package.
package pagestates

import (
	"cmp"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
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
func Seed(h http.Handler, games []Game) (pages []Page, err error) {
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
	s.group(games)
	for _, g := range games {
		s.game(g)
	}
	s.standings()
	s.public()
	s.referee(games)
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

func (s *seeder) group(games []Game) {
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
	for _, g := range games {
		s.get("new match: "+g.ID, s.g+"/matches/new?game="+g.ID)
	}
	// A group's other game (custom-1): its page, its form refused, a match.
	s.post("other games, a name missing", s.g+"/games", url.Values{"name": {""}, "how": {"low"}}, 422)
	s.admin.postTo(s.g+"/games", url.Values{"name": {"Quibbo"}, "how": {"low"}, "entry": {"rounds"}, "end": {"target"}, "target": {"100"}})
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

// Each state is drawn again when it is audited, after the whole seed: so a
// match stays in the state it is listed in (one match per state), and a
// form post is listed after the last save of its match.

// Game is a game's page states, as plain data its caller copies from the
// game's own declaration (games/kit.AuditSeed; this package imports no app
// package): the fields mean what AuditSeed's mean.
type Game struct {
	ID, Name        string // its id, and its name in English for the states' names
	Seats           int
	Options         url.Values
	French          []string
	Empty           []Form
	Rounds          []url.Values
	JustSaved       bool
	Correction      url.Values
	Invalid         url.Values
	FinishedSeats   int
	FinishedOptions url.Values
	Finished        []url.Values
	HasReferee      bool // the game has a referee page: its page is a state
	Referee         []Form
}

// Form is one state drawn by a form (Status 0 means 200), in French when French.
type Form struct {
	Name   string
	Form   url.Values
	Status int
	French bool
}

// resolve copies form with each value "{Name}" replaced by that player's id.
func (s *seeder) resolve(form url.Values) url.Values {
	out := url.Values{}
	for k, vs := range form {
		for _, v := range vs {
			if n, ok := strings.CutPrefix(v, "{"); ok && strings.HasSuffix(n, "}") {
				v = s.ids[strings.TrimSuffix(n, "}")]
			}
			out.Add(k, v)
		}
	}
	return out
}

func (s *seeder) game(g Game) {
	label := g.Name + ": "
	french := func(state string) bool { return slices.Contains(g.French, state) }
	empty := s.start(g.ID, players[:g.Seats], s.resolve(g.Options))
	s.get(label+"empty", empty)
	if french("empty") {
		s.add(s.admin, true, label+"empty", http.MethodGet, empty, nil, 200)
	}
	for _, f := range g.Empty {
		s.add(s.admin, f.French, label+f.Name, http.MethodPost, empty+"/rounds", s.resolve(f.Form), cmp.Or(f.Status, 200))
	}

	m := s.start(g.ID, players[:g.Seats], s.resolve(g.Options))
	for _, r := range g.Rounds {
		s.save(m, s.resolve(r))
	}
	row := find(s.admin.get(m).body, `href="(/g/[^"]+/rounds/\d+)/edit"`, g.Name+" round's edit link")
	var fix url.Values
	if g.Correction != nil {
		fix = s.resolve(g.Correction)
		fix.Set("version", "1")
		fix.Set("op", "save")
		s.admin.postTo(row, fix)
	}
	if g.JustSaved {
		s.get(label+"in progress, just saved", m+"?saved=1")
	} else {
		s.get(label+"in progress", m)
	}
	s.get(label+"round edit", row+"/edit")
	s.get(label+"round history", row+"/history")
	if fix != nil { // the round as first saved, from the version the correction replaced
		stale := s.resolve(g.Rounds[0])
		stale.Set("version", "1")
		stale.Set("op", "save")
		s.post(label+"correction conflict", row, stale, 409)
	}
	late := s.resolve(g.Rounds[0])
	late.Set("op", "save")
	late.Set("submitKey", "1.elsewhere")
	s.post(label+"save conflict", m+"/rounds", late, 409)
	bad := s.resolve(g.Invalid)
	bad.Set("op", "save")
	s.post(label+"error", m+"/rounds", bad, 422)

	opts := g.Options
	if g.FinishedOptions != nil {
		opts = g.FinishedOptions
	}
	done := s.start(g.ID, players[:cmp.Or(g.FinishedSeats, g.Seats)], s.resolve(opts))
	for _, r := range g.Finished {
		s.save(done, s.resolve(r))
	}
	s.get(label+"finished", done)
	if french("finished") {
		s.add(s.admin, true, label+"finished", http.MethodGet, done, nil, 200)
	}
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

func (s *seeder) referee(games []Game) {
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
	for _, g := range games {
		if g.HasReferee {
			ref("referee: "+g.ID, "/referee/"+g.ID, false, nil)
		}
	}
	for _, g := range games {
		for _, f := range g.Referee {
			ref(f.Name, "/referee/"+g.ID, f.French, f.Form)
		}
	}
}
