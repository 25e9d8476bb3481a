package serve

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// testServer serves h behind an Admission on loopback, every route a form
// of at most limit bytes; refusals are answered with their key.
func testServer(t *testing.T, limit int64, h echo.HandlerFunc) (*Admission, string) {
	t.Helper()
	a := (&Admission{Classify: func(echo.Context) Route { return Route{Limit: limit} },
		Body: 300 * time.Millisecond, Upload: time.Second, Write: time.Second,
		Disk: NewDiskBudget(1 << 20), Log: slog.New(slog.DiscardHandler),
		DiskFull: func(echo.Context) string { return "disk full" }}).Start()
	e := echo.New()
	e.HTTPErrorHandler = func(err error, c echo.Context) {
		var r *Refusal
		var he *echo.HTTPError
		switch {
		case errors.As(err, &r):
			c.String(r.Status, r.Key)
		case errors.As(err, &he):
			c.String(he.Code, fmt.Sprint(he.Message))
		default:
			c.String(http.StatusInternalServerError, err.Error())
		}
	}
	e.Use(a.Admit)
	e.Any("/*", h)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return a, srv.Listener.Addr().String()
}

// A body over its route's limit is refused with 413 before it is read, and
// one that stalls with 408 once its time is up; either way the connection
// is closed, and the handler never runs.
func TestAdmissionRefusesBodiesAndCloses(t *testing.T) {
	ran := false
	_, addr := testServer(t, 1024, func(c echo.Context) error { ran = true; return c.NoContent(204) })
	for _, tc := range []struct {
		name, req string
		status    int
	}{
		{"too large", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5000\r\n\r\n", 413},
		{"stalled", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc", 408},
	} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		io.WriteString(conn, tc.req)
		conn.SetDeadline(time.Now().Add(3 * time.Second))
		br := bufio.NewReader(conn)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != tc.status || !resp.Close {
			t.Errorf("%s: %d (close %v), want %d and the connection closed", tc.name, resp.StatusCode, resp.Close, tc.status)
		}
		if _, err := br.ReadByte(); err != io.EOF {
			t.Errorf("%s: the connection stays open after the refusal (%v)", tc.name, err)
		}
	}
	if ran {
		t.Error("the handler ran for a refused body")
	}
}

// The handler reads the whole body, received before its turn; its answer
// is sent whole with its length, after the turn is given back.
func TestAdmissionSpoolsTheAnswer(t *testing.T) {
	var a *Admission
	big := strings.Repeat("0123456789", 40_000) // beyond the spool's memory: a temporary file
	a, addr := testServer(t, 1<<20, func(c echo.Context) error {
		b, _ := io.ReadAll(c.Request().Body)
		if a.Working() != 1 {
			return fmt.Errorf("%d turns taken during the request", a.Working())
		}
		return c.String(200, string(b)+big)
	})
	resp, err := http.Post("http://"+addr+"/", "text/plain", strings.NewReader("hello"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != "hello"+big || resp.ContentLength != int64(len(body)) {
		t.Fatalf("%d, %d bytes (Content-Length %d)", resp.StatusCode, len(body), resp.ContentLength)
	}
	if a.Working() != 0 || a.Disk.InUse() != 0 {
		t.Errorf("after the answer: %d turns taken, %d bytes of disk held", a.Working(), a.Disk.InUse())
	}
}

// An answer larger than the disk budget is not sent in half: 429 with the
// sentence, and the budget is whole again.
func TestAdmissionAnswerBeyondTheDiskBudget(t *testing.T) {
	a, addr := testServer(t, 1024, func(c echo.Context) error {
		return c.String(200, strings.Repeat("x", 2<<20))
	})
	resp, err := http.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || strings.TrimSpace(string(body)) != "disk full" || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("%d %q", resp.StatusCode, body)
	}
	if a.Disk.InUse() != 0 {
		t.Errorf("%d bytes of disk still held", a.Disk.InUse())
	}
}

// UnderWay bounds each client and all clients, and a leave is counted once.
func TestUnderWayBounds(t *testing.T) {
	k := NewUnderWay(2, 3, "busy", "full")
	c := echo.New().NewContext(httptest.NewRequest("GET", "/", nil), httptest.NewRecorder())
	l1, _ := k.Enter(c, "a")
	k.Enter(c, "a")
	if _, err := k.Enter(c, "a"); err == nil || err.(*Refusal).Key != "busy" {
		t.Fatalf("a third for one client: %v", err)
	}
	k.Enter(c, "b")
	if _, err := k.Enter(c, "c"); err == nil || err.(*Refusal).Key != "full" {
		t.Fatalf("a fourth in all: %v", err)
	}
	l1()
	l1()
	if k.Open() != 2 {
		t.Fatalf("%d open after one left (twice), want 2", k.Open())
	}
	if _, err := k.Enter(c, "c"); err != nil {
		t.Fatalf("after one left: %v", err)
	}
}

// A stream is listed under its group until done; ending it cancels its
// context.
func TestStreamsByGroup(t *testing.T) {
	ss := NewStreams(1)
	c := echo.New().NewContext(httptest.NewRequest("GET", "/", nil), httptest.NewRecorder())
	ctx, done, err := ss.Start(c, 7, "ann")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ss.Start(c, 7, "ann"); err == nil {
		t.Error("a second stream of one client beyond its bound")
	}
	open := ss.Of(7)
	if len(open) != 1 || open[0].Who != "ann" || len(ss.Of(8)) != 0 {
		t.Fatalf("streams of group 7: %v", open)
	}
	open[0].End()
	if ctx.Err() == nil {
		t.Error("an ended stream's context goes on")
	}
	done()
	if len(ss.Of(7)) != 0 || ss.Open() != 0 {
		t.Error("a done stream is still listed")
	}
}
