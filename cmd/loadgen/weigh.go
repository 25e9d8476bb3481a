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
	"time"

	"github.com/tablekeeper/tablekeeper/cmd/loadgen/seed"
)

var (
	linkHref  = regexp.MustCompile(`<link [^>]*href="([^"]+)"`)
	scriptSrc = regexp.MustCompile(`<script [^>]*src="([^"]+)"`)
)

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

// weigh reports a scoresheet's first load, everything included, and the
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
	all := []fetched{page}
	var urls []string
	for _, re := range []*regexp.Regexp{linkHref, scriptSrc} {
		for _, mm := range re.FindAllSubmatch(page.body, -1) {
			urls = append(urls, string(mm[1]))
		}
	}
	for i := 0; i < len(urls); i++ {
		f, err := ld.fetch(ctx, ld.req(http.MethodGet, urls[i], "", nil))
		if err != nil {
			return err
		}
		all = append(all, f)
		if f.status == http.StatusOK && (f.path == "/manifest.webmanifest" || bytes.Contains([]byte(f.path), []byte(".webmanifest"))) {
			var man struct {
				Icons []struct{ Src string } `json:"icons"`
			}
			json.Unmarshal(f.body, &man)
			for _, ic := range man.Icons {
				if !slices.Contains(urls, ic.Src) {
					urls = append(urls, ic.Src)
				}
			}
		}
	}
	p("%-40s %6s %10s %10s %-6s %s\n", "resource", "status", "wire", "raw", "enc", "cache")
	ld.firstLoad = 0
	for _, f := range all {
		ld.firstLoad += f.wire
		enc := f.encoding
		if enc == "" {
			enc = "-"
		}
		p("%-40s %6d %9.1fK %9.1fK %-6s %s\n", f.path, f.status, float64(f.wire)/1024, float64(f.raw)/1024, enc, f.cache)
	}
	p("first load, everything included: %.1f KB compressed (%d requests)\n", float64(ld.firstLoad)/1024, len(all))
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
