// Package static embeds the stylesheet, htmx, the app script, icons and the
// web manifest, and serves them under content-hashed names with a year-long
// immutable cache, so a new release is fetched at once and an old one never.
// Each file is compressed once, at start-up, not on every request.
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

//go:embed *.css *.js *.svg *.webmanifest
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
		sum := sha256.Sum256(b)
		ext := path.Ext(e.Name())
		hashed := strings.TrimSuffix(e.Name(), ext) + "." + hex.EncodeToString(sum[:])[:10] + ext
		f := &asset{name: e.Name(), ctype: mime.TypeByExtension(ext), raw: b}
		if ext == ".webmanifest" {
			f.ctype = "application/manifest+json"
		}
		if len(b) > 1024 {
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
