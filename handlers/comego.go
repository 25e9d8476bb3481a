package handlers

// People come and go (issue 30): a player leaves a match in progress, a
// guest is seated, a match is ended now. Written once for every game: a
// game's engine is asked about a round with only the seats that play it
// (atRound), and the seats that left score 0 in it and have no entry.

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// leftSeats is, seat by seat, whether the player left the match (nil when
// nobody did).
func leftSeats(m store.Match) []bool {
	var out []bool
	for i, st := range m.Seats {
		if st.AwayFrom > 0 {
			if out == nil {
				out = make([]bool, len(m.Seats))
			}
			out[i] = true
		}
	}
	return out
}

// atRound is the match and its rounds as round number is played: only the
// seats whose players still play it, each earlier round's points cut to
// them, and the match's seat of each (nil, and everything as it was, when
// every seat plays). The game draws, reads and scores the round on these.
func atRound(match store.Match, played Played, number int) (store.Match, Played, []int) {
	away := scoring.Away(match.AwayFrom(), number)
	if away == nil {
		return match, played, nil
	}
	var seated []int
	m := match
	m.Seats = nil
	for i, st := range match.Seats {
		if !away[i] {
			seated = append(seated, i)
			m.Seats = append(m.Seats, st)
		}
	}
	out := Played{Entries: played.Entries, Points: make([][]int, len(played.Points))}
	for r, pts := range played.Points {
		cut := make([]int, len(seated))
		for k, i := range seated {
			if i < len(pts) {
				cut[k] = pts[i]
			}
		}
		out.Points[r] = cut
	}
	return m, out, seated
}

// seatedMatch is the match as round number seats it (see atRound).
func seatedMatch(match store.Match, number int) store.Match {
	m, _, _ := atRound(match, Played{}, number)
	return m
}

// seatedPoints is a round's points for every seat of the match: a seat
// whose player left scores 0.
func seatedPoints(rc RoundCtx, points []int) []int {
	if rc.Seated == nil {
		return points
	}
	out := make([]int, rc.Table)
	for k, i := range rc.Seated {
		if k < len(points) && i < len(out) {
			out[i] = points[k]
		}
	}
	return out
}

// comings is what the sheet offers and says about people who come and go.
func (s *Server) comings(c echo.Context, match store.Match, played int, finished bool) views.Comings {
	vctx := s.viewCtx(c)
	g := s.byID[match.Game]
	var out views.Comings
	label := func(n int) string {
		if g == nil {
			return strconv.Itoa(n)
		}
		main, _ := splitLabel(roundLabel(vctx, g, match, Played{}, n))
		return main
	}
	for i, st := range match.Seats {
		switch {
		case st.AwayFrom == 0:
			out.Stay = append(out.Stay, views.SeatName{Seat: i, Name: st.Name})
		case st.AwayFrom == 1:
			out.Notes = append(out.Notes, views.T(vctx, "comego.leftfirst", "Name", st.Name))
		default:
			out.Notes = append(out.Notes, views.T(vctx, "comego.left", "Name", st.Name, "Round", label(st.AwayFrom-1), "InSentence", inSentence(label(st.AwayFrom-1))))
		}
		if st.AwayFrom == played+1 {
			out.Back = append(out.Back, views.SeatName{Seat: i, Name: st.Name})
		}
	}
	if match.EndedEarly() && played > 0 {
		out.Early = views.T(vctx, "comego.early", "Round", label(played), "InSentence", inSentence(label(played)))
	}
	if !finished {
		slug := memberOf(c).group.Slug
		out.LeaveURL, out.ReturnURL = pathTo(c, routeMatchLeave, slug, match.ID), pathTo(c, routeMatchReturn, slug, match.ID)
		if played > 0 {
			out.EndURL = pathTo(c, routeMatchEnd, slug, match.ID)
		}
	}
	return out
}

// seatParam reads the posted seat of the match.
func seatParam(c echo.Context, match store.Match) (int, error) {
	seat, err := strconv.Atoi(c.FormValue("seat"))
	if err != nil || seat < 0 || seat >= len(match.Seats) {
		return 0, echo.NewHTTPError(http.StatusBadRequest)
	}
	return seat, nil
}

// playerLeaves records that a player left the match after the rounds
// saved. The table never drops below the game's fewest seats: the store
// ends the match early instead once a round was played, and refuses the
// departure before the first (store.ErrTooFew, said by comingDone).
func (s *Server) playerLeaves(c echo.Context) error {
	return s.comingAction(c, "comego.cannotleave", func(match store.Match, g Game, seat int) error {
		fewest, _ := g.Seats()
		_, err := s.store.LeaveMatch(c.Request().Context(), match.GroupID, match.ID, seat, memberOf(c).who.Display, fewest)
		return err
	})
}

// playerReturns takes back a departure while no round was played since.
func (s *Server) playerReturns(c echo.Context) error {
	return s.comingAction(c, "comego.cannotreturn", func(match store.Match, _ Game, seat int) error {
		return s.store.ReturnToMatch(c.Request().Context(), match.GroupID, match.ID, seat)
	})
}

// endMatch ends the match now, ranked by the totals so far.
func (s *Server) endMatch(c echo.Context) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	err = s.store.EndMatchEarly(c.Request().Context(), match.GroupID, match.ID)
	return s.comingDone(c, match, g, rounds, "comego.cannotend", err)
}

func (s *Server) comingAction(c echo.Context, refused string, do func(store.Match, Game, int) error) error {
	match, g, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	seat, err := seatParam(c, match)
	if err != nil {
		return err
	}
	return s.comingDone(c, match, g, rounds, refused, do(match, g, seat))
}

// comingDone answers a leave, a return or an end: refused (the match is
// over, a round came meanwhile, a leave before the first round that would
// drop the table below the game's fewest players), the sheet with the
// sentence (409); otherwise this phone goes to the sheet (the live hub,
// told by the store, tells the others).
func (s *Server) comingDone(c echo.Context, match store.Match, g Game, rounds []store.Round, refused string, err error) error {
	if errors.Is(err, store.ErrTooFew) {
		fewest, _ := g.Seats()
		return s.sheetAnswer(c, http.StatusConflict, match, g, rounds,
			views.T(s.viewCtx(c), "comego.cannotleave.fewest", "Game", g.Name(lang(c)), "Fewest", fewest), nil)
	}
	if errors.Is(err, store.ErrInvalid) {
		return s.sheetAnswer(c, http.StatusConflict, match, g, rounds, views.T(s.viewCtx(c), refused), nil)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, s.matchURL(c, match.ID))
}

// admitGuest adds a guest to the group's roster (admin only): from then on
// the standings count him with the matches he played.
func (s *Server) admitGuest(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("player"), 10, 64)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err := s.store.AdmitGuest(c.Request().Context(), memberOf(c).group.ID, id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routePlayers, memberOf(c).group.Slug))
}

// seatsTag ends a round form's submit key with the seats it asks for when
// a player left ("~0-2-3"): a form drawn before a player left or came back
// reads its fields seat by seat, so it must not be saved on another table.
func seatsTag(seated []int) string {
	if seated == nil {
		return ""
	}
	b := []byte("~")
	for k, i := range seated {
		if k > 0 {
			b = append(b, '-')
		}
		b = strconv.AppendInt(b, int64(i), 10)
	}
	return string(b)
}

// keyTag is the seats tag a submit key ends with ("" for none).
func keyTag(key string) string {
	if i := strings.IndexByte(key, '~'); i >= 0 {
		return key[i:]
	}
	return ""
}
