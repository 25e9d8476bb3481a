package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/tablekeeper/tablekeeper/cmd/loadgen/seed"
)

var (
	linkTag   = regexp.MustCompile(`<link [^>]*>`)
	scriptSrc = regexp.MustCompile(`<script [^>]*src="([^"]+)"`)
)

// attr is the value of the attribute name in one HTML tag, "" when absent.
func attr(tag []byte, name string) string {
	m := regexp.MustCompile(`\s` + name + `="([^"]*)"`).FindSubmatch(tag)
	if m == nil {
		return ""
	}
	return string(m[1])
}

// fetched is one response as a phone gets it.
type fetched struct {
	path       string
	status     int
	wire, raw  int // bytes on the wire (compressed) and once decompressed
	encoding   string
	cache, tag string
	body       []byte
}

func (ld *load) fetch(ctx context.Context, r *http.Request) (fetched, error) {
	resp, err := ld.client.Do(r.WithContext(ctx))
	if err != nil {
		return fetched{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return fetched{}, err
	}
	f := fetched{path: r.URL.Path, status: resp.StatusCode, wire: len(b), raw: len(b), body: b,
		encoding: resp.Header.Get("Content-Encoding"), cache: resp.Header.Get("Cache-Control"), tag: resp.Header.Get("ETag")}
	if f.encoding == "gzip" {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return f, err
		}
		if f.body, err = io.ReadAll(zr); err != nil {
			return f, err
		}
		f.raw = len(f.body)
	}
	return f, nil
}

// inProgressFiveCrowns is the heaviest page a phone loads at the table: a
// Five Crowns match half played, with its card-picker round form.
func (ld *load) inProgressFiveCrowns() (seed.Group, seed.Match) {
	var bg seed.Group
	var bm seed.Match
	for _, g := range ld.groups {
		for _, m := range g.InProgress {
			if m.Game == seed.OpenGame && m.Seats > bm.Seats {
				bg, bm = g, m
			}
		}
	}
	return bg, bm
}

// weigh reports a scoresheet's first load, everything it links, and the
// htmx answer to a round save, in compressed bytes.
func (ld *load) weigh(ctx context.Context, p func(string, ...any)) error {
	g, m := ld.inProgressFiveCrowns()
	p("\n== page weight (a %d-player Five Crowns match half played, with its round form)\n", m.Seats)
	page, err := ld.fetch(ctx, ld.req(http.MethodGet, ld.sheetURL(g, m), g.Session, nil))
	if err != nil {
		return err
	}
	if page.status != http.StatusOK {
		return fmt.Errorf("scoresheet %s: status %d", page.path, page.status)
	}
	// What a browser fetches to show the page: the stylesheets, scripts,
	// favicon and manifest it links. The home-screen icons (the
	// apple-touch-icon and the manifest's icons) are fetched only when the
	// phone adds the app to its home screen, so they are weighed apart.
	all := []fetched{page}
	var urls, install []string
	for _, mm := range linkTag.FindAllSubmatch(page.body, -1) {
		rel, href := attr(mm[0], "rel"), attr(mm[0], "href")
		switch {
		case href == "":
		case rel == "apple-touch-icon":
			install = append(install, href)
		default:
			urls = append(urls, href)
		}
	}
	for _, mm := range scriptSrc.FindAllSubmatch(page.body, -1) {
		urls = append(urls, string(mm[1]))
	}
	for _, u := range urls {
		f, err := ld.fetch(ctx, ld.req(http.MethodGet, u, "", nil))
		if err != nil {
			return err
		}
		all = append(all, f)
		if f.status == http.StatusOK && strings.HasSuffix(f.path, ".webmanifest") {
			var man struct {
				Icons []struct{ Src string } `json:"icons"`
			}
			if err := json.Unmarshal(f.body, &man); err != nil {
				return fmt.Errorf("manifest %s: %w", f.path, err)
			}
			for _, ic := range man.Icons {
				if !slices.Contains(install, ic.Src) && !slices.Contains(urls, ic.Src) {
					install = append(install, ic.Src)
				}
			}
		}
	}
	var icons []fetched
	for _, u := range install {
		f, err := ld.fetch(ctx, ld.req(http.MethodGet, u, "", nil))
		if err != nil {
			return err
		}
		icons = append(icons, f)
	}
	p("%-40s %6s %10s %10s %-6s %s\n", "resource", "status", "wire", "raw", "enc", "cache")
	line := func(f fetched) {
		enc := f.encoding
		if enc == "" {
			enc = "-"
		}
		p("%-40s %6d %9.1fK %9.1fK %-6s %s\n", f.path, f.status, float64(f.wire)/1024, float64(f.raw)/1024, enc, f.cache)
	}
	ld.firstLoad = 0
	for _, f := range all {
		ld.firstLoad += f.wire
		line(f)
	}
	p("first load, everything the page links: %.1f KB compressed (%d requests)\n", float64(ld.firstLoad)/1024, len(all))
	installed := 0
	for _, f := range icons {
		installed += f.wire
		line(f)
	}
	p("home-screen icons, fetched only when the app is installed: %.1f KB (%d requests)\n", float64(installed)/1024, len(icons))
	// Reload: the ETag makes it a 304.
	r := ld.req(http.MethodGet, page.path, g.Session, nil)
	r.Header.Set("If-None-Match", page.tag)
	again, err := ld.fetch(ctx, r)
	if err != nil {
		return err
	}
	p("reload with If-None-Match %s: status %d, %d bytes\n", page.tag, again.status, again.wire)

	// A round saved and swapped in: take a fresh open match, save round 1 with htmx.
	var om openMatch
	select {
	case om = <-ld.open:
	default:
		return fmt.Errorf("no open match left to save into")
	}
	rng := rand.New(rand.NewPCG(1, uint64(time.Now().UnixNano())))
	saved, err := ld.fetch(ctx, ld.saveRequest(rng, om))
	if err != nil {
		return err
	}
	if saved.status != http.StatusOK {
		return fmt.Errorf("round save: status %d: %.300s", saved.status, saved.body)
	}
	om.round++
	ld.open <- om
	ld.saveBytes = saved.wire
	p("round saved and swapped in (htmx): %.1f KB compressed (%.1f KB raw, %s)\n", float64(saved.wire)/1024, float64(saved.raw)/1024, orDash(saved.encoding))
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "not compressed"
	}
	return s
}
