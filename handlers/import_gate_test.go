package handlers

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// One client cannot have two imports under way: while its first upload is
// still arriving, a second is refused at once with a sentence (not left to
// wait for, or take, the other import slot); once the first is over, the
// client may import again.
func TestOneImportAtATimePerClient(t *testing.T) {
	l := newLiveServer(t, Timeouts{Upload: 5 * time.Second})
	slow := l.dial(t)
	// An upload that announces 10 MiB and sends 1 KiB: it holds its place
	// until its deadline.
	fmt.Fprintf(slow, "POST /import HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: %d\r\n\r\n%s", 10<<20, strings.Repeat("x", 1024))
	waitFor(t, "the first upload under way", func() bool { return l.srv.admission.Uploads.Open() == 1 })

	second := l.dial(t)
	t0 := time.Now()
	fmt.Fprintf(second, "POST /import HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: %d\r\n\r\n", 10<<20)
	resp, body := readAnswer(t, second)
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "encore en cours") || resp.Header.Get("Retry-After") == "" || !hasSecurityHeaders(resp.Header) {
		t.Fatalf("second import from the same client: %d %v %.300s", resp.StatusCode, resp.Header, body)
	}
	t.Logf("second import refused in %v", time.Since(t0).Round(time.Millisecond))

	// The first is cut off at its deadline (408), and the client's place freed.
	resp, _ = readAnswer(t, slow)
	if resp.StatusCode != http.StatusRequestTimeout {
		t.Fatalf("the silent upload: %d, want 408", resp.StatusCode)
	}
	resp2, body2, err := liveUpload(l.addr, "/import", "", map[string][]string{"display": {"Zoé"}}, []byte(`{"format":"nope"}`))
	if err != nil || resp2.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("an import after the first ended: %v %v %.200s", err, resp2, body2)
	}
}
