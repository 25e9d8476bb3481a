package handlers

import (
	"net/http"
	"strings"
	"testing"
)

// /healthz answers 200 and a short body while the database answers, from
// one address as often as a monitor likes (beyond the request limit),
// without a cookie; 503 once the database is gone.
func TestHealthCheck(t *testing.T) {
	l := newLiveServerWith(t, Timeouts{}, Limits{Requests: 1, Burst: 2})
	c := from("127.0.0.2")
	for i := range 20 {
		status, h, body := do(t, c, http.MethodGet, "http://"+l.addr+"/healthz", "", nil, "")
		if status != http.StatusOK || strings.TrimSpace(body) != "ok" || h.Get("Set-Cookie") != "" {
			t.Fatalf("health check %d: %d %q %v", i+1, status, body, h)
		}
	}
	l.store.Close()
	if status, h, body := do(t, c, http.MethodGet, "http://"+l.addr+"/healthz", "", nil, ""); status != http.StatusServiceUnavailable || h.Get("Retry-After") == "" {
		t.Errorf("health check with the database closed: %d %q", status, body)
	}
}
