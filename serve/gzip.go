package serve

import (
	"bytes"
	"hash/maphash"
	"io"
	"strconv"

	"github.com/klauspost/compress/gzip"
)

// Prepared is a rendered page made ready to send: its ETag and its body,
// plain and gzipped. A kept page holds only the gzipped copy (slim); the rare
// browser without gzip gets it unzipped.
type Prepared struct {
	ETag string
	Body []byte // plain; nil once slim
	GZ   []byte // the gzip stream; nil under MinGzip
	Size int    // of the plain body
}

// MinGzip is the size under which a page is sent as is: the gzip framing
// would save little or nothing.
const MinGzip = 1024

// Prepare gzips a page. etag is "" when the answer needs none (not a GET's 200).
func Prepare(body []byte, etag string) *Prepared {
	p := &Prepared{ETag: etag, Body: body, Size: len(body)}
	if len(body) >= MinGzip {
		p.GZ = Gzipped(body)
	}
	return p
}

// Gzipped compresses a page with klauspost/compress's stateless level: no
// compressor is kept between pages, so memory stays flat under load, for
// about the size and speed of its fastest level.
func Gzipped(body []byte) []byte {
	out := bytes.NewBuffer(make([]byte, 0, len(body)/4+64))
	zw, _ := gzip.NewWriterLevel(out, gzip.StatelessCompression) // a known level: never an error
	// Writes to a bytes.Buffer do not fail.
	zw.Write(body)
	zw.Close()
	return out.Bytes()
}

// Slim is the page without its plain copy, to keep: a kept page takes a
// quarter of the memory.
func (p *Prepared) Slim() *Prepared {
	if p.GZ == nil {
		return p
	}
	q := *p
	q.Body = nil
	return &q
}

// Mem is roughly what the page holds in memory.
func (p *Prepared) Mem() int {
	return len(p.ETag) + 64 + len(p.GZ) + len(p.Body)
}

// Plain is the page unzipped.
func (p *Prepared) Plain() []byte {
	if p.Body != nil || p.GZ == nil {
		return p.Body
	}
	zr, err := gzip.NewReader(bytes.NewReader(p.GZ))
	if err != nil {
		panic("serve: a prepared page does not unzip: " + err.Error()) // built here, never from outside
	}
	out := bytes.NewBuffer(make([]byte, 0, p.Size))
	if _, err := io.Copy(out, zr); err != nil {
		panic("serve: a prepared page does not unzip: " + err.Error())
	}
	return out.Bytes()
}

// EtagOf names a page's content: a 64-bit hash keyed by a seed this process
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
func EtagOf(body []byte, skip string) string {
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
