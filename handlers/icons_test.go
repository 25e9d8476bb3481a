package handlers

import (
	"bytes"
	"encoding/json"
	"image/png"
	"net/http"
	"testing"
)

// A phone can put the app on its home screen: the manifest offers PNG
// icons of 192 and 512 px, one of them maskable, each served at its size,
// and every page names a 180 px apple-touch-icon.
func TestHomeScreenIcons(t *testing.T) {
	app := newTestApp(t)
	c := app.client()
	rec := c.get("/manifest.webmanifest")
	var manifest struct {
		Icons []struct{ Src, Sizes, Type, Purpose string }
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &manifest); err != nil {
		t.Fatalf("manifest: %v", err)
	}
	sizes := map[string]int{"192x192": 192, "512x512": 512}
	seen, maskable := map[int]bool{}, false
	check := func(src string, want int) {
		t.Helper()
		rec := c.get(src)
		cfg, err := png.DecodeConfig(bytes.NewReader(rec.Body.Bytes()))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" || err != nil || cfg.Width != want || cfg.Height != want {
			t.Errorf("%s: %d %q %v, %dx%d; want a %d px PNG", src, rec.Code, rec.Header().Get("Content-Type"), err, cfg.Width, cfg.Height, want)
		}
	}
	for _, ic := range manifest.Icons {
		if ic.Type != "image/png" {
			continue
		}
		check(ic.Src, sizes[ic.Sizes])
		seen[sizes[ic.Sizes]] = true
		maskable = maskable || ic.Purpose == "maskable"
	}
	if !seen[192] || !seen[512] || !maskable {
		t.Errorf("manifest PNG icons %+v: want 192 and 512 px, one maskable", manifest.Icons)
	}
	href, ok := doc(t, c.get("/")).Find(`link[rel=apple-touch-icon]`).Attr("href")
	if !ok {
		t.Fatal("the page names no apple-touch-icon")
	}
	check(href, 180)
}
