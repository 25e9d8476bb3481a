package handlers

import (
	"bytes"
	"compress/flate"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
)

// submitKeyHole stands in a rendered page for the round form's submit key.
// Every answer puts a fresh random key in its place, so a kept page never
// hands two phones the same key, and the page's ETag stays the same.
const submitKeyHole = "SUBMITKEYHOLE"

// prepared is a rendered page made ready to be sent many times: its ETag,
// and its body cut at each submit-key hole, plain and compressed. Each part
// is compressed on its own into byte-aligned deflate blocks, so an answer is
// the parts joined by the key as a stored (uncompressed) block: filling the
// hole costs a copy and a checksum, not a compression of the whole page.
type prepared struct {
	etag  string
	parts [][]byte // the body between holes
	zip   [][]byte // each part deflated; all but the last end in a sync flush
}

// size is roughly what the page holds in memory.
func (p *prepared) size() int {
	n := len(p.etag)
	for i := range p.parts {
		n += len(p.parts[i]) + len(p.zip[i])
	}
	return n
}

// minGzip is the size under which a page is sent as is: the gzip framing
// would save little or nothing.
const minGzip = 1024

// prepare cuts and compresses a rendered page with one of the server's few
// compressors (each holds about a megabyte, so their number, not the load,
// bounds memory).
func (s *Server) prepare(body []byte) *prepared {
	sum := sha256.Sum256(body)
	p := &prepared{etag: `W/"` + hex.EncodeToString(sum[:12]) + `"`,
		parts: bytes.Split(body, []byte(submitKeyHole))}
	if len(body) < minGzip {
		return p
	}
	w := <-s.compressors
	defer func() { s.compressors <- w }()
	p.zip = make([][]byte, len(p.parts))
	for i, part := range p.parts {
		var out bytes.Buffer
		out.Grow(len(part)/3 + 16)
		w.Reset(&out)
		w.Write(part)
		if i < len(p.parts)-1 {
			w.Flush()
		} else {
			w.Close()
		}
		p.zip[i] = out.Bytes()
	}
	return p
}

// plain is the page with key in every hole.
func (p *prepared) plain(key string) []byte {
	return bytes.Join(p.parts, []byte(key))
}

// gzipped is the page with key in every hole as one gzip stream (RFC 1952):
// header, the deflated parts with the key between them as stored blocks
// (RFC 1951 §3.2.4), then the CRC-32 and length of the whole plain body.
func (p *prepared) gzipped(key string) []byte {
	n := 10 + 8
	for _, z := range p.zip {
		n += len(z) + 5 + len(key)
	}
	out := make([]byte, 0, n)
	out = append(out, 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255) // deflate, no flags or time, OS unknown
	crc, size := uint32(0), 0
	for i, z := range p.zip {
		if i > 0 {
			// A stored block: BFINAL 0, BTYPE 00, padded to the byte, then LEN and NLEN.
			out = append(out, 0)
			out = binary.LittleEndian.AppendUint16(out, uint16(len(key)))
			out = binary.LittleEndian.AppendUint16(out, ^uint16(len(key)))
			out = append(out, key...)
			crc = crc32.Update(crc, crc32.IEEETable, []byte(key))
			size += len(key)
		}
		out = append(out, z...)
		crc = crc32.Update(crc, crc32.IEEETable, p.parts[i])
		size += len(p.parts[i])
	}
	out = binary.LittleEndian.AppendUint32(out, crc)
	return binary.LittleEndian.AppendUint32(out, uint32(size))
}

func newCompressors(n int) chan *flate.Writer {
	ch := make(chan *flate.Writer, n)
	for i := 0; i < n; i++ {
		w, _ := flate.NewWriter(nil, flate.BestSpeed)
		ch <- w
	}
	return ch
}
