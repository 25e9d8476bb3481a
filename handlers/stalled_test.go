package handlers

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"
)

// openFiles is how many descriptors this process has open.
func openFiles(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd to count descriptors with")
	}
	return len(fds)
}

// Every refusal closes what it refuses. 2,000 posts from one address that
// send their headers and part of their body, then stall: those past the
// rate limit are answered 429 at once and closed without their body being
// waited for, the others answered 408 and closed at the body deadline. No
// connection outlives the deadlines: once each client has seen its
// connection closed (and closed its end), the process holds about the
// descriptors it held before.
func TestStalledPostsAreAnsweredAndClosed(t *testing.T) {
	const posts = 2000
	body := 300 * time.Millisecond
	l := newLiveServerWith(t, Timeouts{Body: body, Header: time.Second}, Limits{})
	http.Get("http://" + l.addr + "/") // the server's own files (database, logs) are open
	before := openFiles(t)

	type answer struct {
		status int
		closed bool // the server closed the connection after its answer
	}
	answers := make([]answer, posts)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var dialErr error
	t0 := time.Now()
	for i := range posts {
		conn, err := net.DialTimeout("tcp", l.addr, 5*time.Second)
		if err != nil {
			dialErr = err
			break
		}
		fmt.Fprintf(conn, "POST /groups HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=")
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			// Bounded: an answer and the close must come within the
			// deadlines and a margin for a loaded machine.
			conn.SetReadDeadline(time.Now().Add(body + 20*time.Second))
			br := bufio.NewReader(conn)
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				return
			}
			io.Copy(io.Discard, resp.Body)
			_, err = br.ReadByte()
			mu.Lock()
			answers[i] = answer{status: resp.StatusCode, closed: err == io.EOF}
			mu.Unlock()
		}()
	}
	if dialErr != nil {
		t.Fatalf("dial: %v", dialErr)
	}
	wg.Wait()
	elapsed := time.Since(t0)
	counts := map[int]int{}
	open := 0
	for _, a := range answers {
		counts[a.status]++
		if !a.closed {
			open++
		}
	}
	t.Logf("%d stalled posts: statuses %v, all closed in %v", posts, counts, elapsed.Round(time.Millisecond))
	if open > 0 || counts[http.StatusTooManyRequests]+counts[http.StatusRequestTimeout] != posts {
		t.Errorf("%d connections not closed by the server, answers %v; want every post answered 429 or 408 and closed", open, counts)
	}
	if counts[http.StatusTooManyRequests] == 0 {
		t.Error("no post was refused by the rate limit")
	}
	// The server's ends close as the clients' do: give it a moment.
	after := openFiles(t)
	for end := time.Now().Add(5 * time.Second); after > before+20 && time.Now().Before(end); after = openFiles(t) {
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("descriptors: %d before, %d after", before, after)
	if after > before+20 {
		t.Errorf("%d descriptors open after every client closed, %d before", after, before)
	}
}
