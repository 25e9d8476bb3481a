package handlers

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"golang.org/x/text/language"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// render writes component with status, buffering first so that a rendering
// error becomes a clean 500 rather than half a page.
func (s *Server) render(c echo.Context, status int, component templ.Component) error {
	body, err := s.renderBytes(c, component)
	if err != nil {
		return err
	}
	return s.send(c, status, body)
}

// renderBytes renders a component for this request.
func (s *Server) renderBytes(c echo.Context, component templ.Component) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(16 << 10) // most pages fit: one allocation rather than five
	if err := component.Render(s.viewCtx(c), &buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// send writes a rendered page (see sendPrepared).
func (s *Server) send(c echo.Context, status int, body []byte) error {
	get := status == http.StatusOK && c.Request().Method == http.MethodGet
	return s.sendPrepared(c, status, s.prepareOnce(body, get))
}

// sendPrepared writes a prepared page with a fresh submit key. A 200 page
// carries an ETag of its content, so a reload of an unchanged page costs a
// 304; pages are compressed when the browser takes gzip.
func (s *Server) sendPrepared(c echo.Context, status int, p *prepared) error {
	h := c.Response().Header()
	if status == http.StatusOK && c.Request().Method == http.MethodGet {
		h.Set("ETag", p.etag)
		h.Set("Cache-Control", "private, no-cache")
		h.Set("Vary", "Cookie, Accept-Language, HX-Request")
		if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, p.etag) {
			return c.NoContent(http.StatusNotModified)
		}
	}
	key := ""
	if p.holes > 0 {
		key = store.NewToken()
	}
	if p.zip != nil && strings.Contains(c.Request().Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
		return c.Blob(status, echo.MIMETextHTMLCharsetUTF8, p.gzipped(key))
	}
	return c.HTMLBlob(status, p.plain(key))
}

// viewCtx is the request context with the page environment for the views,
// built once per request.
func (s *Server) viewCtx(c echo.Context) context.Context {
	if ctx, ok := c.Get("viewctx").(context.Context); ok {
		return ctx
	}
	ctx := s.buildViewCtx(c)
	c.Set("viewctx", ctx)
	return ctx
}

func (s *Server) buildViewCtx(c echo.Context) context.Context {
	env := s.tr.NewEnv(lang(c), c.Request().URL.RequestURI(),
		s.assets.URL("app.css"), s.assets.URL("htmx.min.js"), s.assets.URL("app.js"))
	return views.WithEnv(c.Request().Context(), env)
}

// lang is the language of the answer: the switch's cookie, else the
// browser's Accept-Language, else English.
func lang(c echo.Context) string {
	if ck, err := c.Cookie("lang"); err == nil && (ck.Value == "fr" || ck.Value == "en") {
		return ck.Value
	}
	return acceptLang(c.Request().Header.Get("Accept-Language"))
}

func acceptLang(header string) string {
	tags, _, _ := language.ParseAcceptLanguage(header)
	for _, t := range tags {
		base, _ := t.Base()
		switch base.String() {
		case "fr":
			return "fr"
		case "en":
			return "en"
		}
	}
	return "en"
}

// setLang remembers the language switch and goes back where the user was.
func (s *Server) setLang(c echo.Context) error {
	to := c.QueryParam("to")
	if to != "fr" && to != "en" {
		to = "en"
	}
	c.SetCookie(&http.Cookie{Name: "lang", Value: to, Path: "/", MaxAge: 365 * 24 * 3600, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	back := c.QueryParam("back")
	if u, err := url.Parse(back); err != nil || u.Scheme != "" || u.Host != "" || !strings.HasPrefix(u.Path, "/") ||
		strings.ContainsAny(back, "\\\t\r\n") || strings.HasPrefix(back, "//") {
		back = "/" // only a path of this site: never another site, however it is spelled
	}
	return c.Redirect(http.StatusSeeOther, back)
}

func isHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }
