package handlers

import (
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

func serve(app *testApp, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	app.e.ServeHTTP(rec, req)
	return rec
}
