package static

import (
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestAssetsAreHashedCachedAndCompressed(t *testing.T) {
	a := New()
	url := a.URL("app.css")
	if !strings.HasPrefix(url, "/static/app.") || !strings.HasSuffix(url, ".css") {
		t.Fatalf("URL(app.css) = %q", url)
	}
	req := httptest.NewRequest("GET", url, nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	rec := httptest.NewRecorder()
	a.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Fatalf("headers = %v", rec.Header())
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	css, _ := io.ReadAll(zr)
	if !strings.Contains(string(css), "prefers-color-scheme") {
		t.Errorf("the gzipped stylesheet does not hold the stylesheet")
	}
	rec = httptest.NewRecorder()
	a.ServeFixed(rec, httptest.NewRequest("GET", "/icon.svg", nil), "icon.svg")
	if cc := rec.Header().Get("Cache-Control"); strings.Contains(cc, "immutable") || rec.Body.Len() == 0 {
		t.Errorf("icon: Cache-Control %q, %d bytes; a fixed name must not be immutable", cc, rec.Body.Len())
	}
	rec = httptest.NewRecorder()
	a.ServeHTTP(rec, httptest.NewRequest("GET", "/static/app.css", nil))
	if rec.Code != 404 {
		t.Errorf("unhashed name = %d, want 404", rec.Code)
	}
}
