package serve

import (
	"bytes"
	"compress/gzip"
	crand "crypto/rand"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"testing"
)

// A prepared page is, once a browser unzips it, exactly the rendered page,
// kept (slim) or not, for pages longer than one deflate block too; a page
// under 1 KB is sent as is.
func TestPreparedPageIsThePage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	noisy := make([]byte, 150_000) // hardly compressible: many blocks
	for i := range noisy {
		noisy[i] = byte('a' + rng.IntN(26))
	}
	text := bytes.Repeat([]byte("<td class=score>12</td> "), 400)
	cases := map[string]string{
		"small": "<p>hi</p>",
		"large": string(text),
		"noisy": string(noisy),
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			p := Prepare([]byte(body), EtagOf([]byte(body), ""))
			if len(body) < MinGzip && p.GZ != nil {
				t.Error("a page under 1 KB is compressed")
			}
			if got := p.Plain(); !bytes.Equal(got, []byte(body)) {
				t.Error("the plain answer differs from the page")
			}
			if got := p.Slim().Plain(); !bytes.Equal(got, []byte(body)) {
				t.Error("the plain answer of the kept (slim) page differs from the page")
			}
			if p.GZ == nil {
				return
			}
			if len(p.GZ) >= len(body)/2 && name == "large" {
				t.Errorf("a repetitive %d-byte page gzips to %d bytes", len(body), len(p.GZ))
			}
			got, err := gunzipOne(p.GZ)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, []byte(body)) {
				t.Errorf("unzipped %d bytes differ from the %d-byte page", len(got), len(body))
			}
		})
	}
}

// A page that differs from another only by its submit key has the same
// ETag: a reload of an unchanged sheet is a 304, whatever key it was drawn
// with.
func TestETagLeavesOutTheSubmitKey(t *testing.T) {
	page := func(key string) []byte {
		return []byte(`<td>12</td><input name="submitKey" value="3.` + key + `"><td>−3</td>`)
	}
	k1, k2 := crand.Text(), crand.Text() // two submit keys
	if EtagOf(page(k1), k1) != EtagOf(page(k2), k2) {
		t.Error("two answers of one page, drawn with two keys, have two ETags")
	}
	if EtagOf(page(k1), "") == EtagOf(page(k2), "") {
		t.Error("without a key to leave out, two pages share an ETag")
	}
	other := bytes.Replace(page(k1), []byte("12"), []byte("13"), 1)
	if EtagOf(other, k1) == EtagOf(page(k1), k1) {
		t.Error("a changed score keeps the ETag")
	}
}

// gunzipOne reads exactly one gzip member, checking its CRC and length, and
// refuses anything after it.
func gunzipOne(b []byte) ([]byte, error) {
	r := bytes.NewReader(b)
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	zr.Multistream(false)
	out, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%d bytes after the gzip member", r.Len())
	}
	return out, nil
}

func BenchmarkPrepare(b *testing.B) {
	body := bytes.Repeat([]byte("<td class=score>12</td> "), 800)
	for b.Loop() {
		Prepare(body, "")
	}
}

// An ETag tells versions of a page apart: every page one changed byte or
// one byte longer or shorter away from another (a score typed differently, a
// name edited) has another ETag, and the same page the same one.
func TestETagFollowsEveryChange(t *testing.T) {
	page := bytes.Repeat([]byte(`<td>12</td><td>−3</td><a href="/g/x/matches/7">Zoé</a>`), 400)
	seen := map[string]int{EtagOf(page, ""): -1}
	for i := 0; i < len(page); i += 7 {
		p := bytes.Clone(page)
		p[i] ^= 1 << (i % 8)
		for _, v := range [][]byte{p, page[:i], append(bytes.Clone(page[:i]), '1')} {
			tag := EtagOf(v, "")
			if j, ok := seen[tag]; ok {
				t.Fatalf("pages %d and %d share the ETag %s", i, j, tag)
			}
			seen[tag] = i
		}
	}
	if EtagOf(bytes.Clone(page), "") != EtagOf(page, "") {
		t.Error("the same page has two ETags")
	}
}

// Two pages a member could craft to share both CRC-32s (their difference is
// a multiple of both generator polynomials, so neither checksum moves) still
// have two ETags: the tag is keyed, so nobody can make an edited page pass
// for the one other phones hold.
func TestETagResistsACraftedCRCCollision(t *testing.T) {
	page := bytes.Repeat([]byte(`<td>12</td><td>−3</td><a href="/g/x/matches/7">Zoé</a>`), 40)
	// The product of the CRC-32 and CRC-32C generators, a polynomial of
	// degree 64 over GF(2), carry-less.
	const ieee, castagnoliPoly = 0x104C11DB7, 0x11EDC6F41
	var g [2]uint64 // bits 0..63 in g[0], bit 64 in g[1]
	for i := 0; i <= 32; i++ {
		if castagnoliPoly>>i&1 == 1 {
			g[0] ^= uint64(ieee) << i
			if i > 0 {
				g[1] ^= uint64(ieee) >> (64 - i)
			}
		}
	}
	// Flip the page's bits along that polynomial (the first bit sent, a
	// byte's lowest, is the highest degree), from bit 800 on.
	edited := bytes.Clone(page)
	for d := 0; d <= 64; d++ {
		if g[d/64]>>(d%64)&1 == 1 {
			at := 800 + 64 - d
			edited[at/8] ^= 1 << (at % 8)
		}
	}
	castagnoli := crc32.MakeTable(crc32.Castagnoli)
	if bytes.Equal(edited, page) || crc32.ChecksumIEEE(edited) != crc32.ChecksumIEEE(page) ||
		crc32.Checksum(edited, castagnoli) != crc32.Checksum(page, castagnoli) {
		t.Fatal("the crafted page does not collide on both CRC-32s: the test builds it wrong")
	}
	if EtagOf(edited, "") == EtagOf(page, "") {
		t.Errorf("a page edited to keep both CRC-32s keeps its ETag %s", EtagOf(page, ""))
	}
}
