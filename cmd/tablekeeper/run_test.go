package main

import (
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestBadSettingsStopStartUp(t *testing.T) {
	dir := t.TempDir()
	readonly := filepath.Join(dir, "ro")
	os.Mkdir(readonly, 0o500)
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	db := filepath.Join(dir, "ok.db")
	tests := []struct {
		name    string
		args    []string
		env     map[string]string
		wantMsg string // the setting the error must name
	}{
		{"unknown log level", []string{"--db", db}, map[string]string{"TABLEKEEPER_LOG_LEVEL": "loud"}, "TABLEKEEPER_LOG_LEVEL"},
		{"bad base URL", []string{"--db", db, "--base-url", "games.example.org"}, nil, "TABLEKEEPER_BASE_URL"},
		{"unknown time zone", []string{"--db", db}, map[string]string{"TABLEKEEPER_TIMEZONE": "Mars/Olympus"}, "TABLEKEEPER_TIMEZONE"},
		{"port in use", []string{"--db", db}, map[string]string{"TABLEKEEPER_ADDR": busy.Addr().String()}, "TABLEKEEPER_ADDR"},
		{"missing config file", []string{"--db", db, "--config", filepath.Join(dir, "nope.toml")}, nil, "TABLEKEEPER_CONFIG"},
		{"unknown command", []string{"--db", db, "dance"}, nil, "unknown command"},
		{"bad timeout", []string{"--db", db}, map[string]string{"TABLEKEEPER_BODY_TIMEOUT": "soon"}, "TABLEKEEPER_BODY_TIMEOUT"},
		{"a certificate without its key", []string{"--db", db, "--tls-cert", "cert.pem"}, nil, "TABLEKEEPER_TLS_KEY"},
		{"certificate files that cannot be read", []string{"--db", db, "--tls-cert", filepath.Join(dir, "no.pem"), "--tls-key", filepath.Join(dir, "no.key")}, nil, "TABLEKEEPER_TLS_CERT"},
		{"an acme domain with a certificate", []string{"--db", db, "--acme-domain", "games.example.org", "--tls-cert", "c", "--tls-key", "k"}, nil, "TABLEKEEPER_ACME_DOMAIN"},
		{"bad trusted proxy", []string{"--db", db, "--trusted-proxies", "127.0.0.1/32, proxy.local"}, nil, "TABLEKEEPER_TRUSTED_PROXIES"},
	}
	if os.Geteuid() != 0 { // root may write anywhere
		tests = append(tests, struct {
			name    string
			args    []string
			env     map[string]string
			wantMsg string
		}{"unwritable database", []string{"--db", filepath.Join(readonly, "sub", "x.db")}, nil, "TABLEKEEPER_DB"})
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := run(context.Background(), tt.args, env(tt.env), &out)
		if err == nil || !strings.Contains(err.Error(), tt.wantMsg) {
			t.Errorf("%s: run() error = %v, want one naming %s", tt.name, err, tt.wantMsg)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error spans several lines: %q", tt.name, err)
		}
	}
}

func TestSettingsPrecedence(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "tk.toml")
	os.WriteFile(file, []byte("addr = \":9000\"\nlog_level = \"warn\"\n"), 0o600)
	cfg, _, err := loadConfig([]string{"--config", file, "--addr", ":7000"}, env(map[string]string{"TABLEKEEPER_LOG_LEVEL": "debug"}), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != ":7000" || cfg.LogLevel.String() != "DEBUG" || cfg.DB != "./data/tablekeeper.db" {
		t.Errorf("config = %+v; want the flag's addr, the env's log level, the default db", cfg)
	}
}

func TestServeAndBackup(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "tk.db")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	logs := &syncBuffer{}
	go func() { done <- run(ctx, []string{"--db", db, "--addr", "127.0.0.1:0"}, env(nil), logs) }()
	for i := 0; i < 100 && !strings.Contains(logs.String(), "listening"); i++ {
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(logs.String(), "listening") {
		t.Fatalf("the server did not start: %s", logs.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve then stop: %v", err)
	}
	var out bytes.Buffer
	backup := filepath.Join(dir, "copy.db")
	if err := run(context.Background(), []string{"--db", db, "backup", backup}, env(nil), &out); err != nil {
		t.Fatalf("backup: %v", err)
	}
	if _, err := os.Stat(backup); err != nil {
		t.Errorf("backup file: %v", err)
	}
}

// A backup of a database that does not exist (a mistyped --db) is refused,
// naming it, and creates nothing: it used to create an empty database, back
// that up and exit 0.
func TestBackupRefusesAMissingDatabase(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "data", "tablekeper.db")
	backup := filepath.Join(dir, "copy.db")
	err := run(context.Background(), []string{"--db", missing, "backup", backup}, env(nil), &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "TABLEKEEPER_DB") {
		t.Fatalf("backup of a missing database: %v, want an error naming %s", err, missing)
	}
	for _, p := range []string{missing, backup, filepath.Dir(missing)} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was created", p)
		}
	}
	// The real binary exits non-zero with the message.
	if testing.Short() {
		return
	}
	bin := filepath.Join(dir, "tablekeeper")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--db", missing, "backup", backup).CombinedOutput()
	if code := exitCode(err); code == 0 || !strings.Contains(string(out), missing) {
		t.Errorf("tablekeeper backup with a missing --db: exit %d, %q", code, out)
	}
}

func exitCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
