package handlers

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/tablekeeper/tablekeeper/store"
)

// The limits of a hosted server (issue 28), each against a real server on
// loopback sockets. Other clients come from other loopback addresses
// (127.0.0.2, 127.0.0.3…): the server tells clients apart by address.

// from is a client whose connections come from ip.
func from(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 20 * time.Second,
		Transport:     &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 64},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// dialFrom opens a connection to the server from ip.
func (l *liveServer) dialFrom(t *testing.T, ip string) net.Conn {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	conn, err := d.Dial("tcp", l.addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// newGroup makes a group in the store and returns it with its admin's cookie.
func (l *liveServer) newGroup(t testing.TB, name string) (store.CreatedGroup, string) {
	t.Helper()
	g, err := l.store.CreateGroup(context.Background(), name, "Ana", "")
	if err != nil {
		t.Fatal(err)
	}
	return g, sessionCookie + "=" + g.SessionToken
}

// do sends a request from client c and returns the answer's status, headers
// and body.
func do(t testing.TB, c *http.Client, method, u, cookie string, form url.Values, lang string) (int, http.Header, string) {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, _ := http.NewRequest(method, u, body)
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	if lang != "" {
		req.Header.Set("Accept-Language", lang)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// Row 1: the new-match page of the largest group allowed offers each player
// the game's seats, not every seat up to the number of players (1,000
// players made a million options and 3.4 s), and the group takes no more
// players, by the form or by the store. Row 12: that group's export imports
// again. How long the page takes is BenchmarkNewMatchPageLargestGroup's.
func TestLargestGroupNewMatchAndExport(t *testing.T) {
	l := newLiveServer(t, Timeouts{})
	g, cookie := l.newGroup(t, "Big")
	ctx := context.Background()
	addPlayersUpToLimit(t, l.store, g.Group.ID)
	base := "http://" + l.addr + "/g/" + g.Group.Slug
	c := from("127.0.0.1")
	status, _, page := do(t, c, http.MethodGet, base+"/matches/new?game=fivecrowns", cookie, nil, "")
	if status != http.StatusOK || !strings.Contains(page, "Player 0999") {
		t.Fatalf("new-match page: %d", status)
	}
	// Five Crowns seats up to 7: a player is offered 7 seats or none; the
	// match's own options (the first round) are a dozen.
	options, most := strings.Count(page, "<option"), (7+1)*DefaultLimits.Players+20
	t.Logf("new-match page of %d players: %d options, %d KiB", DefaultLimits.Players, options, len(page)>>10)
	if options > most {
		t.Errorf("new-match page of %d players: %d options, want at most %d (the game's seats for each)", DefaultLimits.Players, options, most)
	}
	if len(page) > 2<<20 {
		t.Errorf("new-match page of %d players: %d KiB, want it to grow with the players, not their square", DefaultLimits.Players, len(page)>>10)
	}

	status, _, body := do(t, c, http.MethodPost, base+"/players", cookie, url.Values{"name": {"One Too Many"}}, "fr")
	if status != http.StatusRequestEntityTooLarge || !strings.Contains(body, "au plus 1000 joueurs") {
		t.Errorf("player past the limit by the form: %d %.300s, want 413 with a sentence", status, body)
	}
	if _, err := l.store.AddPlayer(ctx, g.Group.ID, "Another"); !errors.Is(err, store.ErrLimit) {
		t.Errorf("player past the limit in the store: %v, want ErrLimit", err)
	}
	if ps, _ := l.store.Players(ctx, g.Group.ID); len(ps) != DefaultLimits.Players {
		t.Errorf("%d players after the refusals, want %d", len(ps), DefaultLimits.Players)
	}
	// Row 12: the largest group's export imports again.
	status, _, export := do(t, c, http.MethodGet, base+"/export.json", cookie, nil, "")
	if status != http.StatusOK {
		t.Fatalf("export: %d", status)
	}
	resp, body, err := liveUpload(l.addr, "/import", "", url.Values{"display": {"Ana"}}, []byte(export))
	if err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Errorf("the export of the largest group, imported again: %v %v %.300s", err, resp, body)
	}
}

// addPlayersUpToLimit fills a group that has one player (Ana) up to the
// players a group may have, named "Player 0002" on.
func addPlayersUpToLimit(t testing.TB, st *store.Store, group int64) {
	t.Helper()
	for i := 2; i <= DefaultLimits.Players; i++ {
		if _, err := st.AddPlayer(context.Background(), group, fmt.Sprintf("Player %04d", i)); err != nil {
			t.Fatal(err)
		}
	}
}

// Row 12: the forms and the imports hold the same limits, so that no group
// grows, by any way, into one whose export its import refuses.
func TestFormsAndImportsHoldTheSameLimits(t *testing.T) {
	l := newLiveServerWith(t, Timeouts{}, Limits{Players: 3, Matches: 2})
	g, cookie := l.newGroup(t, "Small")
	ctx := context.Background()
	base := "http://" + l.addr + "/g/" + g.Group.Slug
	c := from("127.0.0.1")
	for _, name := range []string{"Ben", "Cleo"} {
		if status, _, body := do(t, c, http.MethodPost, base+"/players", cookie, url.Values{"name": {name}}, ""); status != http.StatusSeeOther {
			t.Fatalf("add %s: %d %.200s", name, status, body)
		}
	}
	status, _, body := do(t, c, http.MethodPost, base+"/players", cookie, url.Values{"name": {"Dan"}}, "")
	if status != http.StatusRequestEntityTooLarge || !strings.Contains(body, "at most 3 players") {
		t.Errorf("a fourth player by the form: %d %.300s", status, body)
	}
	// Joining under a new name adds a player too.
	status, _, body = do(t, from("127.0.0.2"), http.MethodPost, "http://"+l.addr+"/join/"+g.Group.Slug+"/"+g.Group.InviteToken, "", url.Values{"player": {"new"}, "display": {"Eve"}}, "")
	if status != http.StatusRequestEntityTooLarge || !strings.Contains(body, "at most 3 players") {
		t.Errorf("a fourth player by joining: %d %s", status, errorText(body))
	}
	ps, _ := l.store.Players(ctx, g.Group.ID)
	if len(ps) != 3 {
		t.Fatalf("%d players, want 3", len(ps))
	}
	form := url.Values{"game": {"taki"}, "end": {"rounds"}, "rounds": {"3"},
		"seat_" + fmt.Sprint(ps[0].ID): {"1"}, "seat_" + fmt.Sprint(ps[1].ID): {"2"}}
	for i := range 2 {
		if status, _, body := do(t, c, http.MethodPost, base+"/matches", cookie, form, ""); status != http.StatusSeeOther {
			t.Fatalf("match %d: %d %.300s", i+1, status, body)
		}
	}
	status, _, body = do(t, c, http.MethodPost, base+"/matches", cookie, form, "")
	if status != http.StatusRequestEntityTooLarge || !strings.Contains(body, "at most 2 matches") {
		t.Errorf("a third match: %d %.300s", status, body)
	}
	if ms, _ := l.store.Matches(ctx, g.Group.ID, 10); len(ms) != 2 {
		t.Errorf("%d matches after the refusal, want 2", len(ms))
	}
	// The group at its limits exports a file that imports again.
	status, _, export := do(t, c, http.MethodGet, base+"/export.json", cookie, nil, "")
	if status != http.StatusOK {
		t.Fatalf("export: %d", status)
	}
	if resp, body, err := liveUpload(l.addr, "/import", "", url.Values{"display": {"Ana"}}, []byte(export)); err != nil || resp.StatusCode != http.StatusSeeOther {
		t.Errorf("the export at the limits, imported again: %v %v %.300s", err, resp, body)
	}
	// A file with more players than a group may have is refused whole.
	first := regexp.MustCompile(`"players":\s*\[\s*(\{[^}]*\})`).FindStringSubmatch(export)
	if first == nil {
		t.Fatalf("no player in the export: %.300s", export)
	}
	zed := regexp.MustCompile(`"name":\s*"[^"]*"`).ReplaceAllString(regexp.MustCompile(`"id":\s*\d+`).ReplaceAllString(first[1], `"id":99`), `"name":"Zed"`)
	more := []byte(strings.Replace(export, first[0], first[0]+","+zed, 1))
	resp, body, err := liveUpload(l.addr, "/import", "", url.Values{"display": {"Ana"}}, more)
	if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "more than 3 players") {
		t.Errorf("a file of 4 players: %v %v %s, want 413 with a sentence", err, resp.StatusCode, errorText(body))
	}
}

// bgstatsFile is a BG Stats export of n players, each in one TAKI play.
func bgstatsFile(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"games":[{"id":1,"name":"Taki"}],"players":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"Stranger %d"}`, i+1, i+1)
	}
	b.WriteString(`],"plays":[`)
	for i := 0; i+1 < n; i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"playDate":"2025-03-01 21:%02d:00","gameRefId":1,"uuid":"u-%d","playerScores":[{"playerRefId":%d,"score":"10","winner":true},{"playerRefId":%d,"score":"0","winner":false}]}`, i%60, i, i+1, i+2)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

// Row 2: a BG Stats upload that inflates past the limit is refused as soon
// as it passes it (it was decoded whole: a 1.8 MB upload took 1.1 GB), and
// the confirmation page grows with the file's players plus the group's
// (each file player listed the whole roster).
func TestBGStatsUploadBounds(t *testing.T) {
	l := newLiveServer(t, Timeouts{})
	g, cookie := l.newGroup(t, "Club")
	ctx := context.Background()
	for i := 2; i <= 1000; i++ {
		if _, err := l.store.AddPlayer(ctx, g.Group.ID, fmt.Sprintf("Member %04d", i)); err != nil {
			t.Fatal(err)
		}
	}
	path := "/g/" + g.Group.Slug + "/import/bgstats"

	// 200 MiB of blanks inside a BG Stats file, in about 200 KiB of gzip.
	var bomb bytes.Buffer
	z, _ := gzip.NewWriterLevel(&bomb, gzip.BestCompression)
	z.Write([]byte(`{"plays":[`))
	blanks := bytes.Repeat([]byte(" "), 1<<20)
	for range 200 {
		z.Write(blanks)
	}
	z.Write([]byte(`]}`))
	z.Close()
	t0 := time.Now()
	resp, body, err := uploadWithin(10*time.Second, l.addr, path, cookie, bomb.Bytes())
	took := time.Since(t0)
	if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "too large once uncompressed") {
		t.Errorf("a %d KiB gzip of 200 MiB: %v %v %.300s, want 413 with a sentence", bomb.Len()>>10, err, resp, body)
	}
	t.Logf("a %d KiB gzip of 200 MiB refused in %v", bomb.Len()>>10, took.Round(time.Millisecond))

	// A file of 300 players against a group of 1,000.
	file := bgstatsFile(300)
	t0 = time.Now()
	resp, body, err = liveUpload(l.addr, path, cookie, nil, file)
	took = time.Since(t0)
	if err != nil || resp.StatusCode != http.StatusOK || strings.Count(body, `data-testid="bgstats-player"`) != 300 {
		t.Fatalf("confirmation of 300 players: %v %v %.300s", err, resp, body)
	}
	t.Logf("confirmation of 300 file players × 1000 group players: %d KiB in %v", len(body)>>10, took.Round(time.Millisecond))
	if len(body) > 1<<20 {
		t.Errorf("confirmation page: %d KiB, want it to grow with the players, not their product", len(body)>>10)
	}
	// Confirming adds 300 new players to 1,000: refused, nothing added.
	form := url.Values{}
	data := body[strings.Index(body, `name="data" value="`)+len(`name="data" value="`):]
	form.Set("data", data[:strings.IndexByte(data, '"')])
	form.Set("player.1", "Member 0002") // a name typed in the list picks the group's player
	// The upload's turn at the import gate is given back a moment after its
	// page was read (one import at a time per client): a person confirms
	// seconds later, the test within milliseconds, so it tries for up to a minute.
	var status int
	for wait := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		status, _, body = do(t, from("127.0.0.1"), http.MethodPost, "http://"+l.addr+path+"/confirm", cookie, form, "")
		if status != http.StatusTooManyRequests || time.Now().After(wait) {
			break
		}
	}
	if status != http.StatusRequestEntityTooLarge || !strings.Contains(body, "more than 1000 players") {
		t.Errorf("an import past the players' limit: %d %.300s", status, body)
	}
	if ps, _ := l.store.Players(ctx, g.Group.ID); len(ps) != 1000 {
		t.Errorf("%d players after the refusal, want 1000", len(ps))
	}
}

// Row 3: exports are bounded per client and in all, and so is the disk
// their answers wait on (32 unread downloads held 814 MB).
func TestExportLimits(t *testing.T) {
	l := newLiveServerWith(t, Timeouts{Write: 3 * time.Second}, Limits{Exports: 2, ExportsAll: 3})
	slug, cookie := bigGroup(t, l.store)
	ask := func(ip string) net.Conn {
		conn := l.dialFrom(t, ip)
		fmt.Fprintf(conn, "GET /g/%s/export.json HTTP/1.1\r\nHost: x\r\nCookie: %s\r\n\r\n", slug, cookie)
		return conn
	}
	// entered waits until n exports are under way (admitted, not yet sent).
	entered := func(n int) {
		waitFor(t, fmt.Sprintf("%d exports under way", n), func() bool { return l.srv.admission.Exports.Open() >= n })
	}
	// Two unread exports of one client, one of another: every place taken.
	ask("127.0.0.2")
	ask("127.0.0.2")
	entered(2)
	third := ask("127.0.0.2")
	resp, body := readAnswer(t, third)
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "still being prepared or downloaded") || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a third export of one client: %d %.300s, want 429 with a sentence", resp.StatusCode, body)
	}
	ask("127.0.0.3")
	entered(3)
	resp, body = readAnswer(t, ask("127.0.0.4"))
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "Too many exports") {
		t.Errorf("an export past the limit in all: %d %.300s, want 429 with a sentence", resp.StatusCode, body)
	}
	t.Logf("temporary disk held by 3 unread exports: %d KiB", l.srv.disk.InUse()>>10)
	// The pages stay quick meanwhile.
	l.quickGet(t, "three exports are not read")
	// Once the unread ones are cut off (write deadline), a place is free.
	for t0 := time.Now(); ; time.Sleep(200 * time.Millisecond) {
		status, _, _ := do(t, from("127.0.0.4"), http.MethodGet, "http://"+l.addr+"/g/"+slug+"/export.json", cookie, nil, "")
		if status == http.StatusOK {
			break
		}
		if time.Since(t0) > time.Minute { // a deadline, not a measure
			t.Fatalf("an export once the others ended: %d", status)
		}
	}
	// The last export's spool is given back once its answer has been
	// written, a moment after the client has read it.
	for t0 := time.Now(); l.srv.disk.InUse() != 0 && time.Since(t0) < time.Minute; {
		time.Sleep(10 * time.Millisecond)
	}
	if n := l.srv.disk.InUse(); n != 0 {
		t.Errorf("%d bytes of temporary disk still counted after every export ended", n)
	}
}

// Row 3: an answer that would pass the temporary-disk budget is not made:
// 429 with a sentence, and the budget is whole again after.
func TestTempDiskBudget(t *testing.T) {
	l := newLiveServerWith(t, Timeouts{}, Limits{TempDisk: 1 << 20})
	slug, cookie := bigGroup(t, l.store)
	status, h, body := do(t, from("127.0.0.2"), http.MethodGet, "http://"+l.addr+"/g/"+slug+"/export.json", cookie, nil, "")
	if status != http.StatusTooManyRequests || !strings.Contains(body, "busy with other large files") || h.Get("Retry-After") == "" {
		t.Errorf("an export past the disk budget: %d %.300s, want 429 with a sentence", status, body)
	}
	if n := l.srv.disk.InUse(); n != 0 {
		t.Errorf("%d bytes still counted", n)
	}
}

// Row 6: four silent uploads from other addresses kept every import out
// until their upload deadline (5 minutes by default). Now a silent upload
// is cut off after the form deadline, and such uploads do not fill the
// places of imports.
func TestSilentUploadsFromOthersDoNotBlockImports(t *testing.T) {
	l := newLiveServer(t, Timeouts{Body: 500 * time.Millisecond, Upload: 20 * time.Second})
	var silent []net.Conn
	for i := range 4 {
		conn := l.dialFrom(t, fmt.Sprintf("127.0.0.%d", i+2))
		fmt.Fprintf(conn, "POST /import HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: %d\r\n\r\n%s", 10<<20, strings.Repeat("x", 1024))
		silent = append(silent, conn)
	}
	time.Sleep(200 * time.Millisecond)
	resp, body, err := liveUpload(l.addr, "/import", "", url.Values{"display": {"Zoé"}}, []byte(`{"format":"nope"}`))
	if err != nil || resp.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("an import while four others are silent: %v %v %.200s, want it read (422 for this file)", err, resp, body)
	}
	t0 := time.Now()
	for _, conn := range silent {
		resp, _ := readAnswer(t, conn)
		if resp.StatusCode != http.StatusRequestTimeout {
			t.Errorf("a silent upload: %d, want 408", resp.StatusCode)
		}
	}
	t.Logf("four silent uploads cut off within %v (upload deadline 20 s)", (time.Since(t0) + 200*time.Millisecond).Round(time.Millisecond))
}

// Row 7: a stalled form gets its 408 and its connection is closed (it was
// left open: 2,000 of 2,000 after 95 s).
func TestStalledFormIsClosed(t *testing.T) {
	l := newLiveServer(t, Timeouts{Body: 300 * time.Millisecond})
	conn := l.dial(t)
	fmt.Fprintf(conn, "POST /groups HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=")
	conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	all, err := io.ReadAll(conn)
	if err != nil {
		t.Fatalf("the connection of a stalled form is still open 3 s later (%v); read %q", err, all)
	}
	if !bytes.HasPrefix(all, []byte("HTTP/1.1 408")) {
		t.Errorf("stalled form: %.100q, want a 408", all)
	}
}

// openStream opens a match's event stream from ip and returns its status
// and the connection.
func (l *liveServer) openStream(t *testing.T, ip, slug string, match int64, cookie string) (int, *http.Response) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("http://%s/g/%s/matches/%d/events", l.addr, slug, match), nil)
	req.Header.Set("Cookie", cookie)
	c := from(ip)
	c.Timeout = 0
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp.StatusCode, resp
}

// newMatch starts a TAKI match of 100 rounds between the group's first two
// players (adding Ben when there is one), by the form, and returns its id.
func (l *liveServer) newMatch(t testing.TB, g store.CreatedGroup, cookie string) int64 {
	t.Helper()
	ctx := context.Background()
	ps, _ := l.store.Players(ctx, g.Group.ID)
	if len(ps) < 2 {
		if _, err := l.store.AddPlayer(ctx, g.Group.ID, "Ben"); err != nil {
			t.Fatal(err)
		}
		ps, _ = l.store.Players(ctx, g.Group.ID)
	}
	form := url.Values{"game": {"taki"}, "end": {"rounds"}, "rounds": {"100"},
		"seat_" + fmt.Sprint(ps[0].ID): {"1"}, "seat_" + fmt.Sprint(ps[1].ID): {"2"}}
	status, h, body := do(t, from("127.0.0.1"), http.MethodPost, "http://"+l.addr+"/g/"+g.Group.Slug+"/matches", cookie, form, "")
	var id int64
	if _, err := fmt.Sscanf(h.Get("Location"), "/g/"+g.Group.Slug+"/matches/%d", &id); status != http.StatusSeeOther || err != nil {
		t.Fatalf("start a match: %d %s", status, errorText(body))
	}
	return id
}

// Row 8: one client may have a few live streams open, not thousands
// (3,000 took 139 MB and made another phone 39 times slower).
func TestStreamsPerClient(t *testing.T) {
	l := newLiveServerWith(t, Timeouts{}, Limits{Streams: 4})
	g, cookie := l.newGroup(t, "Live")
	match := l.newMatch(t, g, cookie)
	var open []*http.Response
	for i := range 4 {
		status, resp := l.openStream(t, "127.0.0.2", g.Group.Slug, match, cookie)
		if status != http.StatusOK {
			t.Fatalf("stream %d: %d", i+1, status)
		}
		open = append(open, resp)
	}
	status, resp := l.openStream(t, "127.0.0.2", g.Group.Slug, match, cookie)
	if status != http.StatusTooManyRequests {
		t.Fatalf("a fifth stream of one client: %d, want 429", status) // an open stream: not read
	}
	if body, _ := io.ReadAll(resp.Body); !strings.Contains(string(body), "Too many pages follow matches live") {
		t.Errorf("a fifth stream of one client: %.300s, want a sentence", body)
	}
	if status, _ := l.openStream(t, "127.0.0.3", g.Group.Slug, match, cookie); status != http.StatusOK {
		t.Errorf("another client's stream: %d", status)
	}
	open[0].Body.Close()
	deadline := time.Now().Add(2 * time.Second)
	for {
		status, _ := l.openStream(t, "127.0.0.2", g.Group.Slug, match, cookie)
		if status == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a stream after one closed: %d", status)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Row 11: the stream of a member the admin removes ends at once (it kept
// receiving the match's updates).
func TestRemovedMembersStreamEnds(t *testing.T) {
	l := newLiveServer(t, Timeouts{})
	g, admin := l.newGroup(t, "Live")
	ctx := context.Background()
	tok, err := l.store.Join(ctx, g.Group.Slug, g.Group.InviteToken, "Ben", "")
	if err != nil {
		t.Fatal(err)
	}
	match := l.newMatch(t, g, admin)
	status, resp := l.openStream(t, "127.0.0.2", g.Group.Slug, match, sessionCookie+"="+tok)
	if status != http.StatusOK {
		t.Fatalf("Ben's stream: %d", status)
	}
	ended := make(chan error, 1)
	go func() { _, err := io.Copy(io.Discard, resp.Body); ended <- err }()
	members, _ := l.store.Members(ctx, g.Group.ID)
	var ben int64
	for _, m := range members {
		if !m.IsAdmin {
			ben = m.SessionID
		}
	}
	t0 := time.Now()
	if status, _, body := do(t, from("127.0.0.1"), http.MethodPost, fmt.Sprintf("http://%s/g/%s/members/%d/remove", l.addr, g.Group.Slug, ben), admin, url.Values{}, ""); status != http.StatusSeeOther {
		t.Fatalf("remove Ben: %d %.200s", status, body)
	}
	select {
	case err := <-ended:
		t.Logf("the removed member's stream ended %v after the removal (%v)", time.Since(t0).Round(time.Millisecond), err)
	case <-time.After(time.Minute): // a deadline, not a measure: an open stream would never end
		t.Fatal("the removed member's stream is still open a minute after the removal")
	}
}

// Row 10: one address creates a few groups an hour, not thousands (5,000 in
// 8 s); another address is not held back by it.
func TestGroupsPerAddress(t *testing.T) {
	l := newLiveServerWith(t, Timeouts{}, Limits{})
	c := from("127.0.0.2")
	for i := range DefaultLimits.Groups {
		if status, _, body := do(t, c, http.MethodPost, "http://"+l.addr+"/groups", "", url.Values{"name": {fmt.Sprint("G", i)}, "display": {"Ana"}}, ""); status != http.StatusSeeOther {
			t.Fatalf("group %d: %d %.200s", i+1, status, body)
		}
	}
	status, h, body := do(t, c, http.MethodPost, "http://"+l.addr+"/groups", "", url.Values{"name": {"One more"}, "display": {"Ana"}}, "fr")
	if status != http.StatusTooManyRequests || !strings.Contains(body, "Trop de groupes ont été créés") || h.Get("Set-Cookie") != "" || h.Get("Location") != "" {
		t.Errorf("group %d of one address: %d %v %.300s, want 429 with a sentence and nothing created", DefaultLimits.Groups+1, status, h, body)
	}
	if status, _, _ := do(t, from("127.0.0.3"), http.MethodPost, "http://"+l.addr+"/groups", "", url.Values{"name": {"Theirs"}, "display": {"Ana"}}, ""); status != http.StatusSeeOther {
		t.Errorf("another address's group: %d", status)
	}
}

// hardHand is a Five Crowns hand whose best lay-down takes the solver a while.
const hardHand = `{"round": 11, "hand": ["QS", "KS", "3S", "4S", "7H", "7D", "7C", "9C", "10C", "JC", "5H", "8D", "6*", "JK"], "rules": {"runsWrap": true}}`

// flood is what floodWhileSaving saw: the phone's saves before and during
// the flood, the flood's answers by status, and how long it lasted.
type flood struct {
	quiet, loud []time.Duration
	counts      map[int]int
	secs        float64
}

// floodWhileSaving has a phone save 30 rounds, then 60 more while another
// client floods the server (16 connections asking the Five Crowns referee
// for a hard hand without pause, ~1,500 requests/s), with the limit per
// address on (limited: the flood goes on until some of it is refused) or
// off.
func floodWhileSaving(tb testing.TB, limited bool) flood {
	limits := Limits{Requests: -1}
	if limited {
		limits = Limits{}
	}
	l := newLiveServerWith(tb, Timeouts{}, limits)
	g, cookie := l.newGroup(tb, "Table")
	match := l.newMatch(tb, g, cookie)
	phone := from("127.0.0.3")
	save := func(n int) time.Duration {
		form := url.Values{"op": {"save"}, "submitKey": {fmt.Sprint("k", n)}, "winner": {"0"}, "mode_1": {"points"}, "points_1": {"5"}}
		t0 := time.Now()
		status, _, body := do(tb, phone, http.MethodPost, fmt.Sprintf("http://%s/g/%s/matches/%d/rounds", l.addr, g.Group.Slug, match), cookie, form, "")
		if status != http.StatusSeeOther {
			tb.Fatalf("phone's save %d: %d %.300s", n, status, body)
		}
		return time.Since(t0)
	}
	f := flood{counts: map[int]int{}}
	for i := range 30 {
		f.quiet = append(f.quiet, save(i))
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	flooder := from("127.0.0.2")
	t0 := time.Now()
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := flooder.Post("http://"+l.addr+"/api/v1/fivecrowns/hand", "application/json", strings.NewReader(hardHand))
				if err != nil {
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				f.counts[resp.StatusCode]++
				mu.Unlock()
			}
		}()
	}
	time.Sleep(300 * time.Millisecond) // the flood under way
	for i := range 60 {
		f.loud = append(f.loud, save(100+i))
	}
	// A slow machine floods slowly: the flood goes on until the server has
	// refused some of it (the burst spent, however long that took).
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		refused := f.counts[http.StatusTooManyRequests]
		mu.Unlock()
		if refused >= 16 || !limited || time.Now().After(deadline) {
			break
		}
	}
	close(stop)
	wg.Wait()
	f.secs = time.Since(t0).Seconds()
	return f
}

// Row 10: a client flooding the server is answered 429 past its allowance
// (the burst, then so many requests a second however long the flood
// lasted), and another phone's saves are all taken meanwhile. How much the
// flood slows the phone, limit off and on, is
// BenchmarkPhoneSavesUnderFlood's.
func TestFloodingClientIsLimited(t *testing.T) {
	f := floodWhileSaving(t, true)
	allowed := float64(DefaultLimits.Burst) + float64(DefaultLimits.Requests)*f.secs
	t.Logf("flood of %.1f s: %d answered 200, %d refused 429; allowed ~%.0f", f.secs, f.counts[200], f.counts[429], allowed)
	if float64(f.counts[200]) > allowed*1.1 || f.counts[429] == 0 {
		t.Errorf("the flooding client got %d answers and %d refusals, want at most ~%.0f answers", f.counts[200], f.counts[429], allowed)
	}
	if n := len(f.counts) - min(f.counts[200], 1) - min(f.counts[429], 1); n != 0 {
		t.Errorf("the flood's answers: %v, want only 200 and 429", f.counts)
	}
}

// BenchmarkPhoneSavesUnderFlood: TestFloodingClientIsLimited's flood, timed,
// with the limit per address off and on: the phone's saves' p99 before the
// flood and during it (quiet-p99-ms, flood-p99-ms) and the flood's rate
// (flood-req/s). Run with -benchtime 1x.
func BenchmarkPhoneSavesUnderFlood(b *testing.B) {
	p99 := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)*99/100]) / float64(time.Millisecond)
	}
	for _, limited := range []bool{false, true} {
		b.Run(map[bool]string{false: "limit-off", true: "limit-on"}[limited], func(b *testing.B) {
			var quiet, loud []time.Duration
			total, secs := 0, 0.0
			for b.Loop() {
				f := floodWhileSaving(b, limited)
				quiet, loud, secs = append(quiet, f.quiet...), append(loud, f.loud...), secs+f.secs
				for _, n := range f.counts {
					total += n
				}
			}
			b.ReportMetric(p99(quiet), "quiet-p99-ms")
			b.ReportMetric(p99(loud), "flood-p99-ms")
			b.ReportMetric(float64(total)/secs, "flood-req/s")
		})
	}
}

// Row 13: with an https base URL every answer asks the browser to come
// back over https only, refusals included; with an http one, none does.
func TestHSTSWithHTTPSBaseURL(t *testing.T) {
	for _, base := range []string{"https://games.example.org", "http://games.example.org"} {
		st, err := store.Open(context.Background(), t.TempDir()+"/hsts.db")
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		cfg := Config{Store: st, Games: testGames(), BaseURL: base, Timeouts: Timeouts{Body: 300 * time.Millisecond}}
		_, e, err := newServer(cfg)
		if err != nil {
			t.Fatal(err)
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		hs := NewHTTPServer(cfg, e)
		go hs.Serve(ln)
		defer hs.Close()
		want := strings.HasPrefix(base, "https")
		_, h, _ := do(t, from("127.0.0.1"), http.MethodGet, "http://"+ln.Addr().String()+"/", "", nil, "")
		conn, _ := net.Dial("tcp", ln.Addr().String())
		fmt.Fprintf(conn, "POST /groups HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=")
		resp, _ := readAnswer(t, conn)
		conn.Close()
		for what, hh := range map[string]http.Header{"home page": h, "408": resp.Header} {
			got := hh.Get("Strict-Transport-Security")
			if (got != "") != want || (want && !strings.Contains(got, "max-age=")) {
				t.Errorf("base URL %s, %s: Strict-Transport-Security %q", base, what, got)
			}
		}
	}
}

// errorText is what a page says is wrong, for a failure's message.
func errorText(body string) string {
	d, err := goquery.NewDocumentFromReader(strings.NewReader(body))
	if err != nil {
		return body
	}
	return strings.Join(strings.Fields(d.Find(".error, .flash, [data-testid=error-message], [role=alert]").Text()), " ")
}

// uploadWithin posts file as an import's file part, waiting at most wait
// for the answer.
func uploadWithin(wait time.Duration, addr, path, cookie string, file []byte) (*http.Response, string, error) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	fw, _ := w.CreateFormFile("file", "export.json.gz")
	fw.Write(file)
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Cookie", cookie)
	resp, err := (&http.Client{Timeout: wait}).Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b), nil
}
