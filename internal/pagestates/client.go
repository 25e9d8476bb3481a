package pagestates

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
)

// client is one phone talking to the app in process: it keeps its cookies.
type client struct {
	h   http.Handler
	jar map[string]*http.Cookie
}

func newClient(h http.Handler) *client { return &client{h: h, jar: map[string]*http.Cookie{}} }

type answer struct {
	code     int
	location string
	body     string
}

// send sends one request: form-encoded, or multipart when file is given.
func (c *client) send(method, path string, form url.Values, file []byte) answer {
	req := newRequest(method, path, form, file)
	for _, ck := range c.jar {
		req.AddCookie(ck)
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, req)
	for _, ck := range rec.Result().Cookies() {
		if ck.MaxAge < 0 {
			delete(c.jar, ck.Name)
		} else {
			c.jar[ck.Name] = ck
		}
	}
	return answer{rec.Code, rec.Header().Get("Location"), rec.Body.String()}
}

func newRequest(method, path string, form url.Values, file []byte) *http.Request {
	switch {
	case file != nil:
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		for k, vs := range form {
			for _, v := range vs {
				w.WriteField(k, v)
			}
		}
		fw, _ := w.CreateFormFile("file", "export.json")
		fw.Write(file)
		w.Close()
		req := httptest.NewRequest(method, path, &body)
		req.Header.Set("Content-Type", w.FormDataContentType())
		return req
	case form != nil:
		req := httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		return req
	}
	return httptest.NewRequest(method, path, nil)
}

// must sends a request that has to answer want; the seed stops otherwise.
func (c *client) must(want int, method, path string, form url.Values) answer {
	a := c.send(method, path, form, nil)
	if a.code != want {
		msgs := regexp.MustCompile(`class="[^"]*error[^"]*"[^>]*>([^<]+)<`).FindAllStringSubmatch(a.body, 4)
		panic(fmt.Errorf("seed: %s %s %v answered %d, want %d: %v", method, path, form, a.code, want, msgs))
	}
	return a
}

func (c *client) get(path string) answer { return c.must(http.StatusOK, http.MethodGet, path, nil) }

// postTo posts a form that redirects (303) and returns where to.
func (c *client) postTo(path string, form url.Values) string {
	return c.must(http.StatusSeeOther, http.MethodPost, path, form).location
}

// cookies are the phone's cookies, for a browser or Lighthouse to send.
func (c *client) cookies() []*http.Cookie {
	var out []*http.Cookie
	for _, ck := range c.jar {
		out = append(out, &http.Cookie{Name: ck.Name, Value: ck.Value, Path: "/"})
	}
	return out
}

// find returns the first group of re in s, or stops the seed.
func find(s, re, what string) string {
	m := regexp.MustCompile(re).FindStringSubmatch(s)
	if m == nil {
		panic(fmt.Errorf("seed: %s not found", what))
	}
	return m[1]
}
