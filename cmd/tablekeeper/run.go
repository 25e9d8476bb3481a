package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/tablekeeper/tablekeeper/games"
	"github.com/tablekeeper/tablekeeper/handlers"
	"github.com/tablekeeper/tablekeeper/store"
)

// run does main's work: read the settings, open the database, then serve
// until ctx ends, or run a subcommand. Every error names what to fix.
func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	cfg, rest, err := loadConfig(args, getenv, stdout)
	if errors.Is(err, pflag.ErrHelp) { // --help: the settings were printed; asking is no error
		return nil
	}
	if err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stdout, &slog.HandlerOptions{Level: cfg.LogLevel}))
	if len(rest) > 0 && rest[0] == "copy" {
		return copyCommand(ctx, rest[1:], stdout)
	}
	if len(rest) > 0 && rest[0] == "backup" && store.IsPostgres(cfg.DB) {
		return store.ErrBackupPG
	}
	if len(rest) > 0 && rest[0] == "backup" {
		// A backup copies a database that exists: a mistyped --db must not
		// create an empty one and back that up.
		if st, err := os.Stat(cfg.DB); err != nil || !st.Mode().IsRegular() {
			return fmt.Errorf("backup: TABLEKEEPER_DB (--db) %q: no database there, nothing to back up (check the path)", cfg.DB)
		}
	}
	st, err := store.OpenWith(ctx, cfg.DB, cfg.Store)
	if err != nil {
		return fmt.Errorf("TABLEKEEPER_DB (--db) %q cannot be used: %w", store.Redact(cfg.DB), err)
	}
	defer st.Close()

	switch {
	case len(rest) == 0 || rest[0] == "serve":
		return serve(ctx, cfg, st, log, stdout)
	case rest[0] == "backup" && len(rest) == 2:
		if err := st.Backup(ctx, rest[1]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "backup written to %s\n", rest[1])
		return nil
	default:
		return fmt.Errorf("unknown command %q: use no command to serve, \"backup FILE\" or \"copy FROM TO [GROUP…]\"", rest)
	}
}

func serve(ctx context.Context, cfg config, st *store.Store, log *slog.Logger, stdout io.Writer) error {
	// An import the last run did not finish left a hidden group: remove it
	// before anyone can start another.
	if n, err := st.RemoveUnfinishedImports(ctx); err != nil {
		return err
	} else if n > 0 {
		log.Info("removed the groups of unfinished imports", "groups", n)
	}
	hc := handlers.Config{Store: st, Log: log, BaseURL: cfg.BaseURL, TimeZone: cfg.TimeZone, Games: games.All(), Timeouts: cfg.Timeouts,
		Limits: cfg.Limits, WarmLedgers: true, TrustedProxies: cfg.TrustedProxies, TLS: cfg.TLSCert != "" || cfg.ACMEDomain != ""}
	var metrics *http.Server
	if cfg.MetricsAddr != "" {
		reg := prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
		hc.Metrics = reg
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			return fmt.Errorf("TABLEKEEPER_METRICS_ADDR (--metrics-addr) %q cannot be used: %w", cfg.MetricsAddr, err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
		metrics = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		go metrics.Serve(mln)
		defer metrics.Close()
		log.Info("metrics listening", "addr", mln.Addr().String())
	}
	e, err := handlers.New(hc)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("TABLEKEEPER_ADDR (--addr) %q cannot be used: %w", cfg.Addr, err)
	}
	srv := handlers.NewHTTPServer(hc, e)
	serveOn, err := httpsOf(cfg, srv, log)
	if err != nil {
		ln.Close()
		return err
	}
	log.Info("tablekeeper listening", "addr", ln.Addr().String(), "db", store.Redact(cfg.DB), "https", hc.TLS)
	printURLs(stdout, cfg.BaseURL, ln.Addr())
	errc := make(chan error, 1)
	go func() { errc <- serveOn(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}

// printURLs says where the phones at the table open the app: the base URL
// when one is set (every invite uses it), otherwise this machine's addresses
// on the local network, which any phone on the same Wi-Fi can reach
// (localhost works only on this computer).
func printURLs(w io.Writer, baseURL string, addr net.Addr) {
	if baseURL != "" {
		fmt.Fprintf(w, "\nOpen %s on every phone (invite links use it).\n\n", baseURL)
		return
	}
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return
	}
	port := fmt.Sprint(tcp.Port)
	var lan []string
	if tcp.IP.IsUnspecified() {
		lan = lanAddresses()
	} else if !tcp.IP.IsLoopback() {
		lan = []string{tcp.IP.String()}
	}
	fmt.Fprintf(w, "\nOn this computer: http://localhost:%s\n", port)
	if tcp.IP.IsLoopback() {
		fmt.Fprintf(w, "Listening on %s, this computer only: other phones cannot reach this server. Start it on every address (TABLEKEEPER_ADDR=:%s) to play from the other phones.\n", tcp.IP, port)
		return
	}
	if len(lan) == 0 {
		fmt.Fprintln(w, "No network address found: other phones cannot reach this server. Join a Wi-Fi network, or set TABLEKEEPER_BASE_URL.")
		return
	}
	fmt.Fprintln(w, "On the other phones (same Wi-Fi), open:")
	for _, ip := range lan {
		fmt.Fprintf(w, "  http://%s\n", net.JoinHostPort(ip, port))
	}
	fmt.Fprintln(w, "Create the group from one of these addresses: invite links and QR codes use the address the browser used.")
	fmt.Fprintln(w)
}

// lanAddresses lists this machine's IPv4 addresses that other devices can
// reach: not loopback, not link-local.
func lanAddresses() []string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []string
	for _, a := range addrs {
		ipn, ok := a.(*net.IPNet)
		if !ok {
			continue
		}
		ip := ipn.IP.To4()
		if ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() {
			continue
		}
		out = append(out, ip.String())
	}
	return out
}
