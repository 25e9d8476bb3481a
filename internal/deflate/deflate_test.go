package deflate

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// corpus reads the pages the table was derived from (testdata/corpus).
func corpus(t testing.TB) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob("testdata/corpus/*.html.gz")
	if err != nil || len(names) == 0 {
		t.Fatalf("no corpus pages: %v", err)
	}
	pages := map[string][]byte{}
	for _, name := range names {
		z, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatal(err)
		}
		p, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		pages[strings.TrimSuffix(filepath.Base(name), ".html.gz")] = p
	}
	return pages
}

// inflate decodes a deflate stream with the standard library's reader.
func inflate(z []byte) ([]byte, error) {
	return io.ReadAll(flate.NewReader(bytes.NewReader(z)))
}

// gunzip frames z as a gzip member of plain and reads it back with
// compress/gzip, which checks the CRC and the length.
func gunzip(z, plain []byte) ([]byte, error) {
	out := append([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}, z...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(plain))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(plain)))
	zr, err := gzip.NewReader(bytes.NewReader(out))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// roundTrip checks that src, deflated final or not, comes back whole from
// compress/flate and compress/gzip, after some bytes already in dst.
func roundTrip(t *testing.T, src []byte) {
	t.Helper()
	prefix := []byte("kept")
	z := Append(append([]byte(nil), prefix...), src, true)
	if !bytes.Equal(z[:len(prefix)], prefix) {
		t.Fatal("Append changed the bytes before it")
	}
	z = z[len(prefix):]
	if got, err := inflate(z); err != nil || !bytes.Equal(got, src) {
		t.Fatalf("final: %d bytes in, %d out (%v)", len(src), len(got), err)
	}
	if got, err := gunzip(z, src); err != nil || !bytes.Equal(got, src) {
		t.Fatalf("gzip: %d bytes in, %d out (%v)", len(src), len(got), err)
	}
	// Not final: it ends on a byte boundary, and a final block may follow.
	nf := Append(nil, src, false)
	both := Append(nf, src, true)
	want := append(append([]byte(nil), src...), src...)
	if got, err := gunzip(both, want); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("non-final then final: %d bytes in, %d out (%v)", len(want), len(got), err)
	}
	if max := storedSize(len(src)) + 5; len(z) > max {
		t.Fatalf("%d bytes coded into %d: more than stored blocks (%d)", len(src), len(z), max)
	}
}

// seeds are inputs every kind of code path meets: nothing, one byte, every
// byte value, runs longer than a match, inputs past 64 KB (distances up
// to 32 KB), noise, and real pages.
func seeds(t testing.TB) [][]byte {
	rng := rand.New(rand.NewPCG(3, 4))
	noise := make([]byte, 100_000)
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	far := make([]byte, 0, 140_000) // a 32 KB block of text, again and again, with changes
	block := make([]byte, 32_000)
	for i := range block {
		block[i] = "abcdefghij <>/=\"0123456789"[rng.IntN(26)]
	}
	for len(far) < 130_000 {
		far = append(far, block...)
		block[rng.IntN(len(block))] = 'Z'
		far = append(far, byte(rng.Uint32()), byte(rng.Uint32()))
	}
	out := [][]byte{
		{}, {'a'}, {0}, []byte("abc"), []byte("abcd"), []byte("abcdabcd"), all,
		bytes.Repeat([]byte{'x'}, 259), bytes.Repeat([]byte{'x'}, 260), bytes.Repeat([]byte{'x'}, 261),
		bytes.Repeat([]byte{0}, 100_000), bytes.Repeat([]byte("ab"), 70_000), bytes.Repeat(all, 300),
		noise, far, noise[:70_000],
	}
	names := make([]string, 0)
	pages := corpus(t)
	for n := range pages {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, pages[n])
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	for _, s := range seeds(t) {
		roundTrip(t, s)
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) { roundTrip(t, src) })
}

// A page cut into parts, each deflated on its own, with bytes between them
// as stored blocks, is one stream: what handlers' prepared pages send.
func TestPartsSplicedWithStoredBlocks(t *testing.T) {
	page := corpus(t)["fivecrowns-inprogress-fr"]
	key := []byte("0123456789abcdefghijklmnopqrstuv")
	for _, cuts := range [][]int{{0}, {len(page)}, {5000}, {100, 9000, 9001, len(page) - 3}} {
		var z, want []byte
		from := 0
		for _, at := range cuts {
			z = Append(z, page[from:at], false)
			z = append(z, 0, byte(len(key)), 0, ^byte(len(key)), 0xff)
			z = append(z, key...)
			want = append(append(want, page[from:at]...), key...)
			from = at
		}
		z = Append(z, page[from:], true)
		want = append(want, page[from:]...)
		if got, err := gunzip(z, want); err != nil || !bytes.Equal(got, want) {
			t.Errorf("cut at %v: %d bytes out of %d (%v)", cuts, len(got), len(want), err)
		}
	}
}

// The committed code is a complete prefix code of at most 15 bits for
// every literal/length and distance symbol: any input encodes, and the
// header describes a code decoders accept.
func TestTableIsACompleteCode(t *testing.T) {
	lit, dist := Lengths()
	if !complete(lit[:], 15) || !complete(dist[:], 15) {
		t.Errorf("the committed code lengths are not a complete prefix code: %v %v", lit, dist)
	}
}

// The committed table is what ./gen derives from the corpus with today's
// matcher: run `go generate ./internal/deflate` when this fails.
func TestTableIsFresh(t *testing.T) {
	var c Counts
	pages := corpus(t)
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		Count(pages[n], &c)
	}
	lit, dist := Derive(&c)
	if lit != litLengths || dist != distLengths {
		t.Error("table.go is stale: run go generate ./internal/deflate")
	}
}

// Append allocates nothing when dst has room.
func TestAppendDoesNotAllocate(t *testing.T) {
	page := corpus(t)["fivecrowns-finished-en"]
	buf := make([]byte, 0, len(page))
	Append(buf, page, true)
	if n := testing.AllocsPerRun(50, func() { Append(buf[:0], page, true) }); n != 0 {
		t.Errorf("%v allocations per call", n)
	}
}

// distSym computes what RFC 1951's table says for every distance.
func TestDistSym(t *testing.T) {
	for d := 1; d <= window; d++ {
		s := distSym(d)
		if s < 0 || s >= numDist || d < int(distBase[s]) || d >= int(distBase[s])+1<<distExtra[s] {
			t.Fatalf("distance %d: symbol %d", d, s)
		}
	}
}
