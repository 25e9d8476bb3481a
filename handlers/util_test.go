package handlers

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"

	"github.com/PuerkitoBio/goquery"
)

type goquerySelection = goquery.Selection

func httptestRequest(method, path string, form url.Values) *http.Request {
	req := httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return req
}

func serveReq(app *testApp, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	app.e.ServeHTTP(rec, req)
	return rec
}

// gunzipOne reads exactly one gzip member, checking its CRC and length, and
// refuses anything after it.
func gunzipOne(b []byte) ([]byte, error) {
	r := bytes.NewReader(b)
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	zr.Multistream(false)
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%d bytes after the gzip member", r.Len())
	}
	return out, nil
}
