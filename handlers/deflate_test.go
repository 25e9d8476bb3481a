package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"hash/crc32"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	flate "github.com/klauspost/compress/flate"

	"github.com/tablekeeper/tablekeeper/cmd/loadgen/seed"
	"github.com/tablekeeper/tablekeeper/internal/deflate"
)

var deflateCorpus = flag.String("deflate-corpus", "", "write the pages of TestPagesCompressWithinBound, gzipped, into this folder (internal/deflate/testdata/corpus)")

// realPages renders the pages phones ask for most, in both languages, from
// a seeded group, and a round saved with htmx (the answer is #sheet): the
// pages the deflate table was derived from. Names are file names.
func realPages(t *testing.T, rngSeed uint64) map[string][]byte {
	app := newTestApp(t)
	cfg := seed.Config{Groups: 1, PlayersPerGroup: 20, Matches: 100, InProgress: 4, OpenFiveCrowns: 2, Seed: rngSeed}
	sd, err := seed.Seed(context.Background(), app.store, cfg)
	if err != nil {
		t.Fatal(err)
	}
	g := sd.Groups[0]
	pages := map[string][]byte{}
	fetch := func(name, lang, method, path string, form url.Values, htmx bool) {
		c := app.client()
		c.cookies[sessionCookie] = &http.Cookie{Name: sessionCookie, Value: g.Session}
		c.lang, c.htmx = lang, htmx
		rec := c.do(method, path, form)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s %s: status %d", method, path, rec.Code)
		}
		pages[name] = rec.Body.Bytes()
	}
	langs := []string{"en", "fr"}
	base := "/g/" + g.Slug
	for i, game := range []string{"fivecrowns", "take5", "taki", "takefive"} {
		for _, m := range g.Finished {
			if m.Game == game {
				fetch(game+"-finished-"+langs[i%2], langs[i%2], http.MethodGet, fmt.Sprintf("%s/matches/%d", base, m.ID), nil, false)
				break
			}
		}
		for _, m := range g.InProgress {
			if m.Game == game {
				fetch(game+"-inprogress-"+langs[(i+1)%2], langs[(i+1)%2], http.MethodGet, fmt.Sprintf("%s/matches/%d", base, m.ID), nil, false)
				break
			}
		}
	}
	for _, lang := range langs {
		fetch("fivecrowns-finished-"+lang, lang, http.MethodGet, fmt.Sprintf("%s/matches/%d", base, firstFinished(g, "fivecrowns")), nil, false)
		fetch("standings-"+lang, lang, http.MethodGet, base+"/standings", nil, false)
		fetch("group-"+lang, lang, http.MethodGet, base, nil, false)
	}
	fetch("player-fr", "fr", http.MethodGet, fmt.Sprintf("%s/players/%d", base, g.Players[0]), nil, false)
	fetch("records-en", "en", http.MethodGet, base+"/records", nil, false)
	for i, lang := range langs {
		m := g.Open[i]
		for round := 1; round <= 3; round++ {
			form := url.Values{"op": {"save"}, "submitKey": {fmt.Sprintf("%d.k%d", round, i)}, "mode_0": {"out"}}
			for s := 1; s < m.Seats; s++ {
				form.Set(fmt.Sprintf("mode_%d", s), "points")
				form.Set(fmt.Sprintf("points_%d", s), fmt.Sprint(3+(round+s)%40))
			}
			fetch(fmt.Sprintf("save-%d-%s", round, lang), lang, http.MethodPost, fmt.Sprintf("%s/matches/%d/rounds", base, m.ID), form, true)
		}
	}
	return pages
}

// gzipFrame puts a deflate stream of plain into a gzip member.
func gzipFrame(z, plain []byte) []byte {
	out := append(append([]byte(nil), gzipHeader...), z...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(plain))
	return binary.LittleEndian.AppendUint32(out, uint32(len(plain)))
}

func firstFinished(g seed.Group, game string) int64 {
	for _, m := range g.Finished {
		if m.Game == game {
			return m.ID
		}
	}
	return g.Finished[0].ID
}

// The app's own deflate, with its one precomputed code, makes the real
// pages at most 10 % larger than klauspost's stateless deflate (which
// builds a code for each block), and what it writes unzips to the page:
// the pages of the corpus the code was derived from (seed 9), and others
// (seed 23, other names, scores and dates).
func TestPagesCompressWithinBound(t *testing.T) {
	for _, seed := range []uint64{9, 23} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			pages := realPages(t, seed)
			checkCompressed(t, pages)
			if *deflateCorpus != "" && seed == 9 {
				writeCorpus(t, pages)
			}
		})
	}
}

func checkCompressed(t *testing.T, pages map[string][]byte) {
	var ours, theirs int
	for name, page := range pages {
		z := deflate.Append(nil, page, true)
		var ref bytes.Buffer
		if err := flate.StatelessDeflate(&ref, page, true, nil); err != nil {
			t.Fatal(err)
		}
		got, err := gunzipOne(gzipFrame(z, page))
		if err != nil || !bytes.Equal(got, page) {
			t.Errorf("%s: does not unzip to the page (%v)", name, err)
		}
		t.Logf("%-24s %6d bytes → %5d (stateless %5d, %+.1f %%)", name, len(page), len(z), ref.Len(), 100*float64(len(z)-ref.Len())/float64(ref.Len()))
		if float64(len(z)) > 1.10*float64(ref.Len()) {
			t.Errorf("%s: %d bytes compressed, stateless deflate %d: more than 10 %% larger", name, len(z), ref.Len())
		}
		ours, theirs = ours+len(z), theirs+ref.Len()
	}
	t.Logf("all %d pages: %d bytes, stateless %d", len(pages), ours, theirs)
}

// writeCorpus writes the pages into -deflate-corpus, for internal/deflate's
// generator.
func writeCorpus(t *testing.T, pages map[string][]byte) {
	for name, page := range pages {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(page)
		zw.Close()
		if err := os.WriteFile(filepath.Join(*deflateCorpus, name+".html.gz"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
