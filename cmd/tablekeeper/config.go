package main

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata"
	"unicode" // zone names work on a machine without tzdata (a small Pi image)

	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/tablekeeper/tablekeeper/handlers"
	"github.com/tablekeeper/tablekeeper/store"
)

// config is every setting, with its default; env vars are TABLEKEEPER_<KEY>.
type config struct {
	Addr string
	// MetricsAddr is the Prometheus listener's address; "" is off.
	MetricsAddr string
	// TLSCert and TLSKey are files to serve https with; ACMEDomain a name
	// to get certificates for (answering the challenge on ACMEHTTPAddr).
	TLSCert, TLSKey, ACMEDomain, ACMEHTTPAddr string
	DB                                        string
	BaseURL                                   string
	LogLevel                                  slog.Level
	TimeZone                                  *time.Location
	Timeouts                                  handlers.Timeouts
	Store                                     store.Options
	Limits                                    handlers.Limits
	// TrustedProxies: see handlers.Config.
	TrustedProxies []*net.IPNet
}

// settings lists the keys, their defaults and what they mean (the README's table).
var settings = []struct{ key, def, help string }{
	{"addr", ":8080", "listen address"},
	{"db", "./data/tablekeeper.db", "SQLite database file (created if missing), or a PostgreSQL address postgres://user:password@host/dbname"},
	{"db_pool", "8", "PostgreSQL only: connections this instance opens at most (one more listens for the other instances' writes)"},
	{"db_timeout", "5s", "PostgreSQL only: longest wait for one query, a connection or a group's turn to write"},
	{"base_url", "", "public URL used in invite links (default: the address the browser used)"},
	{"trusted_proxies", "", "reverse proxies in front of the server, as CIDRs (e.g. 127.0.0.1/32,10.0.0.0/8): from them the client's address is read from X-Forwarded-For (default: none, the header is ignored)"},
	{"tls_cert", "", "certificate file (PEM, with its chain) to serve https with, beside --tls-key (default: http)"},
	{"tls_key", "", "the certificate's private key file (PEM)"},
	{"acme_domain", "", "public name to get a certificate for automatically (Let's Encrypt): serves https on --addr (e.g. :443) and the challenge and a redirect on --acme-http-addr; the certificates are kept in the data folder"},
	{"acme_http_addr", ":80", "with --acme-domain: where the certificate's challenge is answered and http redirected to https"},
	{"metrics_addr", "", "listen address of the Prometheus metrics, e.g. 127.0.0.1:9090 (default: off); never served on --addr"},
	{"log_level", "info", "debug, info, warn or error"},
	{"timezone", "Local", "time zone the pages show times in, e.g. Europe/Paris (default: this machine's)"},
	{"config", "", "optional config file (YAML, TOML or JSON)"},
	{"header_timeout", "10s", "time a client has to send a request's headers"},
	{"body_timeout", "30s", "time a client has to send a form"},
	{"upload_timeout", "5m", "time a client has to send an import file"},
	{"write_timeout", "2m", "time a client has to take an answer (a page, a whole export)"},
	{"idle_timeout", "60s", "a kept-alive connection with no request for this long is closed"},
	// Limits (README, "Limits"): what one client or one group may take.
	{"max_players", "1000", "players a group may have (at most 1000, what an import accepts)"},
	{"max_matches", "50000", "matches a group may have, deleted ones included (at most 50000)"},
	{"groups_per_hour", "10", "groups one address may create or import per hour (-1: no limit)"},
	{"requests_per_second", "20", "requests one address may make per second, on average (-1: no limit)"},
	{"request_burst", "200", "requests one address may make at once above that average"},
	{"streams_per_client", "32", "live-update streams one address may have open"},
	{"exports_per_client", "2", "exports one address may have under way (made or downloaded)"},
	{"exports_in_all", "6", "exports under way at once, in all"},
	{"uploads_in_all", "16", "imports under way at once, in all (one per address)"},
	{"bgstats_inflated_mb", "32", "MiB a BG Stats upload may decompress to"},
	{"temp_disk_mb", "2048", "MiB of temporary files (uploads, exports) in use at once, in all"},
}

// loadConfig reads flags, then a config file, then TABLEKEEPER_* environment
// variables, over the defaults. Returns an error naming the setting to fix.
func loadConfig(args []string, getenv func(string) string, stderr io.Writer) (config, []string, error) {
	v := viper.New()
	fs := pflag.NewFlagSet("tablekeeper", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	for _, s := range settings {
		v.SetDefault(s.key, s.def)
		fs.String(strings.ReplaceAll(s.key, "_", "-"), s.def, s.help)
	}
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: tablekeeper [settings] [serve | backup FILE | copy FROM TO [GROUP…]]")
		fmt.Fprintln(stderr, "\nServes the scoresheet, referee and standings app (serve is the default).")
		fmt.Fprintln(stderr, "Each setting is also read from the environment as TABLEKEEPER_<NAME> (e.g. TABLEKEEPER_BASE_URL)")
		fmt.Fprintln(stderr, "and from the --config file; a flag wins over both.\n\nSettings:")
		fmt.Fprint(stderr, fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		return config{}, nil, err
	}
	// Environment variables come through getenv so tests need not touch the process env.
	for _, s := range settings {
		if val := getenv("TABLEKEEPER_" + strings.ToUpper(s.key)); val != "" {
			v.Set(s.key, val)
		}
	}
	for _, s := range settings { // an explicit flag wins over everything
		if f := fs.Lookup(strings.ReplaceAll(s.key, "_", "-")); f.Changed {
			v.Set(s.key, f.Value.String())
		}
	}
	if file := v.GetString("config"); file != "" {
		v.SetConfigFile(file)
		if err := v.MergeInConfig(); err != nil {
			return config{}, nil, fmt.Errorf("config: cannot read %s (TABLEKEEPER_CONFIG / --config): %w", file, err)
		}
		// Flags and environment variables still win over the file.
		for _, s := range settings {
			if val := getenv("TABLEKEEPER_" + strings.ToUpper(s.key)); val != "" {
				v.Set(s.key, val)
			}
			if f := fs.Lookup(strings.ReplaceAll(s.key, "_", "-")); f.Changed {
				v.Set(s.key, f.Value.String())
			}
		}
	}
	c := config{Addr: v.GetString("addr"), DB: v.GetString("db"), BaseURL: v.GetString("base_url"), MetricsAddr: v.GetString("metrics_addr")}
	if err := c.validate(v.GetString("log_level"), v.GetString("timezone")); err != nil {
		return c, fs.Args(), err
	}
	for _, d := range []struct {
		key string
		dst *time.Duration
	}{{"header_timeout", &c.Timeouts.Header}, {"body_timeout", &c.Timeouts.Body}, {"upload_timeout", &c.Timeouts.Upload},
		{"write_timeout", &c.Timeouts.Write}, {"idle_timeout", &c.Timeouts.Idle}, {"db_timeout", &c.Store.Timeout}} {
		val := v.GetString(d.key)
		t, err := time.ParseDuration(val)
		if err != nil || t <= 0 {
			return c, fs.Args(), fmt.Errorf("config: TABLEKEEPER_%s (--%s) is %q: give a duration such as 30s or 2m",
				strings.ToUpper(d.key), strings.ReplaceAll(d.key, "_", "-"), val)
		}
		*d.dst = t
	}
	pool, err := strconv.Atoi(v.GetString("db_pool"))
	if err != nil || pool < 1 || pool > 1000 {
		return c, fs.Args(), fmt.Errorf("config: TABLEKEEPER_DB_POOL (--db-pool) is %q: give a number of connections such as 8", v.GetString("db_pool"))
	}
	c.Store.Pool = pool
	var mb struct{ inflated, disk int }
	for _, n := range []struct {
		key string
		dst *int
		min int
	}{{"max_players", &c.Limits.Players, 1}, {"max_matches", &c.Limits.Matches, 1}, {"groups_per_hour", &c.Limits.Groups, -1},
		{"requests_per_second", &c.Limits.Requests, -1}, {"request_burst", &c.Limits.Burst, 1}, {"streams_per_client", &c.Limits.Streams, 1},
		{"exports_per_client", &c.Limits.Exports, 1}, {"exports_in_all", &c.Limits.ExportsAll, 1}, {"uploads_in_all", &c.Limits.Uploads, 1},
		{"bgstats_inflated_mb", &mb.inflated, 1}, {"temp_disk_mb", &mb.disk, 1}} {
		val := v.GetString(n.key)
		i, err := strconv.Atoi(strings.TrimSpace(val))
		if err != nil || i < n.min || i == 0 {
			return c, fs.Args(), fmt.Errorf("config: TABLEKEEPER_%s (--%s) is %q: give a whole number of at least %d",
				strings.ToUpper(n.key), strings.ReplaceAll(n.key, "_", "-"), val, max(n.min, 1))
		}
		*n.dst = i
	}
	if c.Limits.Players > store.MaxImportPlayers || c.Limits.Matches > store.MaxImportMatches {
		return c, fs.Args(), fmt.Errorf("config: TABLEKEEPER_MAX_PLAYERS is at most %d and TABLEKEEPER_MAX_MATCHES at most %d: an export of a larger group would not import again",
			store.MaxImportPlayers, store.MaxImportMatches)
	}
	c.Limits.Inflated, c.Limits.TempDisk = int64(mb.inflated)<<20, int64(mb.disk)<<20
	if c.TrustedProxies, err = parseCIDRs(v.GetString("trusted_proxies")); err != nil {
		return c, fs.Args(), err
	}
	c.TLSCert, c.TLSKey, c.ACMEDomain, c.ACMEHTTPAddr = v.GetString("tls_cert"), v.GetString("tls_key"), v.GetString("acme_domain"), v.GetString("acme_http_addr")
	switch {
	case (c.TLSCert == "") != (c.TLSKey == ""):
		return c, fs.Args(), errors.New("config: TABLEKEEPER_TLS_CERT (--tls-cert) and TABLEKEEPER_TLS_KEY (--tls-key) go together: give both files, or neither")
	case c.ACMEDomain != "" && c.TLSCert != "":
		return c, fs.Args(), errors.New("config: TABLEKEEPER_ACME_DOMAIN (--acme-domain) gets its own certificate: leave TABLEKEEPER_TLS_CERT and TABLEKEEPER_TLS_KEY empty with it")
	case c.ACMEDomain != "" && strings.ContainsAny(c.ACMEDomain, ":/ "):
		return c, fs.Args(), fmt.Errorf("config: TABLEKEEPER_ACME_DOMAIN (--acme-domain) is %q: give a name alone, such as games.example.org", c.ACMEDomain)
	}
	return c, fs.Args(), nil
}

// validate checks each setting, naming the one to fix.
func (c *config) validate(level, zone string) error {
	if err := c.LogLevel.UnmarshalText([]byte(level)); err != nil {
		return fmt.Errorf("config: TABLEKEEPER_LOG_LEVEL (--log-level) is %q: use debug, info, warn or error", level)
	}
	if c.Addr == "" {
		return errors.New("config: TABLEKEEPER_ADDR (--addr) is empty: give a listen address such as :8080")
	}
	if c.DB == "" {
		return errors.New("config: TABLEKEEPER_DB (--db) is empty: give a database file such as ./data/tablekeeper.db, or a postgres:// address")
	}
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		return fmt.Errorf("config: TABLEKEEPER_TIMEZONE (--timezone) is %q: give a zone such as Europe/Paris, UTC or Local", zone)
	}
	c.TimeZone = loc
	if c.BaseURL != "" {
		u, err := url.Parse(c.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("config: TABLEKEEPER_BASE_URL (--base-url) is %q: give a URL such as https://games.example.org", c.BaseURL)
		}
	}
	return nil
}

// parseCIDRs reads the trusted proxies: CIDRs separated by commas or
// spaces; a lone address is that address alone.
func parseCIDRs(list string) ([]*net.IPNet, error) {
	var nets []*net.IPNet
	for _, f := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		if !strings.Contains(f, "/") {
			if ip := net.ParseIP(f); ip != nil {
				bits := 128
				if ip.To4() != nil {
					ip, bits = ip.To4(), 32
				}
				f = ip.String() + "/" + strconv.Itoa(bits)
			}
		}
		_, n, err := net.ParseCIDR(f)
		if err != nil {
			return nil, fmt.Errorf("config: TABLEKEEPER_TRUSTED_PROXIES (--trusted-proxies) has %q: give addresses or ranges such as 127.0.0.1/32, 10.0.0.0/8 or ::1/128", f)
		}
		nets = append(nets, n)
	}
	return nets, nil
}
