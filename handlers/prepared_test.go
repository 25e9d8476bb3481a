package handlers

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/store"
)

// A prepared page sent with a key is, once a browser unzips it, exactly the
// rendered page with that key in every hole: whatever the number of holes,
// wherever they are, and for pages longer than one deflate block.
func TestPreparedPageCarriesItsKey(t *testing.T) {
	s := &Server{}
	rng := rand.New(rand.NewPCG(1, 2))
	noisy := make([]byte, 150_000) // hardly compressible: many blocks
	for i := range noisy {
		noisy[i] = byte('a' + rng.IntN(26))
	}
	text := bytes.Repeat([]byte("<td class=score>12</td> "), 400)
	h := submitKeyHole
	cases := map[string]string{
		"small, no hole":      "<p>hi</p>",
		"small, one hole":     "<input value=1." + h + ">",
		"large, no hole":      string(text),
		"large, one hole":     string(text) + "<input name=submitKey value=\"3." + h + "\">" + string(text),
		"large, two holes":    string(text) + h + string(text[:100]) + h + string(text),
		"hole first and last": h + string(text) + h,
		"noisy, one hole":     string(noisy[:90_000]) + h + string(noisy[90_000:]),
		"noisy, no hole":      string(noisy),
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			p := s.prepare([]byte(body))
			if len(body) < minGzip && p.zip != nil {
				t.Error("a page under 1 KB is compressed")
			}
			for _, key := range []string{"Zk3-Pq_7", "0123456789abcdefghijklmnopqrstuv"} {
				want := bytes.ReplaceAll([]byte(body), []byte(h), []byte(key))
				if got := p.plain(key); !bytes.Equal(got, want) {
					t.Errorf("plain answer with key %q differs from the page", key)
				}
				if got := p.slim().plain(key); !bytes.Equal(got, want) {
					t.Errorf("plain answer of the kept (slim) page with key %q differs from the page", key)
				}
				if p.zip == nil {
					continue
				}
				got, err := gunzipOne(p.gzipped(key))
				if err != nil {
					t.Fatalf("key %q: %v", key, err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("key %q: unzipped %d bytes differ from the %d-byte page", key, len(got), len(want))
				}
			}
		})
	}
	once, again := s.prepare([]byte("a"+h)), s.prepare([]byte("a"+h))
	if once.etag != again.etag || s.prepare([]byte("a")).etag == s.prepare([]byte("b")).etag {
		t.Error("the ETag must follow the page, not the key")
	}
}

// A page sent once has its key written over the hole in place: both must
// be the same length.
func TestSubmitKeyHoleIsAKeyLong(t *testing.T) {
	if len(submitKeyHole) != len(store.NewToken()) {
		t.Errorf("the hole is %d bytes, a key %d", len(submitKeyHole), len(store.NewToken()))
	}
	s := &Server{}
	body := []byte(strings.Repeat("x", 2000) + "<input value=\"1." + submitKeyHole + "\"> and " + submitKeyHole)
	got, err := gunzipOne(s.prepareOnce(append([]byte(nil), body...), false).gzipped(""))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(got, []byte(submitKeyHole)) || len(got) != len(body) {
		t.Errorf("a page sent once still has a hole, or changed length: %q", got[2000:])
	}
	first := bytes.Index(body, []byte(submitKeyHole))
	last := bytes.LastIndex(body, []byte(submitKeyHole))
	k1, k2 := got[first:first+len(submitKeyHole)], got[last:last+len(submitKeyHole)]
	if !bytes.Equal(k1, k2) || bytes.ContainsAny(k1, "\"<> ") {
		t.Errorf("the two holes hold %q and %q; want one key in both", k1, k2)
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

// shiftBy(n) applied to CRC(A) and xored with CRC(B) is CRC(A‖B) for any B
// of n bytes: the checksum of a page put together from its parts.
func TestCRCShiftCombines(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 2, 3, 7, 8, 100, 4096, 65537} {
		a, b := make([]byte, rng.IntN(300)), make([]byte, n)
		for i := range a {
			a[i] = byte(rng.Uint32())
		}
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		sh := shiftBy(n)
		if got, want := sh.apply(crc32.ChecksumIEEE(a))^crc32.ChecksumIEEE(b), crc32.ChecksumIEEE(append(a, b...)); got != want {
			t.Errorf("len(B) = %d: combined CRC %08x, want %08x", n, got, want)
		}
	}
}

func BenchmarkPreparedAnswer(b *testing.B) {
	s := &Server{}
	body := bytes.Repeat([]byte("<td class=score>12</td> "), 300)
	body = append(append(body, submitKeyHole...), body...)
	p := s.prepare(body)
	b.Run("prepare", func(b *testing.B) {
		for b.Loop() {
			s.prepare(body)
		}
	})
	b.Run("gzipped", func(b *testing.B) {
		for b.Loop() {
			p.gzipped("0123456789abcdefghijklmnopqrstuv")
		}
	})
}

// An ETag tells versions of a page apart: every page one changed byte or
// one byte longer or shorter away from another (a score typed differently, a
// name edited) has another ETag, and the same page the same one.
func TestETagFollowsEveryChange(t *testing.T) {
	page := bytes.Repeat([]byte(`<td>12</td><td>−3</td><a href="/g/x/matches/7">Zoé</a>`), 400)
	seen := map[string]int{etagOf(page): -1}
	for i := 0; i < len(page); i += 7 {
		p := bytes.Clone(page)
		p[i] ^= 1 << (i % 8)
		for _, v := range [][]byte{p, page[:i], append(bytes.Clone(page[:i]), '1')} {
			tag := etagOf(v)
			if j, ok := seen[tag]; ok {
				t.Fatalf("pages %d and %d share the ETag %s", i, j, tag)
			}
			seen[tag] = i
		}
	}
	if etagOf(bytes.Clone(page)) != etagOf(page) {
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
	if etagOf(edited) == etagOf(page) {
		t.Errorf("a page edited to keep both CRC-32s keeps its ETag %s", etagOf(page))
	}
}
