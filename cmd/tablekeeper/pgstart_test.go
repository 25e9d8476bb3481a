package main

import (
	"bytes"
	"net"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestStartAgainstSilentPostgresFailsNamingIt starts the server on a
// PostgreSQL address that accepts connections and never answers (a frozen or
// wrong server): it stops within seconds, with an error naming the address
// but not its password (issue 28, row 9: the start hung silently).
func TestStartAgainstSilentPostgresFailsNamingIt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the server: skipped with -short")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // held open, never answered
		}
	}()
	bin := buildServer(t, t.TempDir())
	db := "postgres://keeper:s3cret-word@" + ln.Addr().String() + "/tables?sslmode=disable"
	cmd := exec.Command(bin, "--db", db, "--addr", freeAddr(t))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("the server was still starting after 20 s against a silent PostgreSQL:\n%s", out.String())
	}
	took := time.Since(t0)
	t.Logf("stopped after %v: %s", took.Round(time.Millisecond), strings.TrimSpace(out.String()))
	if err == nil {
		t.Fatal("the server exited with status 0 against a silent PostgreSQL")
	}
	if !strings.Contains(out.String(), ln.Addr().String()) {
		t.Errorf("the error does not name the address %s:\n%s", ln.Addr(), out.String())
	}
	if strings.Contains(out.String(), "s3cret-word") {
		t.Errorf("the error shows the password:\n%s", out.String())
	}
}
