package main

import (
	"crypto/tls"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"time"

	"golang.org/x/crypto/acme/autocert"

	"github.com/tablekeeper/tablekeeper/store"
)

// httpsOf is how srv serves a listener: plain http; https with the
// certificate files (--tls-cert, --tls-key); or https with certificates
// got and renewed for --acme-domain by autocert, kept in the data folder,
// with the challenge answered, and http redirected to https, on
// --acme-http-addr.
func httpsOf(cfg config, srv *http.Server, log *slog.Logger) (func(net.Listener) error, error) {
	switch {
	case cfg.TLSCert != "":
		cert, err := tls.LoadX509KeyPair(cfg.TLSCert, cfg.TLSKey)
		if err != nil {
			return nil, fmt.Errorf("TABLEKEEPER_TLS_CERT and TABLEKEEPER_TLS_KEY (--tls-cert, --tls-key) cannot be used: %w", err)
		}
		srv.TLSConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		return func(ln net.Listener) error { return srv.ServeTLS(ln, "", "") }, nil
	case cfg.ACMEDomain != "":
		m := &autocert.Manager{Prompt: autocert.AcceptTOS, HostPolicy: autocert.HostWhitelist(cfg.ACMEDomain),
			Cache: autocert.DirCache(filepath.Join(dataDir(cfg.DB), "acme"))}
		srv.TLSConfig = m.TLSConfig()
		ln, err := net.Listen("tcp", cfg.ACMEHTTPAddr)
		if err != nil {
			return nil, fmt.Errorf("TABLEKEEPER_ACME_HTTP_ADDR (--acme-http-addr) %q cannot be used: %w (the certificate's challenge is answered there)", cfg.ACMEHTTPAddr, err)
		}
		challenge := &http.Server{Handler: m.HTTPHandler(nil), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: time.Minute}
		go challenge.Serve(ln)
		srv.RegisterOnShutdown(func() { challenge.Close() })
		log.Info("acme challenge and redirect to https listening", "addr", ln.Addr().String(), "domain", cfg.ACMEDomain)
		return func(ln net.Listener) error { return srv.ServeTLS(ln, "", "") }, nil
	}
	return srv.Serve, nil
}

// dataDir is the data folder: the SQLite database's, or ./data with
// PostgreSQL.
func dataDir(db string) string {
	if store.IsPostgres(db) {
		return "data"
	}
	return filepath.Dir(db)
}
