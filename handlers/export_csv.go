package handlers

import (
	"encoding/csv"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
)

// exportCSV writes one line per seat of every round (undone ones marked) of
// every match that was not deleted, each game named by its name, for a
// spreadsheet: UTF-8 with a
// byte-order mark (so that Excel reads accents right), times in the
// group's time zone (the server's --timezone, as on the pages), text cells
// a spreadsheet would evaluate made inert (see csvText), and the separator
// the reader's spreadsheet expects: a semicolon in French (where the comma
// is the decimal separator), a comma in English, or the one asked with
// ?sep=semicolon or ?sep=comma. It is streamed a match at a time.
func (s *Server) exportCSV(c echo.Context) error {
	m := memberOf(c)
	sep := csvSeparator(c.QueryParam("sep"), lang(c))
	names, guests := map[int64]string{}, map[int64]bool{}
	gs, err := s.groupGames(c.Request().Context(), m.group.ID)
	if err != nil {
		return err
	}
	var w *csv.Writer
	err = s.store.ExportTo(c.Request().Context(), m.group.ID, func(e store.Export) error {
		for _, p := range e.Players {
			names[p.ID], guests[p.ID] = p.Name, p.Guest
		}
		h := c.Response().Header()
		h.Set("Content-Disposition", `attachment; filename="`+exportName(m.group.Slug, "csv", s.store.Now())+`"`)
		h.Set(echo.HeaderContentType, "text/csv; charset=utf-8")
		c.Response().WriteHeader(http.StatusOK)
		io.WriteString(c.Response(), "\ufeff")
		w = csv.NewWriter(c.Response())
		w.Comma = sep
		return w.Write([]string{"match", "game", "started", "finished", "round", "status", "seat", "player", "points", "match_total",
			"place", "result", "guest", "left_after_round", "ended_early"})
	}, func(mt store.ExportMatch) error {
		if mt.DeletedAt != nil {
			return nil
		}
		started, finished := s.csvTime(&mt.CreatedAt), s.csvTime(mt.FinishedAt)
		game := csvText(gs.name(mt.Game, lang(c))) // by its name, in the reader's language: never custom-17
		g, _ := gs.get(mt.Game)
		places, result, ended := csvPlaces(gs, mt), gs.resultOf(mt.Game, mt.Result, exportTotals(mt)), ""
		asPlaces := placesOnly(g, mt.NoScores)
		if mt.EndedEarlyAt != nil {
			ended = "yes"
		}
		away := mt.AwayFrom()
		for _, r := range mt.Rounds {
			status := "live"
			if r.UndoneAt != nil {
				status = "undone"
			}
			kept := len(mt.Scores) == len(mt.Seats) && bgstats.IsFinal(r.Entry) // a play's scores as it held them
			for seat, st := range mt.Seats {
				points, total := strconv.Itoa(r.Points[seat]), strconv.Itoa(st.Total)
				switch {
				case asPlaces: // places, not the players beaten: the place column says it
					points, total = "", ""
				case kept: // "4.5" (4,5 with semicolons), or empty for a seat without a score
					points = mt.Scores[seat]
					if sep == ';' {
						points = strings.Replace(points, ".", ",", 1)
					}
					total = points
				}
				guest, left := "", ""
				if guests[st.Player] {
					guest = "yes"
				}
				if seat < len(away) && away[seat] > 0 {
					left = strconv.Itoa(away[seat] - 1)
					if r.UndoneAt == nil && r.Number >= away[seat] {
						points = "" // he did not play it: no score, not 0
					}
				}
				if err := w.Write([]string{strconv.FormatInt(mt.ID, 10), game, started, finished, strconv.Itoa(r.Number), status,
					strconv.Itoa(seat + 1), csvText(names[st.Player]), points, total, places[seat], result, guest, left, ended}); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	w.Flush()
	return w.Error()
}

// csvPlaces are a match's places as the CSV writes them: as the sheet,
// the standings and the BG Stats file rank it (scoring.FinalPlaces), empty
// while it is played or when its places do not rank it (won or lost
// together, nobody won, no result).
func csvPlaces(gs gameSet, mt store.ExportMatch) []string {
	totals := exportTotals(mt)
	if mt.FinishedAt == nil {
		return make([]string, len(totals))
	}
	lowWins := false
	if g, ok := gs.get(mt.Game); ok {
		lowWins = g.LowWins()
	}
	return placeTexts(scoring.FinalPlaces(mt.Places, totals, lowWins, mt.Left()), gs.resultOf(mt.Game, mt.Result, totals))
}

// exportTotals are an exported match's totals, seat by seat.
func exportTotals(mt store.ExportMatch) []int {
	out := make([]int, len(mt.Seats))
	for i, st := range mt.Seats {
		out[i] = st.Total
	}
	return out
}

// csvSeparator is the separator asked for, or the one the language's
// spreadsheets expect.
func csvSeparator(asked, lg string) rune {
	switch {
	case asked == "semicolon":
		return ';'
	case asked == "comma":
		return ','
	case lg == "fr":
		return ';'
	}
	return ','
}

// csvTime is a stored time in the group's time zone, as a spreadsheet reads
// a date and time ("2026-06-01 00:30"); empty for none.
func (s *Server) csvTime(v *string) string {
	if v == nil {
		return ""
	}
	t, err := time.Parse("2006-01-02T15:04:05.000Z", *v)
	if err != nil {
		return csvText(*v)
	}
	return s.local(t).Format("2006-01-02 15:04")
}

// csvText makes a text cell inert in a spreadsheet: one that starts with a
// character a spreadsheet would read as a formula (= + - @, or a tab or
// carriage return before one; OWASP's list) gets a leading apostrophe, so a
// player named =HYPERLINK(…) or =cmd|… stays a name. Number cells (points,
// totals, a score of -40) are written as numbers and do not go through here.
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}
