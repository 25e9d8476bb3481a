package bgstats

import (
	"cmp"
	"crypto/sha1"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
)

// dateFormat is how BG Stats writes a play's date, in the phone's time.
const dateFormat = "2006-01-02 15:04:05"

// storeTime is how the store writes a time (see store.Export).
const storeTime = "2006-01-02T15:04:05.000Z"

// Report is what an import made of a file's plays.
type Report struct {
	Imported int            // plays that became matches
	Skipped  map[string]int // plays of games not imported, by the game's name
	Ignored  int            // plays marked ignored in BG Stats
	Refused  []Refusal      // plays of our games that could not be read
	PlayOf   []int          // each match's play: its place in the file, 1-based
}

// Refusal is a play of our games that could not be read, and why.
type Refusal struct {
	Play       int // its place in the file, 1-based
	Game, Date string
	Why        error // a *Reason, or an engine's error
}

func (r Refusal) String() string {
	return fmt.Sprintf("play %d (%s, %s): %v", r.Play, r.Game, r.Date, r.Why)
}

// Reason is why a play cannot come in, as a message id (under
// "bgstats.why.") and its arguments, so that the page says it in the
// reader's language.
type Reason struct {
	Key  string
	Args []any
}

func (r *Reason) Error() string { return fmt.Sprint(append([]any{r.Key}, r.Args...)...) }

func why(key string, args ...any) error { return &Reason{Key: key, Args: args} }

// Import makes the matches of f's plays of the games gameOf maps (a file
// game's id to ours; a game missing or mapped to "" is not imported), with
// final scores only. who maps a BG Stats player id to the name of the
// group's player (an existing one or a new one: the confirmation step's
// choice); a player missing from who keeps the name BG Stats gives. Dates
// are read in loc; lowWins says which way each of our games counts. The
// returned roster holds every name the matches use, once.
func Import(f File, gameOf map[int64]string, who map[int64]string, loc *time.Location, lowWins func(game string) bool) ([]store.ExportPlayer, []store.ExportMatch, Report) {
	rep := Report{Skipped: map[string]int{}}
	games := map[int64]Game{}
	for _, g := range f.Games {
		games[g.ID] = g
	}
	players := map[int64]Player{}
	for _, p := range f.Players {
		players[p.ID] = p
	}
	places := map[int64]Location{}
	for _, l := range f.Locations {
		places[l.ID] = l
	}
	var roster []store.ExportPlayer
	ids := map[string]int64{}
	created := time.Now().UTC().Format(storeTime)
	playerID := func(name, uuid string) int64 {
		key := norm(name)
		if id, ok := ids[key]; ok {
			if roster[id-1].BGStatsUUID == "" {
				roster[id-1].BGStatsUUID = keptUUID(uuid)
			}
			return id
		}
		id := int64(len(roster) + 1)
		ids[key] = id
		roster = append(roster, store.ExportPlayer{ID: id, Name: strings.TrimSpace(name), CreatedAt: created, BGStatsUUID: keptUUID(uuid)})
		return id
	}
	var matches []store.ExportMatch
	for i, p := range f.Plays {
		g := games[p.GameRefID]
		game := gameOf[p.GameRefID]
		switch {
		case p.Ignored:
			rep.Ignored++
			continue
		case game == "":
			rep.Skipped[cmp.Or(strings.TrimSpace(g.Name), "?")]++
			continue
		}
		where := places[p.LocationRefID]
		pl := play{p: p, game: game, loc: loc, lowWins: lowWins(game), coop: Cooperative(g, p), location: strings.TrimSpace(where.Name),
			locationUUID: keptUUID(where.UUID), expansions: expansionsOf(p, games),
			player: func(ref int64, nth int) (int64, error) {
				bp := players[ref]
				name := strings.TrimSpace(cmp.Or(who[ref], bp.Name))
				if name == "" {
					return 0, why("noname")
				}
				uuid := bp.UUID
				if nth > 1 {
					if !bp.IsAnonymous {
						return 0, why("twice", "Player", name)
					}
					name, uuid = fmt.Sprintf("%s %d", name, nth), "" // a second anonymous player is another person
				}
				return playerID(name, uuid), nil
			}}
		m, err := pl.match()
		if err != nil {
			rep.Refused = append(rep.Refused, Refusal{Play: i + 1, Game: g.Name, Date: p.PlayDate, Why: err})
			continue
		}
		m.ID = int64(len(matches) + 1)
		m.BGStatsPlay = playKey(p, g)
		rep.PlayOf = append(rep.PlayOf, i+1)
		matches = append(matches, m)
		rep.Imported++
	}
	return roster, matches, rep
}

// play is one play being made a match.
type play struct {
	p        Play
	game     string
	loc      *time.Location
	lowWins  bool
	coop     bool // a co-operative play: won or lost together
	location string
	// locationUUID and expansions are what BG Stats needs back.
	locationUUID string
	expansions   []store.PlayExpansion
	player       func(ref int64, nth int) (int64, error) // nth: how many times ref is seated so far
}

// match is the play as a finished match of one round of final scores.
func (pl play) match() (store.ExportMatch, error) {
	p := pl.p
	at, err := time.ParseInLocation(dateFormat, strings.TrimSpace(p.PlayDate), pl.loc)
	if err != nil {
		return store.ExportMatch{}, why("date", "Date", p.PlayDate)
	}
	if len(p.PlayerScores) == 0 {
		return store.ExportMatch{}, why("noplayers")
	}
	scores := slices.Clone(p.PlayerScores)
	if !slices.ContainsFunc(scores, func(s Score) bool { return s.SeatOrder == 0 }) {
		slices.SortStableFunc(scores, func(a, b Score) int { return cmp.Compare(a.SeatOrder, b.SeatOrder) })
	}
	when := at.UTC().Format(storeTime)
	m := store.ExportMatch{Game: pl.game, CreatedAt: when, FinishedAt: &when}
	m.Location, m.DurationMin, m.Comments, m.PlayedLocal = pl.location, max(p.DurationMin, 0), strings.TrimSpace(p.Comments), strings.TrimSpace(p.PlayDate)
	if len(m.Location) > store.MaxPlayLocation {
		m.Location = m.Location[:store.MaxPlayLocation]
	}
	if len(m.Comments) > store.MaxPlayComments {
		m.Comments = m.Comments[:store.MaxPlayComments]
	}
	m.LocationUUID, m.Board, m.Expansions = pl.locationUUID, cut(strings.TrimSpace(string(p.Board)), store.MaxPlayBoard), pl.expansions
	values := make([]float64, len(scores))
	has := make([]bool, len(scores))
	given := 0
	seen := map[int64]int{}
	for i, s := range scores {
		seen[s.PlayerRefID]++
		id, err := pl.player(s.PlayerRefID, seen[s.PlayerRefID])
		if err != nil {
			return store.ExportMatch{}, err
		}
		m.Seats = append(m.Seats, store.ExportSeat{Player: id, NewPlayer: bool(s.NewPlayer),
			Role: cut(strings.TrimSpace(string(s.Role)), store.MaxSeatText), Team: cut(strings.TrimSpace(string(s.Team)), store.MaxSeatText)})
		if s.StartPlayer && m.StartSeat == nil {
			m.StartSeat = &i
		}
		v, ok, err := Value(string(s.Score))
		if err != nil {
			return store.ExportMatch{}, why("score", "Score", string(s.Score))
		}
		values[i], has[i] = v, ok
		if ok {
			given++
		}
	}
	points := make([]int, len(scores))
	kept := false // a decimal, or a seat without a score beside others
	for i, v := range values {
		points[i] = int(math.Round(v))
		m.Seats[i].Total = points[i]
		kept = kept || given > 0 && (!has[i] || v != float64(points[i]))
	}
	if kept {
		m.Scores = make([]string, len(scores))
		for i, s := range scores {
			if has[i] {
				m.Scores[i] = scoreText(string(s.Score), values[i])
			}
		}
	}
	m.NoScores = given == 0
	m.Result = resultOf(p, scores, pl.coop, given > 0)
	if m.Result == "" {
		places := placesOf(scores, values, has, pl.lowWins)
		if m.NoScores || !slices.Equal(places, scoring.Places(points, pl.lowWins)) {
			m.Places = places
		}
	}
	entry := FinalEntry
	if m.NoScores {
		entry = NoScoresEntry
	}
	m.Rounds = []store.ExportRound{{Number: 1, Entry: entry, Points: points, Version: 1, CreatedAt: when,
		Revisions: []store.ExportRevision{{Version: 1, Kind: "created", Entry: entry, Points: points, Author: "BG Stats", At: when}}}}
	return m, nil
}

// resultOf is how a play ended when places do not say it (store.PlayMeta
// .Result), as BGSTATS.md reads a file: a co-operative play is won
// together when every player is flagged a winner, lost together when none
// is (equal ranks or none), and placed as flagged when some are; a solo play without a winner is lost when it holds a
// score, a rank or a hand-picked result, else it has none; "nobody won"
// picked by hand stays nobody; a play with no score, winner or rank has no
// result. "": the winners, ranks or scores place the seats.
func resultOf(p Play, scores []Score, coop, scored bool) string {
	winners, ranked := 0, !slices.ContainsFunc(scores, func(s Score) bool { return s.Rank <= 0 })
	for _, s := range scores {
		if s.Winner {
			winners++
		}
	}
	switch {
	case coop && winners == len(scores):
		return store.ResultWon
	case coop && winners == 0:
		return store.ResultLost
	case winners > 0: // some flagged (a traitor's game): they won
		return ""
	case len(scores) == 1 && (scored || ranked || p.ManualWinner):
		return store.ResultLost
	case len(scores) == 1:
		return store.ResultNone
	case p.ManualWinner:
		return store.ResultNobody
	case !scored && !ranked:
		return store.ResultNone
	}
	return ""
}

// keptUUID is a uuid of the file as a match keeps it: "" when it is longer
// than any uuid.
func keptUUID(u string) string {
	if len(u) > store.MaxUUIDLen {
		return ""
	}
	return u
}

// cut is s cut to at most n bytes, on a character's boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// expansionsOf are the expansions a play names that the file holds (its
// games by id), as a match keeps them.
func expansionsOf(p Play, games map[int64]Game) []store.PlayExpansion {
	var out []store.PlayExpansion
	for _, e := range p.ExpansionPlays {
		g, ok := games[e.GameRefID]
		name := strings.TrimSpace(g.Name)
		if !ok || name == "" || len(out) == store.MaxPlayExpansion {
			continue
		}
		out = append(out, store.PlayExpansion{UUID: keptUUID(g.UUID), Name: cut(name, store.MaxGameNameLen), BGGID: max(cmp.Or(g.BGGID, e.BGGID), 0)})
	}
	return out
}

// Cooperative reports whether a play of game g is co-operative: the game
// says so, or the play's scoring setting (4 and 6: co-operative with and
// without points).
func Cooperative(g Game, p Play) bool {
	return g.Cooperative || p.Scoring == 4 || p.Scoring == 6
}

// placesOf is the seats' places as BG Stats has them: the flagged winners
// first, whatever ranks or scores say, then the others by their ranks when
// each has one, else by their scores (values, has: which seats have one)
// in the game's order, a seat without a score after those with one. A
// play without a winner is placed by its ranks when every seat has one.
func placesOf(scores []Score, values []float64, has []bool, lowWins bool) []int {
	n := len(scores)
	out := make([]int, n)
	winners := 0
	for _, s := range scores {
		if s.Winner {
			winners++
		}
	}
	allRanked := func(skipWinners bool) bool {
		return !slices.ContainsFunc(scores, func(s Score) bool { return s.Rank <= 0 && !(skipWinners && s.Winner) })
	}
	byRank := allRanked(winners > 0)
	better := func(a, b float64) bool { return a > b }
	if lowWins {
		better = func(a, b float64) bool { return a < b }
	}
	// ahead reports whether seat j finishes ahead of seat i.
	ahead := func(j, i int) bool {
		a, b := scores[j], scores[i]
		switch {
		case winners > 0 && a.Winner != b.Winner:
			return a.Winner
		case winners > 0 && a.Winner:
			return false // winners share the first place
		case byRank:
			return a.Rank < b.Rank
		case has[j] != has[i]:
			return has[j]
		case has[j]:
			return better(values[j], values[i])
		}
		return false
	}
	for i := range scores {
		out[i] = 1
		for j := range scores {
			if j != i && ahead(j, i) {
				out[i]++
			}
		}
	}
	return out
}

// Value reads a BG Stats score: a number, or a sum of them as typed
// ("3+20+5", "66-11-12", "12.5", "12,5"), within the store's bounds; ok is
// false for no score ("").
func Value(s string) (v float64, ok bool, err error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), " ", "")
	s = strings.TrimSuffix(s, "+") // the keypad's sum as it leaves it: "86+84+"
	if s == "" {
		return 0, false, nil
	}
	if !strings.Contains(s, ".") {
		s = strings.ReplaceAll(s, ",", ".")
	}
	total, term, sign, unary := 0.0, "", 1.0, false
	flush := func() error {
		if term == "" {
			return fmt.Errorf("score %q", s)
		}
		n, err := strconv.ParseFloat(term, 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			return fmt.Errorf("score %q", s)
		}
		total += sign * n
		term = ""
		return nil
	}
	for i, r := range s {
		switch {
		case (r == '+' || r == '-') && term == "":
			// a term's own sign: "-5", "+5", "10+-2"; never two
			if unary || (i > 0 && r == '+') {
				return 0, false, fmt.Errorf("score %q", s)
			}
			unary = true
			if r == '-' {
				sign = -sign
			}
		case r == '+' || r == '-':
			if err := flush(); err != nil {
				return 0, false, err
			}
			sign, unary = 1, false
			if r == '-' {
				sign = -1
			}
		case r >= '0' && r <= '9' || r == '.':
			term += string(r)
		default:
			return 0, false, fmt.Errorf("score %q", s)
		}
	}
	if err := flush(); err != nil {
		return 0, false, err
	}
	if math.Abs(total) > store.MaxImportPoints {
		return 0, false, fmt.Errorf("score %q", s)
	}
	return total, true, nil
}

// scoreText is a score as a match keeps it (store.PlayMeta.Scores): a
// plain number as the play wrote it ("5.10", a comma read as a point),
// else its value ("86+84+" is "170").
func scoreText(raw string, v float64) string {
	t := strings.ReplaceAll(strings.TrimSpace(raw), " ", "")
	if !strings.Contains(t, ".") {
		t = strings.ReplaceAll(t, ",", ".")
	}
	plain := t != "" && len(t) <= store.MaxScoreLen && strings.Count(t, ".") <= 1
	for i, r := range t {
		plain = plain && (r >= '0' && r <= '9' || r == '.' || r == '-' && i == 0)
	}
	if plain && strings.Trim(t, "-.") != "" {
		return t
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// Points reads a BG Stats score as a whole number of points (a decimal
// rounded): the total a seat keeps.
func Points(s string) (int, error) {
	v, ok, err := Value(s)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, fmt.Errorf("no score")
	}
	return int(math.Round(v)), nil
}

// GameInfo is what the export says of one of our games.
type GameInfo struct {
	LowWins bool
	// NoPoints: its matches are places only (BG Stats's noPoints).
	NoPoints bool
	// StartSeat is the seat (0-based) who started a match recorded here,
	// read off its options; -1 when not known.
	StartSeat func(options map[string]string, seats int) int
	// Cooperative: its players win or lose together.
	Cooperative bool
	// Result is how a match with this kept result and these totals ended
	// when its places do not rank it (store.PlayMeta.Result); nil: the
	// kept result.
	Result func(kept string, totals []int) string
	// UUID is the uuid BG Stats knows the game by (a file game's, kept at
	// an import); "": one made from its id, the same at every export.
	UUID string
}

// Export writes a group's finished matches (deleted ones left out) as a BG
// Stats file: each match a play dated when it was played (in loc), each
// seat its total, the winners and ranks its places. A match's rounds are
// read only for a final-scores round (a play without scores is written
// without them).
func (n Names) Export(e store.Export, loc *time.Location, info func(game string) GameInfo) File {
	f := File{About: PlayFileAbout, Games: []Game{}, Players: []Player{}, Locations: []Location{}, Plays: []Play{}}
	for _, p := range e.Players {
		uuid := cmp.Or(p.BGStatsUUID, nameUUID("tablekeeper player "+e.Group.CreatedAt+" "+p.CreatedAt+" "+norm(p.Name)))
		f.Players = append(f.Players, Player{ID: p.ID, UUID: uuid, Name: p.Name})
		if e.Group.BGStatsMe != "" && uuid == e.Group.BGStatsMe {
			f.UserInfo = &UserInfo{MeRefID: p.ID}
		}
	}
	gameRef, placeRef, expansionRef := map[string]int64{}, map[string]int64{}, map[string]int64{}
	// expansion is the file's game of an expansion played, added once.
	expansion := func(x store.PlayExpansion) int64 {
		key := cmp.Or(x.UUID, "name:"+norm(x.Name))
		if ref, ok := expansionRef[key]; ok {
			return ref
		}
		ref := int64(len(f.Games) + 1)
		expansionRef[key] = ref
		f.Games = append(f.Games, Game{ID: ref, UUID: cmp.Or(x.UUID, nameUUID("tablekeeper expansion "+norm(x.Name))), Name: x.Name,
			BGGID: x.BGGID, HighestWins: true, IsExpansion: true})
		return ref
	}
	for _, m := range e.Matches {
		if m.FinishedAt == nil || m.DeletedAt != nil || len(m.Seats) == 0 {
			continue
		}
		gi := info(m.Game)
		ref, ok := gameRef[m.Game]
		if !ok {
			ref = int64(len(f.Games) + 1)
			gameRef[m.Game] = ref
			f.Games = append(f.Games, Game{ID: ref, UUID: cmp.Or(gi.UUID, nameUUID("tablekeeper game "+m.Game)), Name: n.GameName(m.Game),
				BGGID: n.BGGID(m.Game), HighestWins: !gi.LowWins, NoPoints: gi.NoPoints, Cooperative: gi.Cooperative})
		}
		p := Play{PlayDate: playDate(m, loc), GameRefID: ref, UUID: uuidOf(e.Group.CreatedAt, m), DurationMin: m.DurationMin,
			Comments: m.Comments, BGGID: n.BGGID(m.Game), ManualWinner: m.Places != nil, Board: Text(m.Board)}
		for _, x := range m.Expansions {
			p.ExpansionPlays = append(p.ExpansionPlays, ExpansionPlay{GameRefID: expansion(x), BGGID: x.BGGID})
		}
		p.EntryDate = p.PlayDate
		if m.Location != "" {
			lr, ok := placeRef[norm(m.Location)]
			if !ok {
				lr = int64(len(f.Locations) + 1)
				placeRef[norm(m.Location)] = lr
				f.Locations = append(f.Locations, Location{ID: lr, UUID: cmp.Or(m.LocationUUID, nameUUID("tablekeeper location "+e.Group.CreatedAt+" "+norm(m.Location))), Name: m.Location})
			}
			p.LocationRefID = lr
		}
		totals := make([]int, len(m.Seats))
		for i, s := range m.Seats {
			totals[i] = s.Total
		}
		places := scoring.FinalPlaces(m.Places, totals, gi.LowWins, m.Left()) // as the sheet and the standings rank it
		teams := make([]string, len(m.Seats))
		for i, s := range m.Seats {
			teams[i] = s.Team
		}
		ranks := Ranks(places, teams)
		start := -1
		if m.StartSeat != nil {
			start = *m.StartSeat
		} else if m.BGStatsPlay == "" && gi.StartSeat != nil {
			start = gi.StartSeat(m.Options, len(m.Seats))
		}
		noScores := gi.NoPoints || m.NoScores || len(m.Rounds) == 1 && IsNoScores(m.Rounds[0].Entry)
		result := m.Result
		if gi.Result != nil {
			result = gi.Result(m.Result, totals)
		}
		p.ManualWinner = p.ManualWinner || result == store.ResultNobody
		for i, s := range m.Seats {
			score := Text(strconv.Itoa(s.Total))
			if len(m.Scores) == len(m.Seats) {
				score = Text(m.Scores[i]) // as the play held it: "4.5", "" for a seat without
			}
			if noScores {
				score = ""
			}
			won, rank := places[i] == 1, ranks[i]
			if result != "" { // won together: everyone; lost together, nobody, no result: no one, no ranks
				won, rank = result == store.ResultWon, 0
				if won {
					rank = 1
				}
			}
			p.PlayerScores = append(p.PlayerScores, Score{PlayerRefID: s.Player, Score: score,
				Winner: won, StartPlayer: i == start, Rank: rank, SeatOrder: i + 1, NewPlayer: Flag(s.NewPlayer), Role: Text(s.Role), Team: Text(s.Team)})
			p.UsesTeams = p.UsesTeams || s.Team != ""
		}
		f.Plays = append(f.Plays, p)
	}
	return f
}

// playDate is the match's date as BG Stats writes it: the play's own, as
// it was written, when the match still is when it was played (a time in a
// clock change's gap or overlap comes back as written), else its finish
// time in loc.
func playDate(m store.ExportMatch, loc *time.Location) string {
	at, _ := time.Parse(storeTime, *m.FinishedAt)
	return LocalDate(at, m.PlayedLocal, loc)
}

// LocalDate is a match's date as BG Stats writes it (see playDate): local
// as the play wrote it when it is still at, else at in loc.
func LocalDate(at time.Time, local string, loc *time.Location) string {
	if local != "" {
		if was, err := time.ParseInLocation(dateFormat, local, loc); err == nil && was.Equal(at) {
			return local
		}
	}
	return at.In(loc).Format(dateFormat)
}

// uuidOf is the uuid the export gives a match: the BG Stats play's it was
// imported from, so that BG Stats knows its own plays again, or one made
// from what a copy of the group keeps too (the group's creation time, the
// match's and its game), the same at every export of the group or a copy.
func uuidOf(group string, m store.ExportMatch) string {
	if m.BGStatsPlay != "" {
		return m.BGStatsPlay
	}
	return matchUUID(group, m.CreatedAt, m.Game)
}

// Known is the uuids of the plays a group holds (group its creation time):
// those of the matches imported from BG Stats and those its own BG Stats
// export gives the others (and gave them before issue 31, from the match
// id), so that a file holding either adds them to it only once.
func Known(group string, plays []store.HeldPlay) map[string]bool {
	out := make(map[string]bool, len(plays))
	for _, p := range plays {
		if p.UUID != "" {
			out[p.UUID] = true
			continue
		}
		out[matchUUID(group, p.CreatedAt, p.Game)] = true
		out[nameUUID(fmt.Sprintf("tablekeeper %s %d", group, p.ID))] = true
	}
	return out
}

// playKey is what tells a play from every other: its uuid, or for a play
// without one (a hand-made file), a uuid made from its game, date and scores.
func playKey(p Play, g Game) string {
	if p.UUID != "" {
		return p.UUID
	}
	return nameUUID(fmt.Sprintf("bgstats %s %s %v", norm(g.Name), p.PlayDate, p.PlayerScores))
}

// matchUUID is a match's uuid, the same at every export of the match.
func matchUUID(group, created, game string) string {
	return nameUUID("tablekeeper match " + group + " " + created + " " + game)
}

// nameUUID is a version-5-shaped uuid made from name.
func nameUUID(name string) string {
	h := sha1.Sum([]byte(name))
	h[6], h[8] = h[6]&0x0f|0x50, h[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
