package handlers

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"golang.org/x/text/language"

	"github.com/tablekeeper/tablekeeper/views"
)

// render writes component with status, buffering first so that a rendering
// error becomes a clean 500 rather than half a page. A 200 page carries an
// ETag of its content, so a reload of an unchanged page costs a 304.
func (s *Server) render(c echo.Context, status int, component templ.Component) error {
	var buf bytes.Buffer
	if err := component.Render(s.viewCtx(c), &buf); err != nil {
		return err
	}
	if status == http.StatusOK && c.Request().Method == http.MethodGet {
		sum := sha256.Sum256(buf.Bytes())
		etag := `W/"` + hex.EncodeToString(sum[:12]) + `"`
		h := c.Response().Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", "private, no-cache")
		h.Set("Vary", "Cookie, Accept-Language, HX-Request")
		if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, etag) {
			return c.NoContent(http.StatusNotModified)
		}
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// viewCtx is the request context with the page environment for the views.
func (s *Server) viewCtx(c echo.Context) context.Context {
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
	if !strings.HasPrefix(back, "/") || strings.HasPrefix(back, "//") || strings.HasPrefix(back, "/\\") {
		back = "/"
	}
	return c.Redirect(http.StatusSeeOther, back)
}

func isHTMX(c echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }
