package handlers

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

func (s *Server) exportModel(c echo.Context) views.ExportPage {
	m := memberOf(c)
	slug := m.group.Slug
	alt := "?sep=semicolon"
	if csvSeparator("", lang(c)) == ';' {
		alt = "?sep=comma"
	}
	csv := pathTo(c, routeExportCSV, slug)
	return views.ExportPage{Group: m.nav(c), CSVURL: csv, CSVAltURL: csv + alt,
		JSONURL: pathTo(c, routeExportJSON, slug), GzipURL: pathTo(c, routeExportJSONGzip, slug),
		ImportURL: pathTo(c, routeImport, slug), PublicOn: m.group.PublicOn, PublicAct: pathTo(c, routePublic, slug), Display: m.who.Display,
		BGStatsURL: pathTo(c, routeExportBGStats, slug), BGStatsImport: pathTo(c, routeImportBGStats, slug)}
}

func (s *Server) exportPage(c echo.Context) error {
	m := memberOf(c)
	page := s.exportModel(c)
	// The public link's token is kept hashed: it is shown once, right after it is made.
	if ck, err := c.Cookie("tk_public_once"); err == nil && m.who.IsAdmin && m.group.PublicOn {
		page.PublicURL = s.baseURLFor(c.Request()) + pathTo(c, routePublicStandings, m.group.Slug, ck.Value)
		c.SetCookie(&http.Cookie{Name: "tk_public_once", Path: pathTo(c, routeGroup, m.group.Slug), MaxAge: -1})
	}
	return s.render(c, http.StatusOK, views.ExportView(page))
}

func exportName(slug, ext string, now time.Time) string {
	return fmt.Sprintf("tablekeeper-%s-%s.%s", slug, now.UTC().Format("2006-01-02"), ext)
}

// exportJSON streams the complete file (compressed with gzip at
// export.json.gz): the group, then each match as it is read, so that a
// group of any size is exported in the memory of a few hundred matches
// (see store.ExportTo); the answer waits in its spool's temporary file.
func (s *Server) exportJSON(c echo.Context) error {
	m := memberOf(c)
	gz := strings.HasSuffix(c.Path(), ".gz")
	name := exportName(m.group.Slug, "json", s.store.Now())
	var w io.Writer = c.Response()
	var z *gzip.Writer
	if gz {
		name += ".gz"
		z = gzip.NewWriter(w)
		w = z
	}
	var body *exportWriter
	err := s.store.ExportTo(c.Request().Context(), m.group.ID, func(head store.Export) error {
		h := c.Response().Header()
		h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
		if gz {
			h.Set(echo.HeaderContentType, "application/gzip")
		} else {
			h.Set(echo.HeaderContentType, "application/json; charset=utf-8")
		}
		c.Response().WriteHeader(http.StatusOK)
		body = &exportWriter{w: w}
		return body.head(head)
	}, func(mt store.ExportMatch) error { return body.match(mt) })
	if err != nil {
		return err
	}
	if err := body.end(); err != nil {
		return err
	}
	if z != nil {
		return z.Close()
	}
	return nil
}

// writeExport writes e as exportWriter does.
func writeExport(w io.Writer, e store.Export) error {
	x := &exportWriter{w: w}
	if err := x.head(e); err != nil {
		return err
	}
	for _, m := range e.Matches {
		if err := x.match(m); err != nil {
			return err
		}
	}
	return x.end()
}

// exportWriter writes an export a match at a time: the group and its roster
// indented, then each match on a line of its own, compact. A round's entry
// is written as it is stored, never re-indented, so the file's size is the
// size of what is stored, whatever the entries' nesting.
type exportWriter struct {
	w io.Writer
	n int // matches written
}

func (x *exportWriter) head(e store.Export) error {
	e.Matches = []store.ExportMatch{}
	head, err := json.MarshalIndent(e, "", "  ")
	if err != nil {
		return err
	}
	_, err = x.w.Write(bytes.TrimSuffix(head, []byte("[]\n}")))
	return err
}

func (x *exportWriter) match(m store.ExportMatch) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	sep := ","
	if x.n == 0 {
		sep = "["
	}
	x.n++
	if _, err := io.WriteString(x.w, sep+"\n    "); err != nil {
		return err
	}
	_, err = x.w.Write(b)
	return err
}

func (x *exportWriter) end() error {
	end := "[]\n}\n"
	if x.n > 0 {
		end = "\n  ]\n}\n"
	}
	_, err := io.WriteString(x.w, end)
	return err
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
		c.SetCookie(&http.Cookie{Name: "tk_public_once", Value: tok, Path: pathTo(c, routeGroup, m.group.Slug), MaxAge: 300, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	case "off":
		if err := s.store.DisablePublicToken(ctx, m.group.ID); err != nil {
			return err
		}
	default:
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	return c.Redirect(http.StatusSeeOther, pathTo(c, routeExport, m.group.Slug))
}
