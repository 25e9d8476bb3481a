// Package bgstatsgen makes BG Stats files for tests, shaped as real ones
// are (see the team's BGSTATS.md: fields, string scores, plays with a
// winner or ranks only, hand-picked winners, anonymous players, solo
// plays, teams, ignored plays, clock-change dates), with invented names.
// The same options give the same file, byte for byte.
package bgstatsgen

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Options choose the file.
type Options struct {
	Seed     uint64
	Plays    int
	Platform string // "ios" or "android": iOS writes a null score where Android writes ""
	Old      bool   // an old app (4.x): some scores written as numbers, no uuid on players, no scoresheet
	PlayFile bool   // a Play file ("about", no groups, tags, challenges or userInfo)
}

// Game is a game of the generated file, and how its plays are scored.
type Game struct {
	Name        string
	BGGID       int64
	HighestWins bool
	NoPoints    bool
	Cooperative bool
	MinP, MaxP  int
	Style       string // "points", "winner" (winner only), "ranks", "mixed"
}

// Games are the dozen games the generated group plays: our four under the
// names BG Stats users give them, 6 nimmt! as "Take 5", and others.
var Games = []Game{
	{Name: "Five Crowns", BGGID: 1472, MinP: 2, MaxP: 7, Style: "points"},
	{Name: "Les Cinq Rois", BGGID: 0, MinP: 2, MaxP: 5, Style: "mixed"}, // a solo play at fixed places
	{Name: "TAKI", BGGID: 0, HighestWins: true, MinP: 2, MaxP: 6, Style: "winner"},
	{Name: "Hornochsen!", BGGID: 0, HighestWins: true, MinP: 2, MaxP: 6, Style: "mixed"},
	{Name: "Take Five", BGGID: 0, HighestWins: true, MinP: 2, MaxP: 4, Style: "points"},
	{Name: "Take 5", BGGID: 432, HighestWins: false, MinP: 2, MaxP: 10, Style: "points"},
	{Name: "Catan", BGGID: 13, HighestWins: true, MinP: 3, MaxP: 4, Style: "points"},
	{Name: "Azul", BGGID: 230802, HighestWins: true, MinP: 2, MaxP: 4, Style: "points"},
	{Name: "Carcassonne", BGGID: 822, HighestWins: true, MinP: 2, MaxP: 5, Style: "points"},
	{Name: "Codenames", BGGID: 178900, HighestWins: true, NoPoints: true, MinP: 4, MaxP: 8, Style: "winner"},
	{Name: "The Crew", BGGID: 284083, Cooperative: true, MinP: 2, MaxP: 5, Style: "winner"},
	{Name: "Dixit", BGGID: 39856, HighestWins: true, MinP: 3, MaxP: 6, Style: "ranks"},
}

// Players are the group's players: the last is BG Stats's anonymous player.
var Players = []string{"Ana", "Bruno", "Chloé", "Dimitri", "Élise", "Farid", "Gaëlle", "Anonymous player"}

// Make writes a BG Stats file.
func Make(o Options) []byte {
	r := rand.New(rand.NewPCG(o.Seed, o.Seed^0x5eed))
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	js := func(v any) string { out, _ := json.Marshal(v); return string(out) }
	uuid := func(kind string, n int) string {
		return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", o.Seed&0xffffffff, len(kind), n&0xfff, (n>>12)&0xfff, uint64(n)*7919+o.Seed)
	}
	w("{")
	if o.PlayFile {
		w(`"about":"This is a Play file that can be read by Board Game Stats (an app for iOS and Android).",`)
	}
	w(`"games":[`)
	for i, g := range Games {
		if i > 0 {
			w(",")
		}
		w(`{"id":%d,"uuid":%q,"name":%s,"bggName":%s,"bggId":%d,"bggYear":2000,"highestWins":%v,"noPoints":%v,"cooperative":%v,"usesTeams":false,"isBaseGame":1,"isExpansion":0,"rating":0,"minPlayerCount":%d,"maxPlayerCount":%d,"modificationDate":"2022-01-01 10:00:00"}`,
			i+1, uuid("game", i), js(g.Name), js(g.Name), g.BGGID, g.HighestWins, g.NoPoints, g.Cooperative, g.MinP, g.MaxP)
	}
	w(`],"players":[`)
	for i, p := range Players {
		if i > 0 {
			w(",")
		}
		id := ""
		if !o.Old {
			id = fmt.Sprintf(`"uuid":%q,`, uuid("player", i))
		}
		w(`{"id":%d,%s"name":%s,"isAnonymous":%v,"modificationDate":"2022-01-01 10:00:00","bggUsername":""}`, i+1, id, js(p), p == "Anonymous player")
	}
	w(`],"locations":[{"id":1,"uuid":%q,"name":"Chez Ana","modificationDate":"2022-01-01 10:00:00"},{"id":2,"uuid":%q,"name":"Le Dé Pipé (bar)","modificationDate":"2022-01-01 10:00:00"}],"plays":[`, uuid("loc", 1), uuid("loc", 2))
	for n := 0; n < o.Plays; n++ {
		if n > 0 {
			w(",")
		}
		w("%s", play(r, o, n, uuid("play", n)))
	}
	w("]")
	if !o.PlayFile {
		w(`,"groups":[{"id":1,"name":"Jeudi","playerRefIds":"1,2,3"}],"tags":[],"challenges":[],"userInfo":{"meRefId":1,"bggUsername":""}`)
	}
	w("}")
	return []byte(b.String())
}

// play is one play, as JSON: a game and players picked, then the results
// in the game's style, and the awkward cases at fixed places in the file.
func play(r *rand.Rand, o Options, n int, id string) string {
	gi := r.IntN(len(Games))
	switch n % 97 { // the awkward cases, at fixed places
	case 5:
		gi = 0 // Five Crowns with two anonymous players
	case 11:
		gi = 1 // Les Cinq Rois solo
	case 7, 8, 17:
		gi = 0 // Five Crowns at a clock change; with more players than it allows
	}
	g := Games[gi]
	np := g.MinP + r.IntN(g.MaxP-g.MinP+1)
	switch n % 97 {
	case 11:
		np = 1
	case 7, 8:
		np = 3
	case 17:
		np = 8 // more players than the game allows (7 and the anonymous player)
	}
	seats := r.Perm(len(Players) - 1)[:min(np, len(Players)-1)]
	for i := range seats {
		seats[i]++ // player ids from 1
	}
	if n%97 == 17 {
		seats = append(seats, 8)
	} else if n%97 == 5 {
		seats = append(seats[:min(len(seats), 2)], 8, 8)
	} else if n%13 == 3 && len(seats) > 2 {
		seats[len(seats)-1] = 8 // one anonymous player
	}
	day := 1 + n*1300/max(o.Plays, 1)
	date := fmt.Sprintf("2022-01-01 %02d:%02d:00", 19+r.IntN(4), r.IntN(60))
	date = addDays(date, day)
	switch n % 97 {
	case 7:
		date = "2023-03-26 02:30:00" // the spring clock change (Europe/Paris): this time does not exist
	case 8:
		date = "2023-10-29 02:30:00" // the autumn one: it happens twice
	}
	style := g.Style
	if style == "mixed" {
		style = []string{"points", "winner", "ranks"}[r.IntN(3)]
	}
	values := make([]int, len(seats))
	for i := range values {
		values[i] = r.IntN(120) - 10
	}
	order := make([]int, len(seats)) // seat indexes, best first
	for i := range order {
		order[i] = i
	}
	sortBy(order, func(a, b int) bool {
		if g.HighestWins || g.Name == "Take Five" || g.Name == "Hornochsen!" {
			return values[a] > values[b]
		}
		return values[a] < values[b]
	})
	manual := false
	winners := map[int]bool{order[0]: true}
	if n%3 == 0 && len(order) > 1 && style == "points" { // a tie broken by hand
		values[order[1]] = values[order[0]]
		manual = true
		winners = map[int]bool{order[1]: true}
		order[0], order[1] = order[1], order[0]
	}
	if g.Cooperative && r.IntN(3) == 0 {
		winners = map[int]bool{}
	}
	ranks := make([]int, len(seats))
	for place, i := range order {
		ranks[i] = place + 1
	}
	var ps []string
	start := r.IntN(len(seats))
	for i, pid := range seats {
		score := `""`
		if o.Platform == "ios" {
			score = "null"
		}
		if style == "points" {
			v := values[i]
			switch {
			case n%7 == 1 && v > 10:
				score = fmt.Sprintf(`"%d+%d"`, v-10, 10)
			case n%11 == 2 && v > 20:
				score = fmt.Sprintf(`"%d-11-%d"`, v+20, 9)
			case o.Old && n%5 == 0:
				score = strconv.Itoa(v)
			default:
				score = fmt.Sprintf(`"%d"`, v)
			}
			if n%97 == 13 && i == 0 {
				score = fmt.Sprintf(`"%d.5"`, v) // a decimal
			}
		}
		rank := 0
		if style == "ranks" {
			rank = ranks[i]
		}
		team := ""
		if o.Platform == "android" {
			team = `,"team":""`
		}
		ps = append(ps, fmt.Sprintf(`{"playerRefId":%d,"score":%s,"winner":%v,"newPlayer":false,"startPlayer":%v,"rank":%d,"seatOrder":%d,"role":""%s}`,
			pid, score, winners[i] && style != "ranks" || style == "ranks" && ranks[i] == 1, i == start, rank, i+1, team))
	}
	loc := 1 + r.IntN(2)
	dur := 10 + r.IntN(80)
	comments := ""
	if n%9 == 0 {
		comments = "Revanche demandée par " + Players[seats[0]-1] + " !"
	}
	sheet := ""
	if !o.Old && style == "points" && n%4 == 0 {
		sheet = `,"scoresheet":{"rounds":[]}`
	}
	ignored := n%50 == 49
	return fmt.Sprintf(`{"uuid":%q,"gameRefId":%d,"playDate":%q,"entryDate":%q,"modificationDate":%q,"locationRefId":%d,"durationMin":%d,"ignored":%v,"usesTeams":false,"manualWinner":%v,"scoringSetting":0,"rounds":0,"bggId":%d,"bggLastSync":"","nemestatsId":0,"board":"","importPlayId":0,"comments":%q,"playerScores":[%s]%s}`,
		id, gi+1, date, date, date, loc, dur, ignored, manual, Games[gi].BGGID, comments, strings.Join(ps, ","), sheet)
}

func addDays(date string, days int) string {
	y, _ := strconv.Atoi(date[:4])
	m, _ := strconv.Atoi(date[5:7])
	d, _ := strconv.Atoi(date[8:10])
	d += days
	for {
		ml := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
		if m == 2 && y%4 == 0 {
			ml = 29
		}
		if d <= ml {
			break
		}
		d -= ml
		m++
		if m > 12 {
			m, y = 1, y+1
		}
	}
	return fmt.Sprintf("%04d-%02d-%02d%s", y, m, d, date[10:])
}

func sortBy(s []int, less func(a, b int) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
