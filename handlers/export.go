package handlers

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/referee"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// maxImport bounds an uploaded export: years of weekly game nights fit in a
// few megabytes.
//
// An import's memory is proportional to its file: the request body waits
// in a temporary file (see receiveBody), the multipart form puts the file
// in another (see parseUpload), and importUpload holds the file (n ≤ 32 MiB)
// and its decoded form, which store.ReadExport refuses to decode when it
// could take more than store.MaxImportCost(n) = 8n + 1 MiB. So an import
// holds at most 9n + 1 MiB (≤ 289 MiB for the largest file, ~10 MiB for a
// real 1 MiB export), and at most two imports are worked on at once (see
// admitted).
const maxImport = 32 << 20

func (s *Server) exportModel(c echo.Context) views.ExportPage {
	m := memberOf(c)
	base := "/g/" + m.group.Slug
	return views.ExportPage{Group: m.nav(), CSVURL: base + "/export.csv", JSONURL: base + "/export.json",
		ImportURL: base + "/import", PublicOn: m.group.PublicOn, PublicAct: base + "/public", Display: m.who.Display}
}

func (s *Server) exportPage(c echo.Context) error {
	m := memberOf(c)
	page := s.exportModel(c)
	// The public link's token is kept hashed: it is shown once, right after it is made.
	if ck, err := c.Cookie("tk_public_once"); err == nil && m.who.IsAdmin && m.group.PublicOn {
		page.PublicURL = s.baseURLFor(c.Request()) + "/s/" + m.group.Slug + "/" + ck.Value
		c.SetCookie(&http.Cookie{Name: "tk_public_once", Path: "/g/" + m.group.Slug, MaxAge: -1})
	}
	return s.render(c, http.StatusOK, views.ExportView(page))
}

func exportName(slug, ext string, now time.Time) string {
	return fmt.Sprintf("tablekeeper-%s-%s.%s", slug, now.UTC().Format("2006-01-02"), ext)
}

func (s *Server) exportJSON(c echo.Context) error {
	m := memberOf(c)
	e, err := s.store.ExportGroup(c.Request().Context(), m.group.ID)
	if err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Content-Disposition", `attachment; filename="`+exportName(m.group.Slug, "json", s.store.Now())+`"`)
	h.Set(echo.HeaderContentType, "application/json; charset=utf-8")
	c.Response().WriteHeader(http.StatusOK)
	return writeExport(c.Response(), e)
}

// writeExport writes e as JSON a match at a time, so that the whole file
// is never held in memory (it goes to the answer's spool, see admitted):
// the group and its roster indented, then each match on a line of its own,
// compact. A round's entry is written as it is stored, never re-indented,
// so the file's size is the size of what is stored, whatever the entries'
// nesting.
func writeExport(w io.Writer, e store.Export) error {
	matches := e.Matches
	e.Matches = []store.ExportMatch{}
	head, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return err
	}
	head = bytes.TrimSuffix(head, []byte("[]\n}"))
	if _, err := w.Write(head); err != nil {
		return err
	}
	sep := "["
	for _, m := range matches {
		b, err := json.Marshal(m)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(w, sep+"\n    "); err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
		sep = ","
	}
	end := "[]\n}\n"
	if len(matches) > 0 {
		end = "\n  ]\n}\n"
	}
	_, err = io.WriteString(w, end)
	return err
}

// exportCSV writes one line per seat of every round (undone ones marked) of
// every match that was not deleted, for a spreadsheet.
func (s *Server) exportCSV(c echo.Context) error {
	m := memberOf(c)
	e, err := s.store.ExportGroup(c.Request().Context(), m.group.ID)
	if err != nil {
		return err
	}
	names := map[int64]string{}
	for _, p := range e.Players {
		names[p.ID] = p.Name
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"match", "game", "started", "finished", "round", "status", "seat", "player", "points", "match_total"})
	for _, mt := range e.Matches {
		if mt.DeletedAt != nil {
			continue
		}
		finished := ""
		if mt.FinishedAt != nil {
			finished = *mt.FinishedAt
		}
		for _, r := range mt.Rounds {
			status := "live"
			if r.UndoneAt != nil {
				status = "undone"
			}
			for seat, st := range mt.Seats {
				w.Write([]string{strconv.FormatInt(mt.ID, 10), csvText(mt.Game), csvText(mt.CreatedAt), csvText(finished), strconv.Itoa(r.Number), status,
					strconv.Itoa(seat + 1), csvText(names[st.Player]), strconv.Itoa(r.Points[seat]), strconv.Itoa(st.Total)})
			}
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="`+exportName(m.group.Slug, "csv", s.store.Now())+`"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
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

// importGroup makes a new group from an export file, from a group's export
// page; the importer becomes its admin.
func (s *Server) importGroup(c echo.Context) error {
	parseUpload(c)
	page := s.exportModel(c)
	page.Display = c.FormValue("display")
	created, refused, err := s.importUpload(c, page.Display)
	if err != nil {
		return err
	}
	if refused != nil {
		page.Error = views.T(s.viewCtx(c), refused.key, refused.args...)
		return s.render(c, http.StatusUnprocessableEntity, views.ExportView(page))
	}
	return s.imported(c, created)
}

// importFromHome is the same import from the home page, for a group moving
// to this instance: no group is needed here first.
func (s *Server) importFromHome(c echo.Context) error {
	parseUpload(c)
	form := views.ImportForm{Display: c.FormValue("display")}
	created, refused, err := s.importUpload(c, form.Display)
	if err != nil {
		return err
	}
	if refused != nil {
		form.Error = views.T(s.viewCtx(c), refused.key, refused.args...)
		h := s.homeModel(c, views.GroupForm{})
		h.Import = form
		return s.render(c, http.StatusUnprocessableEntity, views.HomePage(h))
	}
	return s.imported(c, created)
}

func (s *Server) imported(c echo.Context, created store.CreatedGroup) error {
	setSession(c, created.SessionToken)
	c.SetCookie(&http.Cookie{Name: "tk_admin_once", Value: created.AdminToken, Path: "/g/" + created.Group.Slug, MaxAge: 300, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return c.Redirect(http.StatusSeeOther, "/g/"+created.Group.Slug)
}

// refusal is why an import was refused: a message id and its arguments.
type refusal struct {
	key  string
	args []any
}

// parseUpload reads an import's form: the file goes to a temporary file
// (the body itself is already here, see admitted), not to memory, so that
// the file is in memory once only, in importUpload.
func parseUpload(c echo.Context) {
	c.Request().ParseMultipartForm(64 << 10) // an error is told by FormFile
}

// importUpload reads the uploaded export, checks it whole and imports it in
// one transaction. A file that is not an export, is damaged, or names a game
// this server does not have is refused (nothing is created).
func (s *Server) importUpload(c echo.Context, display string) (store.CreatedGroup, *refusal, error) {
	refuse := func(key string, args ...any) (store.CreatedGroup, *refusal, error) {
		return store.CreatedGroup{}, &refusal{key, args}, nil
	}
	if k := checkName(display); k != "" {
		return refuse(k)
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return refuse("standings.import.nofile")
	}
	if fh.Size > maxImport {
		return refuse("standings.import.toolarge")
	}
	f, err := fh.Open()
	if err != nil {
		return refuse("standings.import.nofile")
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxImport+1))
	if err != nil || len(b) > maxImport {
		return refuse("standings.import.toolarge")
	}
	e, err := store.ReadExport(b)
	why := ""
	if err == nil {
		why, err = s.checkRounds(e, lang(c))
	}
	var ie *store.ImportError
	if errors.As(err, &ie) {
		s.log.Info("import refused", "err", err)
		if ie.Match > 0 {
			return refuse("standings.import.bad."+ie.Part, "N", ie.Match, "R", ie.Round, "Why", why)
		}
		return refuse("standings.import.bad." + ie.Part)
	}
	if err != nil {
		return store.CreatedGroup{}, nil, err
	}
	created, err := s.store.ImportGroup(c.Request().Context(), e, display, sessionToken(c))
	if errors.As(err, &ie) {
		return refuse("standings.import.bad." + ie.Part)
	}
	return created, nil, err
}

// publicLink turns the read-only standings link on (a new token each time,
// so the old link stops) or off. Admin only.
func (s *Server) publicLink(c echo.Context) error {
	m := memberOf(c)
	ctx := c.Request().Context()
	switch c.FormValue("op") {
	case "on":
		tok, err := s.store.RotatePublicToken(ctx, m.group.ID)
		if err != nil {
			return err
		}
		c.SetCookie(&http.Cookie{Name: "tk_public_once", Value: tok, Path: "/g/" + m.group.Slug, MaxAge: 300, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	case "off":
		if err := s.store.DisablePublicToken(ctx, m.group.ID); err != nil {
			return err
		}
	default:
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	return c.Redirect(http.StatusSeeOther, "/g/"+m.group.Slug+"/export")
}

// checkRounds asks each match's game whether the file's match could have
// been recorded: its options, and every live round through the engine's
// Score, the one validator of a round the scoresheet and the API use too,
// which must accept the entry and give the points the file holds. It
// returns the engine's reason in the reader's language, and an
// *store.ImportError naming the match and round.
func (s *Server) checkRounds(e store.Export, lg string) (why string, err error) {
	for i, mt := range e.Matches {
		g, ok := s.byID[mt.Game]
		if !ok {
			return "", &store.ImportError{Part: "game", Match: i + 1, Detail: mt.Game}
		}
		bad := func(part string, round int, err error) (string, error) {
			why := ""
			var ie *referee.InputError
			if errors.As(err, &ie) {
				why = ie.Message.In(lg)
			}
			return why, &store.ImportError{Part: part, Match: i + 1, Round: round, Detail: fmt.Sprint(err)}
		}
		opts, err := g.CheckOptions(len(mt.Seats), mt.Options)
		if err != nil {
			return bad("options", 0, err)
		}
		m := scoring.Match{Seats: len(mt.Seats), Options: opts, Rules: referee.ResolveKnown(g.HouseRules(), mt.Rules)}
		var before []scoring.Round
		for _, r := range mt.Rounds {
			if r.UndoneAt != nil {
				continue
			}
			points, err := g.Score(m, before, r.Entry)
			if err != nil {
				return bad("round", r.Number, err)
			}
			if !slices.Equal(points, r.Points) {
				return bad("scored", r.Number, fmt.Errorf("the entry scores %v, the file says %v", points, r.Points))
			}
			before = append(before, scoring.Round{Entry: r.Entry, Points: points})
		}
	}
	return "", nil
}
