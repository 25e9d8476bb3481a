// Package static embeds the stylesheet, htmx, the app script, icons and the
// web manifest, and serves them under content-hashed names with a year-long
// immutable cache, so a new release is fetched at once and an old one never.
package static

import (
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

// Assets maps each embedded file to its content-hashed URL and back.
type Assets struct {
	byName map[string]string // "app.css" → "/static/app.3f2a1c9b.css"
	byURL  map[string]string // "app.3f2a1c9b.css" → "app.css"
}

// New hashes the embedded files.
func New() *Assets {
	a := &Assets{byName: map[string]string{}, byURL: map[string]string{}}
	entries, _ := fs.ReadDir(files, ".")
	for _, e := range entries {
		b, _ := files.ReadFile(e.Name())
		sum := sha256.Sum256(b)
		ext := path.Ext(e.Name())
		hashed := strings.TrimSuffix(e.Name(), ext) + "." + hex.EncodeToString(sum[:])[:10] + ext
		a.byName[e.Name()] = "/static/" + hashed
		a.byURL[hashed] = e.Name()
	}
	return a
}

// URL returns the hashed URL of an embedded file ("" if there is none).
func (a *Assets) URL(name string) string { return a.byName[name] }

// ServeHTTP serves /static/<hashed name>; anything else is a 404.
func (a *Assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hashed := strings.TrimPrefix(r.URL.Path, "/static/")
	name, ok := a.byURL[hashed]
	if !ok {
		http.NotFound(w, r)
		return
	}
	b, _ := files.ReadFile(name)
	ctype := mime.TypeByExtension(path.Ext(name))
	if strings.HasSuffix(name, ".webmanifest") {
		ctype = "application/manifest+json"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	w.Write(b)
}
