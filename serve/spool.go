package serve

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"strconv"
	"sync"
)

// spool holds an answer while it is made, in a turn: the status, then up to
// spoolInMemory bytes in memory and the rest in a temporary file, so that
// a client that reads slowly, or never, holds neither a turn nor more than
// that much memory. The headers are the real writer's (nothing is sent
// before send).
type spool struct {
	real   http.ResponseWriter
	status int
	buf    *bytes.Buffer // from bufs, taken at the first write
	file   *os.File
	err    error
	disk   *DiskBudget // the file's bytes are taken from it
	taken  int64
	busy   string // what to say when the disk budget is spent
}

// bufs are the buffers spools and received bodies borrow: one per request
// in flight rather than a new one (grown by doubling) per request.
var bufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// keptBuf is the largest buffer given back to bufs: an export's does not
// stay in memory for the next page.
const keptBuf = 64 << 10

func putBuf(b *bytes.Buffer) {
	if b != nil && b.Cap() <= keptBuf {
		b.Reset()
		bufs.Put(b)
	}
}

// spoolInMemory is how much of an answer is kept in memory: every page; a
// large export goes to a temporary file.
const spoolInMemory = 256 << 10

func (s *spool) Header() http.Header { return s.real.Header() }

func (s *spool) WriteHeader(status int) {
	if s.status == 0 {
		s.status = status
	}
}

func (s *spool) Write(p []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	if s.err != nil {
		return 0, s.err
	}
	if s.buf == nil {
		s.buf = bufs.Get().(*bytes.Buffer)
	}
	if s.file == nil && s.buf.Len()+len(p) <= spoolInMemory {
		return s.buf.Write(p)
	}
	if s.file == nil {
		if s.file, s.err = os.CreateTemp("", "tablekeeper-answer-*"); s.err != nil {
			return 0, s.err
		}
		os.Remove(s.file.Name()) // gone when closed, whatever happens
	}
	if !s.disk.take(int64(len(p))) {
		s.err = ErrDiskFull
		return 0, s.err
	}
	s.taken += int64(len(p))
	n, err := s.file.Write(p)
	s.err = err
	return n, err
}

// Flush is a no-op: everything is sent at the end.
func (s *spool) Flush() {}

// Unwrap lets a handler reach the connection (read deadlines).
func (s *spool) Unwrap() http.ResponseWriter { return s.real }

// send writes the spooled answer to the client.
func (s *spool) send() error {
	if s.status == 0 {
		return nil // nothing was written: net/http answers as it does for any handler
	}
	if s.err != nil {
		// The answer could not be kept whole: say so rather than send half.
		h := s.real.Header()
		h.Del("Content-Length")
		h.Del("Content-Encoding")
		h.Del("Content-Disposition")
		h.Set("Content-Type", "text/plain; charset=utf-8")
		if errors.Is(s.err, ErrDiskFull) {
			// Too many large answers wait to be sent: this one is not made.
			h.Set("Retry-After", "60")
			s.real.WriteHeader(http.StatusTooManyRequests)
			_, err := io.WriteString(s.real, s.busy)
			return err
		}
		s.real.WriteHeader(http.StatusInternalServerError)
		_, err := io.WriteString(s.real, "The server could not prepare this answer. Please try again later.\n")
		return errors.Join(s.err, err)
	}
	if s.buf == nil {
		s.buf = bufs.Get().(*bytes.Buffer)
	}
	size := int64(s.buf.Len())
	if s.file != nil {
		st, err := s.file.Stat()
		if err != nil {
			return err
		}
		size += st.Size()
		if _, err := s.file.Seek(0, io.SeekStart); err != nil {
			return err
		}
	}
	h := s.real.Header()
	if h.Get("Content-Length") == "" && s.status != http.StatusNotModified && s.status != http.StatusNoContent && s.status >= 200 {
		h.Set("Content-Length", strconv.FormatInt(size, 10))
	}
	s.real.WriteHeader(s.status)
	if _, err := s.real.Write(s.buf.Bytes()); err != nil {
		return err
	}
	if s.file != nil {
		_, err := io.Copy(s.real, s.file)
		return err
	}
	return nil
}

func (s *spool) discard() {
	putBuf(s.buf)
	s.buf = nil
	if s.file != nil {
		s.file.Close()
		s.file = nil
	}
	s.disk.give(s.taken)
	s.taken = 0
}
