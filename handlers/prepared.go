package handlers

import (
	"bytes"
	"hash/maphash"
	"io"
	"strconv"

	"github.com/klauspost/compress/gzip"
)

// prepared is a rendered page made ready to send: its ETag and its body,
// plain and gzipped. A kept page holds only the gzipped copy (slim); the rare
// browser without gzip gets it unzipped.
type prepared struct {
	etag string
	body []byte // plain; nil once slim
	gz   []byte // the gzip stream; nil under minGzip
	size int    // of the plain body
}

// minGzip is the size under which a page is sent as is: the gzip framing
// would save little or nothing.
const minGzip = 1024

// prepare gzips a page. etag is "" when the answer needs none (not a GET's 200).
func prepare(body []byte, etag string) *prepared {
	p := &prepared{etag: etag, body: body, size: len(body)}
	if len(body) >= minGzip {
		p.gz = gzipped(body)
	}
	return p
}

// gzipped compresses a page with klauspost/compress's stateless level: no
// compressor is kept between pages, so memory stays flat under load, for
// about the size and speed of its fastest level.
func gzipped(body []byte) []byte {
	out := bytes.NewBuffer(make([]byte, 0, len(body)/4+64))
	zw, _ := gzip.NewWriterLevel(out, gzip.StatelessCompression) // a known level: never an error
	// Writes to a bytes.Buffer do not fail.
	zw.Write(body)
	zw.Close()
	return out.Bytes()
}

// slim is the page without its plain copy, to keep: a kept page takes a
// quarter of the memory.
func (p *prepared) slim() *prepared {
	if p.gz == nil {
		return p
	}
	q := *p
	q.body = nil
	return &q
}

// mem is roughly what the page holds in memory.
func (p *prepared) mem() int {
	return len(p.etag) + 64 + len(p.gz) + len(p.body)
}

// plain is the page unzipped.
func (p *prepared) plain() []byte {
	if p.body != nil || p.gz == nil {
		return p.body
	}
	zr, err := gzip.NewReader(bytes.NewReader(p.gz))
	if err != nil {
		panic("handlers: a prepared page does not unzip: " + err.Error()) // built here, never from outside
	}
	out := bytes.NewBuffer(make([]byte, 0, p.size))
	if _, err := io.Copy(out, zr); err != nil {
		panic("handlers: a prepared page does not unzip: " + err.Error())
	}
	return out.Bytes()
}

// etagOf names a page's content: a 64-bit hash keyed by a seed this process
// draws at random, and the length. It only has to tell two versions of one
// page apart, cheaply; the key is there because an unkeyed checksum such as
// a CRC is linear, so a member could choose a name or a note that keeps an
// edited page's old tag, and every other phone would then be told its stale
// copy is current. A restart draws a new key: a phone's next reload is a
// 200, not a 304.
//
// The round form's submit key (skip, drawn per answer) is left out: a page
// that differs only by it is the same page, and a reload of it is a 304
// (the phone keeps its own copy, with a key of its own).
func etagOf(body []byte, skip string) string {
	var h maphash.Hash
	h.SetSeed(etagSeed)
	n := len(body)
	for skip != "" {
		i := bytes.Index(body, []byte(skip))
		if i < 0 {
			break
		}
		h.Write(body[:i])
		body = body[i+len(skip):]
	}
	h.Write(body)
	b := make([]byte, 0, 40)
	b = append(b, `W/"`...)
	b = strconv.AppendUint(b, h.Sum64(), 36)
	b = append(b, '.')
	b = strconv.AppendInt(b, int64(n), 36)
	return string(append(b, '"'))
}

var etagSeed = maphash.MakeSeed()
