package static

import (
	"compress/gzip"
	"io"
	"net/http/httptest"
	"regexp"
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

// The phones get our scripts and stylesheet without the comments written
// for a reader, and every line of code, in order.
func TestAssetsLeaveOutCommentsOnly(t *testing.T) {
	a := New()
	for _, name := range []string{"app.js", "sw.js", "app.css"} {
		src, err := files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(src), "`") || regexp.MustCompile(`\\\n`).Match(src) {
			t.Fatalf("%s holds a backquote or a line ending in a backslash: a multi-line string could hold a line lean would drop", name)
		}
		if name == "app.css" {
			// The stylesheet as served is the stylesheet without its comments,
			// rule for rule: only whitespace may differ.
			want := regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(string(src), "")
			if squeeze(string(a.plain[name].raw)) != squeeze(want) {
				t.Errorf("app.css as served is not the stylesheet without its comments")
			}
			if squeeze(string(lean(".css", []byte("a{b:c}/*/ x */d{e:f}")))) != "a{b:c}d{e:f}" {
				t.Errorf("a comment opened by /*/ is not ended by its own slash")
			}
		}
		served := string(a.plain[name].raw)
		if strings.Contains(served, "/*") && name == "app.css" {
			t.Errorf("%s still holds a comment", name)
		}
		rest := served
		for _, line := range strings.Split(string(src), "\n") {
			code := strings.TrimSpace(line)
			if code == "" || strings.HasPrefix(code, "//") || strings.HasPrefix(code, "/*") {
				continue
			}
			if strings.HasSuffix(name, ".js") {
				i := strings.Index(rest, line+"\n")
				if i < 0 {
					t.Fatalf("%s: the code line %q is not served (or not in order)", name, line)
				}
				rest = rest[i+len(line):]
			}
		}
		if name == "app.js" {
			for _, line := range strings.Split(served, "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), "//") {
					t.Errorf("app.js still holds the comment line %q", line)
				}
			}
		}
		if len(served) >= len(src) {
			t.Errorf("%s: %d bytes served of %d written: nothing left out", name, len(served), len(src))
		}
	}
}

// squeeze is s without its whitespace.
func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }
