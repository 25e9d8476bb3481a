package handlers

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/tablekeeper/tablekeeper/store"
)

// matchForm is the new-match form as posted, before anything is checked.
type matchForm struct {
	seat   map[int64]string // seat_<id>: the seat typed for a player (the seating part, or a client)
	play   []int64          // the players ticked, in the order the page listed them
	guests []string         // the guests' names, trimmed, the empty fields left out
	dealer int64            // the player picked by name to deal (or start) first; 0 for none
	// dealerSeat is the game's first-dealer option as a client posts it (a
	// seat counted from 1), read when no player was picked by name.
	dealerSeat string
}

// parseMatchForm reads the new-match form; dealerKey is the game's
// first-dealer option ("" when it has none).
func parseMatchForm(form url.Values, dealerKey string) matchForm {
	f := matchForm{seat: map[int64]string{}, guests: guestNames(form)}
	for k, vs := range form {
		if rest, ok := strings.CutPrefix(k, "seat_"); ok && len(vs) > 0 && vs[0] != "" {
			if id, err := strconv.ParseInt(rest, 10, 64); err == nil {
				f.seat[id] = vs[0]
			}
		}
	}
	for _, v := range form["play"] {
		id, _ := strconv.ParseInt(v, 10, 64)
		f.play = append(f.play, id)
	}
	if dealerKey != "" {
		f.dealer, _ = strconv.ParseInt(form.Get("dealer"), 10, 64)
		f.dealerSeat = strings.TrimSpace(form.Get(dealerKey))
	}
	return f
}

// tableRule is what the game allows at its table.
type tableRule struct {
	min, max int
	game     string // its name in the reader's language, for the count's refusal
	dealer   bool   // someone is chosen to deal (or start) first
}

// seating is the table a new match starts with.
type seating struct {
	ids    []int64  // the roster players, in seat order
	names  []string // everyone seated, in seat order (a guest last)
	guests []string
	// dealer is the seat (counted from 1) that deals or starts first, for a
	// game with a first dealer: the player picked by name, else the seat a
	// client posted, else 1. A posted seat that is not a number is 0, which
	// the game's engine refuses as it refuses any seat off the table.
	dealer int
}

// problem is a refusal of the new-match form: the field it is shown at and
// its message, a key of the message files with its arguments.
type problem struct {
	key  string
	args []any
}

// seatTable seats the players: those given a seat number on it, the ticked
// ones on the seats left, in the order the page listed them, a guest after
// them. roster is the group's players as the store lists them. The
// problems are by form field, at most one each, as the page shows them.
func seatTable(roster []store.Player, f matchForm, rule tableRule) (seating, map[string]problem) {
	type seated struct {
		id   int64
		name string
	}
	errs := map[string]problem{}
	byID := map[int64]store.Player{}
	for _, p := range roster {
		if !p.Archived() && !p.Guest {
			byID[p.ID] = p
		}
	}
	explicit := map[int]seated{}
	placed := map[int64]bool{}
	for _, p := range roster {
		v, ok := f.seat[p.ID]
		if !ok || p.Archived() || p.Guest {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > len(roster) {
			errs["players"] = problem{"newmatch.badseat", []any{"Name", p.Name}}
			continue
		}
		if _, taken := explicit[n]; taken {
			errs["players"] = problem{"newmatch.sameseat", []any{"N", n}}
		}
		explicit[n] = seated{p.ID, p.Name}
		placed[p.ID] = true
	}
	var rest []seated
	for _, id := range f.play {
		if p, ok := byID[id]; ok && !placed[id] {
			rest = append(rest, seated{p.ID, p.Name})
			placed[id] = true
		}
	}
	var seats []seated
	total := len(placed)
	for k := 1; len(seats) < total && k <= len(roster)+total; k++ {
		if p, ok := explicit[k]; ok {
			seats = append(seats, p)
		} else if len(rest) > 0 {
			seats, rest = append(seats, rest[0]), rest[1:]
		}
	}
	var t seating
	// Guests, not on the roster, sit after the players ticked.
	for _, g := range f.guests {
		if name, why := store.CheckName(g); why != "" {
			errs["guest"] = problem{"form.name." + why, nil}
		} else {
			for _, p := range roster {
				if !p.Guest && store.NameKey(p.Name) == store.NameKey(name) {
					errs["guest"] = problem{"comego.guest.taken", []any{"Name", p.Name}}
				}
			}
			if slices.ContainsFunc(t.guests, func(o string) bool { return store.NameKey(o) == store.NameKey(name) }) {
				continue // the same guest typed twice sits once
			}
			t.guests = append(t.guests, name)
			seats = append(seats, seated{0, name})
		}
	}
	if (len(seats) < rule.min || len(seats) > rule.max) && errs["players"].key == "" {
		errs["players"] = countProblem(len(seats), rule)
	}
	t.ids, t.names = make([]int64, 0, len(seats)), make([]string, len(seats))
	for i, st := range seats {
		if st.id != 0 {
			t.ids = append(t.ids, st.id)
		}
		t.names[i] = st.name
	}
	if !rule.dealer {
		return t, errs
	}
	t.dealer = 1
	if i := slices.Index(t.ids, f.dealer); f.dealer != 0 && i >= 0 {
		t.dealer = i + 1
	} else if p, ok := byID[f.dealer]; ok {
		if len(errs) == 0 {
			errs["players"] = problem{"newmatch.dealerplays", []any{"Name", p.Name}}
		}
	} else if f.dealerSeat != "" {
		t.dealer, _ = strconv.Atoi(f.dealerSeat)
	}
	return t, errs
}

// guestNames are the guests' names as posted (one field each), trimmed,
// the empty fields left out.
func guestNames(form url.Values) []string {
	var out []string
	for _, v := range form["guest"] {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// countProblem says how far a table of n is from the game's count, in the
// words of what to do: "11 ticked: untick one", "1 ticked: tick one more".
func countProblem(n int, rule tableRule) problem {
	args := []any{"Ticked", n, "Min", rule.min, "Max", rule.max, "Game", rule.game}
	switch {
	case n > rule.max && n-rule.max == 1:
		return problem{"newmatch.toomany.one", args}
	case n > rule.max:
		return problem{"newmatch.toomany", append(args, "Over", n-rule.max)}
	case n == 0:
		return problem{"newmatch.nobody", args}
	case rule.min-n == 1:
		return problem{"newmatch.toofew.one", args}
	}
	return problem{"newmatch.toofew", append(args, "Short", rule.min-n)}
}
