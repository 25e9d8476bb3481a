// Package static embeds the stylesheet, htmx, the app script, icons and the
// web manifest, and serves them under content-hashed names with a year-long
// immutable cache, so a new release is fetched at once and an old one never.
// Each file is compressed once, at start-up, not on every request; the
// comments that explain the stylesheet and the scripts to a reader are left
// out of what phones download (see lean).
package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

//go:embed *.css *.js *.svg *.png *.webmanifest
var files embed.FS

type asset struct {
	name  string
	ctype string
	raw   []byte
	gz    []byte // nil when compressing does not pay
}

// Assets maps each embedded file to its content-hashed URL and back.
type Assets struct {
	byName map[string]string // "app.css" → "/static/app.3f2a1c9b.css"
	byURL  map[string]*asset // "app.3f2a1c9b.css" → the file
	plain  map[string]*asset // "app.css" → the file
}

// New hashes and compresses the embedded files.
func New() *Assets {
	a := &Assets{byName: map[string]string{}, byURL: map[string]*asset{}, plain: map[string]*asset{}}
	entries, _ := fs.ReadDir(files, ".")
	for _, e := range entries {
		b, _ := files.ReadFile(e.Name())
		ext := path.Ext(e.Name())
		if !strings.Contains(e.Name(), ".min.") { // vendored htmx is already minified
			b = lean(ext, b)
		}
		sum := sha256.Sum256(b)
		hashed := strings.TrimSuffix(e.Name(), ext) + "." + hex.EncodeToString(sum[:])[:10] + ext
		f := &asset{name: e.Name(), ctype: mime.TypeByExtension(ext), raw: b}
		if ext == ".webmanifest" {
			f.ctype = "application/manifest+json"
		}
		if len(b) > 1024 && ext != ".png" { // a PNG is compressed already
			var z bytes.Buffer
			w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
			w.Write(b)
			w.Close()
			f.gz = z.Bytes()
		}
		a.byName[e.Name()] = "/static/" + hashed
		a.byURL[hashed] = f
		a.plain[e.Name()] = f
	}
	return a
}

// lean leaves out what only a reader of the source needs: in a script, the
// lines that are a // comment and nothing else; in a stylesheet, every
// /* comment */. That is about a third of the compressed bytes of app.js
// and a fifth of app.css. Code lines are kept as they are (a comment at the
// end of a code line stays), so a script is never rewritten, only shortened
// by whole lines; our scripts hold no multi-line strings (no backquotes),
// which static_test checks.
func lean(ext string, b []byte) []byte {
	if ext == ".css" {
		var out []byte
		for {
			start := bytes.Index(b, []byte("/*"))
			if start < 0 {
				out = append(out, b...)
				break
			}
			end := bytes.Index(b[start+2:], []byte("*/"))
			if end < 0 {
				out = append(out, b...)
				break
			}
			out = append(out, b[:start]...)
			b = b[start+2+end+2:]
		}
		b = out
	} else if ext != ".js" {
		return b
	}
	var out []byte
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		code := bytes.TrimSpace(line)
		if len(code) == 0 || (ext == ".js" && bytes.HasPrefix(code, []byte("//"))) {
			continue
		}
		out = append(out, line...)
	}
	return out
}

// URL returns the hashed URL of an embedded file ("" if there is none).
func (a *Assets) URL(name string) string { return a.byName[name] }

// ServeHTTP serves /static/<hashed name>, cached for a year; anything else is a 404.
func (a *Assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, ok := a.byURL[strings.TrimPrefix(r.URL.Path, "/static/")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	f.serve(w, r, "public, max-age=31536000, immutable")
}

// ServeFixed serves a file a phone asks for by its plain name (the icon, the
// manifest): cached for a day, so a new one reaches phones that have the old.
func (a *Assets) ServeFixed(w http.ResponseWriter, r *http.Request, name string) {
	f, ok := a.plain[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	f.serve(w, r, "public, max-age=86400")
}

func (f *asset) serve(w http.ResponseWriter, r *http.Request, cache string) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	h.Set("Cache-Control", cache)
	h.Set("Vary", "Accept-Encoding")
	if f.gz != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		w.Write(f.gz)
		return
	}
	w.Write(f.raw)
}

// ServeWorker serves the service worker's script: revalidated at every
// visit (no-cache), so a new release replaces the old worker at once.
func (a *Assets) ServeWorker(w http.ResponseWriter, r *http.Request, name string) {
	f, ok := a.plain[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	f.serve(w, r, "no-cache")
}
