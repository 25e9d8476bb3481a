package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
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
	if err := component.Render(s.viewCtx(c), &buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// submitKeyHole stands in a rendered page for the round form's submit key;
// send puts a fresh random key in its place in every answer, so a cached page
// never hands two phones the same key, and the page's ETag stays stable.
const submitKeyHole = "SUBMITKEYHOLE"

// send writes a rendered page. A 200 page carries an ETag of its content, so
// a reload of an unchanged page costs a 304; pages are compressed.
func (s *Server) send(c echo.Context, status int, body []byte) error {
	if status == http.StatusOK && c.Request().Method == http.MethodGet {
		sum := sha256.Sum256(body)
		etag := `W/"` + hex.EncodeToString(sum[:12]) + `"`
		h := c.Response().Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", "private, no-cache")
		h.Set("Vary", "Cookie, Accept-Language, HX-Request")
		if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
			return c.NoContent(http.StatusNotModified)
		}
	}
	if bytes.Contains(body, []byte(submitKeyHole)) {
		body = bytes.ReplaceAll(body, []byte(submitKeyHole), []byte(store.NewToken()))
	}
	if len(body) > 1024 && strings.Contains(c.Request().Header.Get("Accept-Encoding"), "gzip") {
		h := c.Response().Header()
		h.Set("Content-Encoding", "gzip")
		h.Add("Vary", "Accept-Encoding")
		return c.Blob(status, echo.MIMETextHTMLCharsetUTF8, s.gzip(body))
	}
	return c.HTMLBlob(status, body)
}

// gzip compresses a page with one of the server's few compressors (each
// holds about a megabyte, so their number, not the load, bounds memory).
func (s *Server) gzip(b []byte) []byte {
	w := <-s.compressors
	defer func() { s.compressors <- w }()
	var out bytes.Buffer
	out.Grow(len(b) / 3)
	w.Reset(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

func newCompressors(n int) chan *gzip.Writer {
	ch := make(chan *gzip.Writer, n)
	for i := 0; i < n; i++ {
		w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
		ch <- w
	}
	return ch
}

// viewCtx is the request context with the page environment for the views,
// built once per request.
func (s *Server) viewCtx(c echo.Context) context.Context {
	if ctx, ok := c.Get("viewctx").(context.Context); ok {
		if _, extra := c.Get("extra").(templ.Component); !extra || views.EnvFrom(ctx).Extra != nil {
			return ctx
		}
	}
	ctx := s.buildViewCtx(c)
	c.Set("viewctx", ctx)
	return ctx
}

func (s *Server) buildViewCtx(c echo.Context) context.Context {
	env := s.tr.NewEnv(lang(c), c.Request().URL.RequestURI(),
		s.assets.URL("app.css"), s.assets.URL("htmx.min.js"), s.assets.URL("app.js"))
	if extra, ok := c.Get("extra").(templ.Component); ok {
		env.Extra = extra
	}
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
