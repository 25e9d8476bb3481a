package handlers

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/store"
)

// The attacks of issue 15, each against a real server on a loopback socket
// with short deadlines, each bounded in time.

// liveServer is a real HTTP server (NewHTTPServer) on 127.0.0.1.
type liveServer struct {
	*testApp
	addr string
}

func newLiveServer(t testing.TB, timeouts Timeouts) *liveServer {
	t.Helper()
	// The rate limits per address have their own tests (limits_test.go):
	// here one address plays every phone of a table.
	return newLiveServerWith(t, timeouts, Limits{Requests: -1, Groups: -1})
}

// newLiveServerWith is newLiveServer with limits (zero: the defaults).
func newLiveServerWith(t testing.TB, timeouts Timeouts, limits Limits) *liveServer {
	t.Helper()
	return newLiveServerConfig(t, Config{Timeouts: timeouts, Limits: limits})
}

// newLiveServerConfig is a server of cfg (its store and games filled in)
// on loopback.
func newLiveServerConfig(t testing.TB, cfg Config) *liveServer {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "live.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	cfg.Store, cfg.Games = st, testGames()
	srv, e, err := newServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := NewHTTPServer(cfg, e)
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return &liveServer{&testApp{t: t, e: e, store: st, srv: srv}, ln.Addr().String()}
}

// quickGet is a fresh phone asking for the home page: it must be answered,
// not held behind what the test keeps busy (a minute is a deadline, not a
// measure: how long it took is logged).
func (l *liveServer) quickGet(t *testing.T, what string) {
	t.Helper()
	c := &http.Client{Timeout: time.Minute}
	t0 := time.Now()
	resp, err := c.Get("http://" + l.addr + "/")
	if err != nil {
		t.Fatalf("GET / while %s: %v", what, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET / while %s: %d", what, resp.StatusCode)
	}
	t.Logf("GET / while %s: %v", what, time.Since(t0).Round(time.Millisecond))
}

func (l *liveServer) dial(t *testing.T) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", l.addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// readAnswer reads the answer on conn. It waits a minute at most: a
// deadline, not a measure (a busy machine answers late without anything
// being wrong; an answer that never comes is the failure).
func readAnswer(t *testing.T, conn net.Conn) (*http.Response, string) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer within a minute: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(b)
}

// waitFor polls until cond holds, a minute at most: a deadline, not a
// measure, for a test that must see one event before causing the next.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
	}
}

func hasSecurityHeaders(h http.Header) bool {
	return h.Get("Content-Security-Policy") != "" && h.Get("X-Frame-Options") == "DENY" && h.Get("X-Content-Type-Options") == "nosniff"
}

// Eight (and more) anonymous uploads that send 300 KiB of a larger body and
// go quiet used to hold every turn: the server stopped for everyone until
// they hung up. Now a form that large is refused at once, an import's body
// is received before its turn, and a silent one is cut off at its deadline.
func TestSilentUploadsHoldNoTurn(t *testing.T) {
	// The first import's deadlines (a silent body's, the upload's) are long
	// enough for the others to arrive while it is under way, however busy
	// the machine.
	l := newLiveServer(t, Timeouts{Body: 5 * time.Second, Upload: 10 * time.Second})
	n := l.srv.admission.Turns() + 2
	var forms, imports []net.Conn
	for i := range n {
		path, conns := "/groups", &forms
		if i%2 == 1 {
			path, conns = "/import", &imports
		}
		conn := l.dial(t)
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: %d\r\n\r\n", path, 1<<20)
		conn.Write(bytes.Repeat([]byte("a"), 300<<10))
		*conns = append(*conns, conn)
	}
	l.quickGet(t, fmt.Sprintf("%d uploads of 300 KiB are silent", n))
	if busy := l.srv.admission.Working(); busy != 0 {
		t.Errorf("%d turns held by silent uploads", busy)
	}
	for _, conn := range forms {
		if resp, _ := readAnswer(t, conn); resp.StatusCode != http.StatusRequestEntityTooLarge {
			t.Errorf("a 1 MiB form: %d, want 413", resp.StatusCode)
		}
	}
	t0 := time.Now()
	// One client has one import under way at a time (see serve.Uploads): its
	// first is cut off at its deadline, the others are refused at once.
	says := map[int]string{http.StatusRequestTimeout: "nothing was saved", http.StatusTooManyRequests: "still under way"}
	cut := 0
	for _, conn := range imports {
		resp, body := readAnswer(t, conn)
		if resp.StatusCode == http.StatusRequestTimeout {
			cut++
		}
		if says[resp.StatusCode] == "" || !hasSecurityHeaders(resp.Header) || !strings.Contains(body, says[resp.StatusCode]) {
			t.Errorf("a silent import: %d %v %q, want 408 or 429 with the security headers and a sentence", resp.StatusCode, resp.Header, body)
		}
	}
	if cut != 1 {
		t.Errorf("%d silent imports of one client cut off at their deadline, want 1 (the others refused at once)", cut)
	}
	t.Logf("silent imports answered 408 within %v of the last check", time.Since(t0).Round(time.Millisecond))
}

// A body that stalls gets its 408, with the security headers, whether it
// was announced by its length or sent in chunks (the chunked one used to
// get an empty 200 without headers, the other no answer at all).
func TestStalledBodyGets408(t *testing.T) {
	l := newLiveServer(t, Timeouts{Body: 300 * time.Millisecond})
	for _, tt := range []struct{ name, head, body string }{
		{"with a length", "Content-Length: 100\r\n", "name="},
		{"chunked", "Transfer-Encoding: chunked\r\n", "5\r\nname=\r\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			conn := l.dial(t)
			fmt.Fprintf(conn, "POST /groups HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n%s\r\n%s", tt.head, tt.body)
			t0 := time.Now()
			resp, body := readAnswer(t, conn)
			if resp.StatusCode != http.StatusRequestTimeout || !hasSecurityHeaders(resp.Header) || !strings.Contains(body, "nothing was saved") {
				t.Errorf("stalled body: %d %v %q, want 408 with the security headers and a sentence", resp.StatusCode, resp.Header, body)
			}
			t.Logf("stalled body %s: %d after %v", tt.name, resp.StatusCode, time.Since(t0).Round(time.Millisecond))
		})
	}
}

// A kept-alive connection with no request is closed after the idle timeout.
func TestIdleKeepAliveIsClosed(t *testing.T) {
	l := newLiveServer(t, Timeouts{Idle: 300 * time.Millisecond})
	conn := l.dial(t)
	fmt.Fprintf(conn, "GET /icon.svg HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(conn)
	conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	t0 := time.Now()
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("idle connection: %v, want closed by the server", err)
	}
	t.Logf("idle keep-alive closed after %v", time.Since(t0).Round(time.Millisecond))
}

// bigGroup imports a group whose export is several megabytes and returns its
// slug and a member's session cookie.
func bigGroup(t *testing.T, st *store.Store) (string, string) {
	t.Helper()
	at := "2026-01-01T10:00:00.000Z"
	e := store.Export{Format: store.ExportFormat, Version: store.ExportVersion, ExportedAt: at,
		Group:   store.ExportGroup{Name: "Big", CreatedAt: at},
		Players: []store.ExportPlayer{{ID: 1, Name: "Ana", CreatedAt: at}, {ID: 2, Name: "Ben", CreatedAt: at}},
		Seasons: []store.ExportSeason{}, HouseRules: []store.ExportRule{}}
	entry, _ := json.Marshal(map[string]string{"note": strings.Repeat("x", 1000)})
	for m := range 100 {
		mt := store.ExportMatch{ID: int64(m + 1), Game: "taki", CreatedAt: at, Seats: []store.ExportSeat{{Player: 1}, {Player: 2}}}
		for r := range 40 {
			mt.Rounds = append(mt.Rounds, store.ExportRound{Number: r + 1, Entry: entry, Points: []int{1, 0}, Version: 1, CreatedAt: at,
				Revisions: []store.ExportRevision{{Version: 1, Kind: "created", Entry: entry, Points: []int{1, 0}, Author: "Ana", At: at}}})
			mt.Seats[0].Total++
		}
		e.Matches = append(e.Matches, mt)
	}
	created, err := st.ImportGroup(context.Background(), e, "Ana", "")
	if err != nil {
		t.Fatal(err)
	}
	return created.Group.Slug, sessionCookie + "=" + created.SessionToken
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// Clients that ask for a large export and never read it used to hold the
// turns and hundreds of megabytes. Now the export is spooled in its turn and
// sent after it: they hold no turn and a few hundred KiB each, and the
// write deadline closes them. The verdict waits on what the clients see
// (each answer's head: its turn is over), never on a clock.
func TestSlowReadersOfTheExportHoldNoTurn(t *testing.T) {
	// More exports at once than the limits allow (TestExportLimits): here
	// the readers are as many as the server lets in.
	l := newLiveServerWith(t, Timeouts{Write: 3 * time.Second}, Limits{Exports: 100, ExportsAll: 100})
	slug, cookie := bigGroup(t, l.store)
	// The export's size, asked in-process (no network, no deadline).
	req := httptest.NewRequest(http.MethodGet, "/g/"+slug+"/export.json", nil)
	req.Header.Set("Cookie", cookie)
	rec := serveReq(l.testApp, req)
	full := rec.Body.Len()
	if rec.Code != http.StatusOK || !json.Valid(rec.Body.Bytes()) {
		t.Fatalf("export.json: %d, %d bytes", rec.Code, full)
	}
	before := heapInUse()
	n := l.srv.admission.Turns() + 2
	var conns []net.Conn
	for range n {
		conn := l.dial(t)
		fmt.Fprintf(conn, "GET /g/%s/export.json HTTP/1.1\r\nHost: x\r\nCookie: %s\r\n\r\n", slug, cookie)
		conns = append(conns, conn)
	}
	// The exports are made in turns (each takes CPU), then sent outside
	// them: once a client has its answer's head, its turn is given back,
	// although it reads no further. No read deadline: the test's own
	// timeout ends a server that never answers.
	for i, conn := range conns {
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("slow reader %d: %v, %v", i, resp, err)
		}
	}
	if busy := l.srv.admission.Working(); busy != 0 {
		t.Errorf("%d turns held by %d clients that do not read", busy, n)
	}
	if code := serveReq(l.testApp, httptest.NewRequest(http.MethodGet, "/", nil)).Code; code != http.StatusOK {
		t.Errorf("GET / while %d clients do not read their exports: %d", n, code)
	}
	grown := int64(heapInUse()) - int64(before)
	t.Logf("heap in use grew by %d KiB with %d readers that do not read a %d KiB export", grown>>10, n, full>>10)
	if grown > 16<<20 {
		t.Errorf("heap grew by %d MiB for %d slow readers", grown>>20, n)
	}
	// The write deadline ends each of them: a reader gets less than the
	// whole file, then the end of the connection (no read deadline either:
	// a connection the server never closes is the test's timeout).
	time.Sleep(l.srv.admission.Write)
	for _, conn := range conns {
		got, err := io.Copy(io.Discard, conn)
		if err != nil || got >= int64(full) {
			t.Errorf("slow reader after the write deadline: read %d of %d bytes, %v; want the connection closed early", got, full, err)
		}
	}
}

// An import nested 9,000 deep used to import and export as 162 MB. Now it
// is refused with a sentence (a 422: the import is refused before its
// transaction, so nothing is created).
func TestDeepImportIsRefused(t *testing.T) {
	l := newLiveServer(t, Timeouts{})
	at := "2026-01-01T10:00:00.000Z"
	deep := strings.Repeat(`{"a":`, 9000) + "1" + strings.Repeat("}", 9000)
	file := `{"format":"tablekeeper.group","version":1,"exported_at":"` + at + `","group":{"name":"Deep","created_at":"` + at + `"},
"players":[{"id":1,"name":"Ana","archived_at":null,"created_at":"` + at + `"},{"id":2,"name":"Ben","archived_at":null,"created_at":"` + at + `"}],
"seasons":[],"house_rules":[],"matches":[{"id":1,"game":"taki","rules":{},"options":{},"created_at":"` + at + `","finished_at":null,"deleted_at":null,
"seats":[{"player":1,"total":1},{"player":2,"total":0}],
"rounds":[{"number":1,"entry":` + deep + `,"points":[1,0],"version":1,"undone_at":null,"created_at":"` + at + `","revisions":[]}]}]}`
	for _, nested := range []string{deep, strings.Repeat("[", 20) + strings.Repeat("]", 20)} {
		f := strings.Replace(file, deep, nested, 1)
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField("display", "Ana")
		fw, _ := mw.CreateFormFile("file", "export.json")
		io.WriteString(fw, f)
		mw.Close()
		req, _ := http.NewRequest(http.MethodPost, "http://"+l.addr+"/import", &buf)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want := "too deeply"
		if nested != deep {
			want = "match 1, round 1"
		}
		if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(string(b), want) || !strings.Contains(string(b), "Nothing was imported") {
			t.Errorf("import of a %d-byte file nested deep: %d, want 422 with a sentence saying %q", len(f), resp.StatusCode, want)
		}
	}
}
