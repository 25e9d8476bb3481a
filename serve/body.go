package serve

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/labstack/echo/v4"
)

// BodyInMemory is how much of a body is kept in memory; the rest of an
// import waits in a temporary file.
const BodyInMemory = 64 << 10

// the request reading from what was received: up to BodyInMemory in
// memory, the rest in a temporary file (its bytes taken from disk). A body
// larger than limit is refused with 413, one that does not arrive whole in
// time with 408, and so is one that, with stall > 0, leaves stall pass
// without bringing another BodyInMemory bytes: a silent upload is cut off
// then, not at the end of wait. The returned closer (nil when there is no
// body) removes the temporary file.
func ReceiveBody(c echo.Context, limit int64, wait, stall time.Duration, disk *DiskBudget) (io.Closer, error) {
	r := c.Request()
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		return nil, nil
	}
	if r.ContentLength > limit {
		return nil, echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	rc := http.NewResponseController(c.Response())
	end := time.Now().Add(wait)
	rc.SetReadDeadline(end) // not supported in tests: no harm
	defer rc.SetReadDeadline(time.Time{})
	var in io.Reader = r.Body
	if stall > 0 && stall < wait {
		in = &paced{r: r.Body, rc: rc, end: end, stall: stall}
	}
	sb := &spooledBody{buf: bufs.Get().(*bytes.Buffer), disk: disk}
	buf := sb.buf
	n, err := io.Copy(buf, io.LimitReader(in, BodyInMemory))
	if err == nil && n == BodyInMemory {
		if sb.file, err = os.CreateTemp("", "tablekeeper-body-*"); err != nil {
			return nil, err
		}
		os.Remove(sb.file.Name()) // gone when closed, whatever happens
		var m int64
		m, err = io.Copy(budgeted{sb.file, disk, &sb.taken}, io.LimitReader(in, limit+1-n))
		n += m
		if err == nil {
			_, err = sb.file.Seek(0, io.SeekStart)
		}
	}
	switch {
	case err == nil && n > limit:
		err = echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	case errors.Is(err, ErrDiskFull):
		c.Response().Header().Set("Retry-After", "60")
	case err != nil:
		// Too slow, cut off or malformed: the form never arrived whole.
		err = echo.NewHTTPError(http.StatusRequestTimeout).SetInternal(err)
	}
	if err != nil {
		sb.Close()
		return nil, err
	}
	r.Body.Close()
	sb.Reader = io.MultiReader(bytes.NewReader(buf.Bytes()), sb.fileReader())
	r.Body, r.ContentLength = sb, n
	return sb, nil
}

// paced reads a body that must bring BodyInMemory bytes within each stall
// (and end by end): the read deadline moves on with each such step.
type paced struct {
	r         io.Reader
	rc        *http.ResponseController
	end       time.Time
	stall     time.Duration
	sinceLast int64
	started   bool
}

func (p *paced) Read(b []byte) (int, error) {
	if !p.started || p.sinceLast >= BodyInMemory {
		p.started, p.sinceLast = true, 0
		next := time.Now().Add(p.stall)
		if next.After(p.end) {
			next = p.end
		}
		p.rc.SetReadDeadline(next)
	}
	n, err := p.r.Read(b)
	p.sinceLast += int64(n)
	return n, err
}

// budgeted writes to a temporary file what the disk budget allows.
type budgeted struct {
	f     *os.File
	disk  *DiskBudget
	taken *int64
}

func (w budgeted) Write(p []byte) (int, error) {
	if !w.disk.take(int64(len(p))) {
		return 0, ErrDiskFull
	}
	*w.taken += int64(len(p))
	return w.f.Write(p)
}

// spooledBody is a received body: memory, then perhaps a temporary file.
type spooledBody struct {
	io.Reader
	buf   *bytes.Buffer // borrowed from bufs until Close
	file  *os.File
	disk  *DiskBudget
	taken int64 // bytes of the file, taken from disk
}

func (b *spooledBody) fileReader() io.Reader {
	if b.file == nil {
		return bytes.NewReader(nil)
	}
	return b.file
}

func (b *spooledBody) Close() error {
	putBuf(b.buf)
	b.buf = nil
	if b.file != nil {
		b.file.Close()
		b.file = nil
	}
	b.disk.give(b.taken)
	b.taken = 0
	return nil
}
