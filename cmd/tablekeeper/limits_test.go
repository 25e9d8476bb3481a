package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/handlers"
)

// The limits are settings: their defaults are the server's, a flag or a
// variable changes one, a bad one stops start-up naming it, and the README
// lists each.
func TestLimitSettings(t *testing.T) {
	cfg, _, err := loadConfig(nil, env(nil), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	d := handlers.DefaultLimits
	if got := cfg.Limits; got != d {
		t.Errorf("default limits %+v, want the server's %+v", got, d)
	}
	cfg, _, err = loadConfig([]string{"--streams-per-client", "3"}, env(map[string]string{"TABLEKEEPER_REQUESTS_PER_SECOND": "-1", "TABLEKEEPER_TEMP_DISK_MB": "10"}), &bytes.Buffer{})
	if err != nil || cfg.Limits.Streams != 3 || cfg.Limits.Requests != -1 || cfg.Limits.TempDisk != 10<<20 {
		t.Errorf("limits set: %+v %v", cfg.Limits, err)
	}
	for k, v := range map[string]string{"TABLEKEEPER_MAX_PLAYERS": "5000", "TABLEKEEPER_EXPORTS_PER_CLIENT": "0", "TABLEKEEPER_STREAMS_PER_CLIENT": "many"} {
		if _, _, err := loadConfig(nil, env(map[string]string{k: v}), &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%s: %v, want an error naming it", k, v, err)
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range settings {
		if flag := "`--" + strings.ReplaceAll(s.key, "_", "-") + "`"; !bytes.Contains(readme, []byte(flag)) {
			t.Errorf("README does not list %s", flag)
		}
	}
}

// The trusted proxies are a list of ranges or lone addresses, none by
// default.
func TestTrustedProxiesSetting(t *testing.T) {
	cfg, _, err := loadConfig(nil, env(nil), &bytes.Buffer{})
	if err != nil || len(cfg.TrustedProxies) != 0 {
		t.Fatalf("default trusted proxies: %v %v, want none", cfg.TrustedProxies, err)
	}
	cfg, _, err = loadConfig(nil, env(map[string]string{"TABLEKEEPER_TRUSTED_PROXIES": "10.0.0.0/8, 127.0.0.1 ::1"}), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range cfg.TrustedProxies {
		got = append(got, n.String())
	}
	if strings.Join(got, " ") != "10.0.0.0/8 127.0.0.1/32 ::1/128" {
		t.Errorf("trusted proxies %v", got)
	}
}
