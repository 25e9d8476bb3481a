package handlers

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"hash/maphash"
	"strconv"
	"sync"

	"github.com/tablekeeper/tablekeeper/internal/deflate"
	"github.com/tablekeeper/tablekeeper/store"
)

// submitKeyHole stands in a rendered page for the round form's submit key.
// Every answer puts a fresh random key in its place, so a kept page never
// hands two phones the same key, and the page's ETag stays the same.
// It is as long as a key (a test checks), so a page sent once gets its key
// written over the hole, in place.
const submitKeyHole = "SUBMITKEYHOLE-SUBMITKEYHOLE-SUBM"

// prepared is a rendered page made ready to be sent many times: its ETag,
// and its body cut at each submit-key hole, plain and compressed. Each part
// is compressed on its own into byte-aligned deflate blocks, so an answer is
// the parts joined by the key as a stored (uncompressed) block: filling the
// hole costs a copy and a checksum, not a compression of the whole page.
type prepared struct {
	etag  string
	parts [][]byte // the body between holes; dropped by slim
	zip   [][]byte // each part deflated; all but the last end in a sync flush
	whole []byte   // the gzip stream, when there is no hole (zip[0] is inside it)
	crc   []uint32 // each part's CRC-32
	shift []crcShift
	holes int
	size  int // of the plain body without keys
}

// slim is the page without its plain parts, to keep: a kept page takes a
// quarter of the memory, and the rare browser without gzip gets the plain
// page unzipped from it.
func (p *prepared) slim() *prepared {
	if p.zip == nil {
		return p
	}
	q := *p
	q.parts = nil
	return &q
}

// mem is roughly what the page holds in memory.
func (p *prepared) mem() int {
	n := len(p.etag) + 64
	for i := range p.zip {
		n += len(p.zip[i]) + 4 + 128
	}
	if p.whole != nil {
		n += len(gzipHeader) + 8
	}
	for i := range p.parts {
		n += len(p.parts[i])
	}
	return n
}

// minGzip is the size under which a page is sent as is: the gzip framing
// would save little or nothing.
const minGzip = 1024

// prepare cuts a rendered page at its submit-key holes and compresses it,
// to be kept and sent many times.
func (s *Server) prepare(body []byte) *prepared {
	return s.compress(etagOf(body), bytes.Split(body, []byte(submitKeyHole)))
}

// prepareOnce readies a page to be sent once: the holes are filled with a
// fresh key before compressing (body, the caller's own, is written over),
// and only a GET's page needs an ETag.
func (s *Server) prepareOnce(body []byte, withETag bool) *prepared {
	etag := ""
	if withETag {
		etag = etagOf(body)
	}
	if i := bytes.Index(body, []byte(submitKeyHole)); i >= 0 {
		key := store.NewToken()
		for ; i >= 0; i = bytes.Index(body, []byte(submitKeyHole)) {
			copy(body[i:], key)
		}
	}
	return s.compress(etag, [][]byte{body})
}

// etagOf names a page's content: a 64-bit hash keyed by a seed this process
// draws at random, and the length. It only has to tell two versions of one
// page apart, cheaply (SHA-256 cost a few times more on every page built);
// the key is there because an unkeyed checksum such as a CRC is linear, so a
// member could choose a name or a note that keeps an edited page's old tag,
// and every other phone would then be told its stale copy is current. A
// restart draws a new key: a phone's next reload is a 200, not a 304.
func etagOf(body []byte) string {
	b := make([]byte, 0, 40)
	b = append(b, `W/"`...)
	b = strconv.AppendUint(b, maphash.Bytes(etagSeed, body), 36)
	b = append(b, '.')
	b = strconv.AppendInt(b, int64(len(body)), 36)
	return string(append(b, '"'))
}

var etagSeed = maphash.MakeSeed()

// compress deflates a page's parts, each on its own (a part's matches never
// reach into the part before: the key sits between them in the answer).
// It uses internal/deflate, made for these pages: one Huffman code derived
// in advance from real pages, so a page costs only its matching, in a
// hash table from a pool (64 KB), about twice as fast as klauspost's
// stateless deflate was here (which built a code per block), for about
// the same size. A pooled compress/flate writer held about a megabyte
// each, a tenth of the memory budget for four.
func (s *Server) compress(etag string, parts [][]byte) *prepared {
	p := &prepared{etag: etag, parts: parts, holes: len(parts) - 1}
	for _, part := range parts {
		p.size += len(part)
	}
	if p.size < minGzip {
		return p
	}
	p.crc, p.shift = make([]uint32, len(p.parts)), make([]crcShift, len(p.parts))
	for i, part := range p.parts {
		p.crc[i] = crc32.ChecksumIEEE(part)
		if i > 0 { // the first part's CRC is shifted onto nothing
			p.shift[i] = shiftBy(len(part))
		}
	}
	p.zip = make([][]byte, len(p.parts))
	for i, part := range p.parts {
		// A page without holes (a finished match's, a page sent once) is
		// the same gzip stream for every answer: it is framed here, once,
		// and its deflated part is the middle of it.
		head := 0
		if p.holes == 0 {
			head = len(gzipHeader)
		}
		// All but the last end byte-aligned (in an empty stored block, as
		// a sync flush does); the last ends the stream.
		out := append(make([]byte, 0, head+len(part)/3+256+8), gzipHeader[:head]...)
		out = deflate.Append(out, part, i == len(p.parts)-1)
		p.zip[i] = out[head:]
		if p.holes == 0 {
			p.whole = binary.LittleEndian.AppendUint32(out, p.crc[0])
			p.whole = binary.LittleEndian.AppendUint32(p.whole, uint32(p.size))
		}
	}
	return p
}

// gzipHeader starts every answer: deflate, no flags or time, OS unknown.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}

// plain is the page with key in every hole.
func (p *prepared) plain(key string) []byte {
	if p.parts != nil {
		return bytes.Join(p.parts, []byte(key))
	}
	zr, err := gzip.NewReader(bytes.NewReader(p.gzipped(key)))
	if err != nil {
		panic("handlers: a prepared page does not unzip: " + err.Error()) // built here, never from outside
	}
	out := bytes.NewBuffer(make([]byte, 0, p.size+p.holes*len(key)))
	if _, err := out.ReadFrom(zr); err != nil {
		panic("handlers: a prepared page does not unzip: " + err.Error())
	}
	return out.Bytes()
}

// gzipped is the page with key in every hole as one gzip stream (RFC 1952):
// header, the deflated parts with the key between them as stored blocks
// (RFC 1951 §3.2.4), then the CRC-32 and length of the whole plain body.
func (p *prepared) gzipped(key string) []byte {
	if len(key) > 0xffff {
		panic("handlers: a submit key longer than a stored block") // keys are 32 bytes
	}
	if p.whole != nil {
		return p.whole // shared by every answer: written, never changed
	}
	n := 10 + 8
	for _, z := range p.zip {
		n += len(z) + 5 + len(key)
	}
	out := make([]byte, 0, n)
	out = append(out, gzipHeader...)
	crc := uint32(0)
	for i, z := range p.zip {
		if i > 0 {
			// A stored block: BFINAL 0, BTYPE 00, padded to the byte, then LEN and NLEN.
			out = append(out, 0)
			out = binary.LittleEndian.AppendUint16(out, uint16(len(key)))
			out = binary.LittleEndian.AppendUint16(out, ^uint16(len(key)))
			out = append(out, key...)
			crc = crc32.Update(crc, crc32.IEEETable, []byte(key))
		}
		out = append(out, z...)
		crc = p.shift[i].apply(crc) ^ p.crc[i] // the CRC of all so far, then this part
	}
	out = binary.LittleEndian.AppendUint32(out, crc)
	return binary.LittleEndian.AppendUint32(out, uint32(p.size+p.holes*len(key)))
}

// crcShift turns the CRC-32 of some bytes A into the CRC-32 of A followed by
// n zero bytes; then CRC(A‖B) = shift_len(B)(CRC(A)) xor CRC(B), so a page's
// checksum is put together from its parts' without reading them again. It
// is a 32×32 matrix over GF(2), one column per bit (as in zlib's
// crc32_combine).
type crcShift [32]uint32

func (m *crcShift) apply(v uint32) uint32 {
	var out uint32
	for i := 0; v != 0; i, v = i+1, v>>1 {
		if v&1 != 0 {
			out ^= m[i]
		}
	}
	return out
}

func (m *crcShift) times(a *crcShift) crcShift {
	var out crcShift
	for i := range out {
		out[i] = m.apply(a[i])
	}
	return out
}

// shiftBy is the operator for n zero bytes: the product of the powers of
// two of the one-byte operator that make up n.
func shiftBy(n int) crcShift {
	pow := bytePowers()
	var out crcShift
	for i := range out {
		out[i] = 1 << i
	}
	for k := 0; n > 0; k, n = k+1, n>>1 {
		if n&1 != 0 {
			out = pow[k].times(&out)
		}
	}
	return out
}

// bytePowers are the operators for 1, 2, 4… 2^62 zero bytes, by squaring:
// one zero bit is the polynomial step, and each square doubles the length.
var bytePowers = sync.OnceValue(func() *[63]crcShift {
	var bit crcShift
	bit[0] = 0xedb88320 // the reflected IEEE polynomial
	for i := 1; i < 32; i++ {
		bit[i] = 1 << (i - 1)
	}
	step := bit.times(&bit)  // 2 bits
	step = step.times(&step) // 4 bits
	step = step.times(&step) // 8 bits: one byte
	var pow [63]crcShift
	for k := range pow {
		pow[k] = step
		step = step.times(&step)
	}
	return &pow
})
