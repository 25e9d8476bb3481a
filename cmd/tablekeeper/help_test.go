package main

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"
)

// --help prints every setting and is no error (exit 0).
func TestHelpPrintsTheSettings(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"--help"}, env(nil), &out); err != nil {
		t.Fatalf("run --help = %v, want nil", err)
	}
	for _, s := range settings {
		if flag := "--" + strings.ReplaceAll(s.key, "_", "-"); !strings.Contains(out.String(), flag) {
			t.Errorf("--help does not list %s:\n%s", flag, out.String())
		}
	}
	if !strings.Contains(out.String(), "TABLEKEEPER_") {
		t.Error("--help does not say settings are also environment variables")
	}
}

// The start-up message says where the other phones open the app.
func TestStartUpSaysWherePhonesConnect(t *testing.T) {
	var out bytes.Buffer
	printURLs(&out, "https://games.example.org", &net.TCPAddr{IP: net.IPv4zero, Port: 8080})
	if !strings.Contains(out.String(), "https://games.example.org") || strings.Contains(out.String(), "localhost") {
		t.Errorf("with a base URL, start-up says %q; want the base URL alone", out.String())
	}
	out.Reset()
	printURLs(&out, "", &net.TCPAddr{IP: net.ParseIP("192.168.1.20"), Port: 8080})
	if !strings.Contains(out.String(), "http://192.168.1.20:8080") || !strings.Contains(out.String(), "http://localhost:8080") {
		t.Errorf("listening on a LAN address, start-up says %q", out.String())
	}
	// Bound to a loopback address: said so, and how to reach the others.
	out.Reset()
	printURLs(&out, "", &net.TCPAddr{IP: net.ParseIP("127.0.0.1"), Port: 8080})
	if s := out.String(); !strings.Contains(s, "127.0.0.1, this computer only") || !strings.Contains(s, "TABLEKEEPER_ADDR=:8080") || strings.Contains(s, "No network address found") {
		t.Errorf("listening on 127.0.0.1, start-up says %q", s)
	}
}
