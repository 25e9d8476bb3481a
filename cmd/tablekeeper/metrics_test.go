package main

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// --metrics-addr serves Prometheus text on its own listener: requests by
// route pattern and status, refusals by limit, what is under way, the
// database's waits, and the Go runtime's series; the public address
// answers 404 on /metrics. Without the setting there is no listener.
func TestMetricsOnTheirOwnListener(t *testing.T) {
	addr, maddr := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	logs := &syncBuffer{}
	go func() {
		done <- run(ctx, []string{"--db", t.TempDir() + "/tk.db", "--addr", addr, "--metrics-addr", maddr,
			"--requests-per-second", "1", "--request-burst", "3"}, env(nil), logs)
	}()
	defer func() { cancel(); <-done }()
	get := func(u string) (int, string) {
		resp, err := http.Get(u)
		if err != nil {
			return 0, err.Error()
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for i := 0; ; i++ {
		if status, _ := get("http://" + addr + "/healthz"); status == http.StatusOK {
			break
		}
		if i == 100 {
			t.Fatalf("the server did not start: %s", logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if status, body := get("http://" + addr + "/metrics"); status != http.StatusNotFound || strings.Contains(body, "tablekeeper_") {
		t.Errorf("the public address on /metrics: %d %.100q, want 404", status, body)
	}
	statuses := map[int]int{}
	for range 5 { // past the burst of 3: refused by the request limit
		status, _ := get("http://" + addr + "/")
		statuses[status]++
	}
	status, body := get("http://" + maddr + "/metrics")
	if status != http.StatusOK {
		t.Fatalf("the metrics listener: %d %.200s", status, body)
	}
	for _, want := range []string{
		`tablekeeper_http_request_duration_seconds_count{method="GET",route="/",status="200"}`,
		`tablekeeper_http_request_duration_seconds_count{method="GET",route="/",status="429"}`,
		`tablekeeper_refusals_total{limit="limit.requests"}`,
		"tablekeeper_saves_total 0", "tablekeeper_conflicts_total 0", "tablekeeper_streams_open 0",
		"tablekeeper_imports_under_way 0", "tablekeeper_exports_under_way 0",
		"tablekeeper_db_waits_total", "tablekeeper_db_timeouts_total 0", "go_goroutines", "process_open_fds",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the metrics lack %s (answers %v)", want, statuses)
		}
	}
	if status, _ := get("http://" + maddr + "/"); status != http.StatusNotFound {
		t.Errorf("the metrics listener on /: %d, want 404", status)
	}
}
