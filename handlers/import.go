package handlers

import (
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/scoring"
	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/store/bgstats"
	"github.com/tablekeeper/tablekeeper/views"
)

// maxImport bounds an uploaded file, compressed (gzip) or not: a
// 10,000-match group's complete file is about 60 MiB as JSON and 7 MiB
// compressed.
//
// An import's memory does not grow with its file: the request body waits
// in a temporary file (see receiveBody), the multipart form puts the file
// in another (see parseUpload), and the import reads it from there as a
// stream, one match at a time (see store.ExportReader), holding at most
// store.MaxImportMemory (about 60 MiB, a few MiB for a real file); at most
// two imports are worked on at once (see admitted).
const maxImport = 256 << 20

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
	c.SetCookie(&http.Cookie{Name: "tk_admin_once", Value: created.AdminToken, Path: pathTo(c, routeGroup, created.Group.Slug), MaxAge: 300, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeGroup, created.Group.Slug))
}

// refusal is why an import was refused: a message id and its arguments.
type refusal struct {
	key  string
	args []any
}

// parseUpload reads an import's form: the file goes to a temporary file
// (the body itself is already here, see admitted), not to memory: the
// import reads it from there as a stream.
//
// The received body (see receiveBody) is let go at once: its temporary
// file is removed, so that an import keeps one copy of its file on disk,
// not two (see maxUploads).
func parseUpload(c echo.Context) {
	r := c.Request()
	r.ParseMultipartForm(64 << 10) // an error is told by FormFile
	r.Body.Close()
}

// importUpload reads the uploaded export twice as a stream: first to check
// every match (the store's checks, then the game's, see checkMatch)
// without taking the write lock, so that a refused file says why at once
// and a good one holds up no one's saves while it is checked; then to write
// it in one transaction (the store checks it again as it writes). A file
// that is not an export, is damaged, or names a game this server does not
// have is refused with a sentence naming the match and the field, and
// nothing is created.
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
	defer c.Request().MultipartForm.RemoveAll() // not when the answer has been sent: now
	if fh.Size > maxImport {
		return refuse("standings.import.toolarge")
	}
	f, err := fh.Open()
	if err != nil {
		return refuse("standings.import.nofile")
	}
	defer f.Close()
	lg := lang(c)
	why, err := s.checkUpload(f, lg)
	if err == nil {
		if _, err = f.Seek(0, io.SeekStart); err != nil {
			return store.CreatedGroup{}, nil, err
		}
		// The file was checked whole above and cannot have changed since:
		// the store's own checks run again as it writes, the games' need not.
		var created store.CreatedGroup
		created, err = s.store.ImportFrom(c.Request().Context(), f, nil, display, sessionToken(c))
		if err == nil {
			return created, nil, nil
		}
	}
	var ie *store.ImportError
	if !errors.As(err, &ie) {
		return store.CreatedGroup{}, nil, err
	}
	s.log.Info("import refused", "err", err)
	if ie.Match == 0 && isBGStats(f) {
		return refuse("bgstats.import.wrongfile") // a BG Stats file goes to a group's BG Stats import
	}
	key, args := s.importRefusal(c, ie, why)
	return refuse(key, args...)
}

// checkUpload reads the whole file once, checking each match.
func (s *Server) checkUpload(f multipart.File, lg string) (why string, err error) {
	x, err := store.NewExportReader(f)
	if err != nil {
		return "", err
	}
	gs := s.fileGames(x.Head.Games)
	for n := 1; ; n++ {
		m, ok, err := x.Next()
		if err != nil || !ok {
			return "", err
		}
		if why, err := s.checkMatchIn(gs, n, m, lg); err != nil {
			return why, err
		}
	}
}

// importRefusal is the sentence for a refused file: its message id and
// arguments. A match is named by its position in the file and, when it
// was read, the day it started; a damaged match says which field.
func (s *Server) importRefusal(c echo.Context, ie *store.ImportError, why string) (string, []any) {
	key := "standings.import.bad." + ie.Part
	switch ie.Part {
	case "truncated", "syntax", "json", "unknown":
		if ie.Match > 0 {
			key += ".match"
		}
	}
	at := ""
	if t, err := time.Parse("2006-01-02T15:04:05.000Z", ie.At); err == nil {
		at = views.T(s.viewCtx(c), "standings.import.started", "Day", views.DayText(lang(c), s.local(t)))
	}
	field := ""
	if ie.Part == "matches" {
		field = views.T(s.viewCtx(c), "standings.import.field."+ie.Field, "R", ie.Round, "Item", ie.Item)
	}
	return key, []any{"N", ie.Match, "R", ie.Round, "At", at, "Field", field, "Name", ie.Field, "Why", why}
}

// checkMatch asks the match's game whether the file's match could have
// been recorded: its options, and every live round through the engine's
// Score, the one validator of a round the scoresheet and the API use too,
// which must accept the entry and give the points the file holds. It
// returns the engine's reason in the reader's language, and an
// *store.ImportError naming the match (n, 1-based) and round.
func (s *Server) checkMatch(n int, mt store.ExportMatch, lg string) (why string, err error) {
	return s.checkMatchIn(gameSet{s: s}, n, mt, lg)
}

// checkMatchIn is checkMatch for a match of one of gs's games (a group's,
// or a file's own other games).
func (s *Server) checkMatchIn(gs gameSet, n int, mt store.ExportMatch, lg string) (why string, err error) {
	g, ok := gs.get(mt.Game)
	if !ok {
		return "", &store.ImportError{Part: "game", Match: n, At: mt.CreatedAt, Detail: mt.Game}
	}
	bad := func(part string, round int, err error) (string, error) {
		why := ""
		var ie *rulebook.InputError
		if errors.As(err, &ie) {
			why = s.tr.Mistake(lg, ie)
		}
		return why, &store.ImportError{Part: part, Match: n, At: mt.CreatedAt, Round: round, Detail: fmt.Sprint(err)}
	}
	live, final := 0, false
	for _, r := range mt.Rounds {
		if r.UndoneAt == nil {
			live++
			final = final || bgstats.IsFinal(r.Entry)
		}
	}
	opts := mt.Options
	if final {
		// Final scores only (a BG Stats play): no options were chosen, the table's size is all there is to check.
		if err := checkTable(g, len(mt.Seats)); err != nil {
			return bad("options", 0, err)
		}
	} else if opts, err = g.CheckOptions(len(mt.Seats), mt.Options); err != nil {
		return bad("options", 0, err)
	}
	m := scoring.Match{Seats: len(mt.Seats), Options: opts, Rules: rulebook.ResolveKnown(g.HouseRules(), mt.Rules)}
	var before []scoring.Round
	for _, r := range mt.Rounds {
		if r.UndoneAt != nil {
			continue
		}
		if bgstats.IsFinal(r.Entry) { // a BG Stats play's final scores: nothing to score again
			if !checkFinal(live, len(mt.Seats), r.Points) {
				return bad("round", r.Number, fmt.Errorf("final scores in a match of %d live rounds, %d seats", live, len(mt.Seats)))
			}
			before = append(before, scoring.Round{Entry: r.Entry, Points: r.Points})
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
	return "", nil
}

// checkRounds is checkMatch over a whole export held in memory.
func (s *Server) checkRounds(e store.Export, lg string) (why string, err error) {
	gs := s.fileGames(e.Games)
	for i, mt := range e.Matches {
		if why, err := s.checkMatchIn(gs, i+1, mt, lg); err != nil {
			return why, err
		}
	}
	return "", nil
}
