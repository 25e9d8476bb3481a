package handlers

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"golang.org/x/text/language"

	"github.com/tablekeeper/tablekeeper/serve"
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
	defer releaseBody(body)
	return s.send(c, status, body)
}

// renderBytes renders a component for this request, into a buffer that the
// caller may hand back with releaseBody once the page is sent.
func (s *Server) renderBytes(c echo.Context, component templ.Component) ([]byte, error) {
	buf := bytes.NewBuffer(bodyBuffer())
	if err := component.Render(s.viewCtx(c), buf); err != nil {
		releaseBody(buf.Bytes())
		return nil, err
	}
	return buf.Bytes(), nil
}

// bodies are render buffers used again: a scoresheet is ~20 KB, and growing
// a fresh buffer to it for every page was a quarter of the bytes a cold
// scoresheet allocated.
var bodies = sync.Pool{New: func() any { b := make([]byte, 0, 32<<10); return &b }}

func bodyBuffer() []byte { return (*bodies.Get().(*[]byte))[:0] }

// releaseBody hands a rendered page's buffer back once nothing refers to it
// any more (the page is sent, and what is kept holds copies). Very large
// buffers are left to the collector, so the pool does not keep their memory.
func releaseBody(b []byte) {
	if cap(b) == 0 || cap(b) > 256<<10 {
		return
	}
	b = b[:0]
	bodies.Put(&b)
}

// send writes a rendered page (see sendPrepared).
func (s *Server) send(c echo.Context, status int, body []byte) error {
	etag := ""
	if status == http.StatusOK && c.Request().Method == http.MethodGet {
		etag = serve.EtagOf(body, drawnKey(c))
	}
	return s.sendPrepared(c, status, serve.Prepare(body, etag))
}

// sendPrepared writes a prepared page. A 200 page carries an ETag of its
// content, so a reload of an unchanged page costs a 304; pages are
// compressed when the browser takes gzip.
func (s *Server) sendPrepared(c echo.Context, status int, p *serve.Prepared) error {
	h := c.Response().Header()
	page := status == http.StatusOK && c.Request().Method == http.MethodGet
	if page {
		h.Set("ETag", p.ETag)
		if kept(c) {
			h["Cache-Control"] = privateNoCache
		}
		h["Vary"] = varyPage
		if match := c.Request().Header.Get("If-None-Match"); match != "" && strings.Contains(match, p.ETag) {
			return c.NoContent(http.StatusNotModified)
		}
	}
	if h.Get(echo.HeaderContentType) == "" { // as echo's Blob sets it, without a slice per answer
		h[echo.HeaderContentType] = htmlType
	}
	if p.GZ != nil && strings.Contains(c.Request().Header.Get("Accept-Encoding"), "gzip") {
		h["Content-Encoding"] = gzipEncoding
		if page {
			h["Vary"] = varyPageGzip
		} else {
			h.Add("Vary", "Accept-Encoding")
		}
		return c.Blob(status, echo.MIMETextHTMLCharsetUTF8, p.GZ)
	}
	return c.HTMLBlob(status, p.Plain())
}

// submitKey is the key of the round form this answer draws: drawn once per
// request, fresh for every answer, so a repeated post of one form is saved
// once and two phones never share a key. A page that draws one holds
// something per request and is never kept (cachedPage).
func submitKey(c echo.Context) string {
	if k := drawnKey(c); k != "" {
		return k
	}
	k := store.NewToken()
	c.Set(submitKeyName, k)
	return k
}

// drawnKey is the submit key this answer drew, or "".
func drawnKey(c echo.Context) string {
	k, _ := c.Get(submitKeyName).(string)
	return k
}

const submitKeyName = "submitkey"

// Header values every page sends (see fixedHeader).
var (
	privateNoCache = fixedHeader("private, no-cache")
	varyPage       = fixedHeader("Cookie, Accept-Language, HX-Request")
	varyPageGzip   = fixedHeader("Cookie, Accept-Language, HX-Request", "Accept-Encoding")
	gzipEncoding   = fixedHeader("gzip")
	htmlType       = fixedHeader(echo.MIMETextHTMLCharsetUTF8)
)

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
	if l, ok := c.Get("lang").(string); ok { // a page asks a dozen times
		return l
	}
	var l string
	if ck, err := c.Cookie("lang"); err == nil && (ck.Value == "fr" || ck.Value == "en") {
		l = ck.Value
	} else {
		l = acceptLang(c.Request().Header.Get("Accept-Language"))
	}
	c.Set("lang", l)
	return l
}

// acceptLang is the answer's language from an Accept-Language header. A
// browser sends the same header with every request, and parsing it was 3 %
// of a scoresheet built cold: the answers are kept per header text (a few
// distinct ones per process; forgotten all at once past acceptLangKept).
func acceptLang(header string) string {
	acceptLangs.RLock()
	l, ok := acceptLangs.m[header]
	acceptLangs.RUnlock()
	if ok {
		return l
	}
	l = parseAcceptLang(header)
	if len(header) <= 256 {
		acceptLangs.Lock()
		if len(acceptLangs.m) >= acceptLangKept {
			clear(acceptLangs.m)
		}
		acceptLangs.m[header] = l
		acceptLangs.Unlock()
	}
	return l
}

const acceptLangKept = 512

var acceptLangs = struct {
	sync.RWMutex
	m map[string]string
}{m: map[string]string{}}

func parseAcceptLang(header string) string {
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
