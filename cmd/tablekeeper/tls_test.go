package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// selfSigned writes a certificate for 127.0.0.1 and its key into dir, and
// returns their files and a pool that trusts it.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "tablekeeper test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, _ := x509.MarshalECPrivateKey(key)
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// With --tls-cert and --tls-key the server answers https itself: every
// answer carries HSTS and every cookie is Secure, without a base URL.
func TestHTTPSWithItsOwnCertificate(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile, pool := selfSigned(t, dir)
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	logs := &syncBuffer{}
	go func() {
		done <- run(ctx, []string{"--db", filepath.Join(dir, "tk.db"), "--addr", addr, "--tls-cert", certFile, "--tls-key", keyFile}, env(nil), logs)
	}()
	defer func() { cancel(); <-done }()
	c := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var resp *http.Response
	var err error
	for i := 0; ; i++ {
		if resp, err = c.Get("https://" + addr + "/"); err == nil {
			break
		}
		if i == 100 {
			t.Fatalf("no https answer: %v\n%s", err, logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.TLS == nil || !strings.Contains(resp.Header.Get("Strict-Transport-Security"), "max-age=") {
		t.Errorf("GET / over https: %d, HSTS %q", resp.StatusCode, resp.Header.Get("Strict-Transport-Security"))
	}
	resp, err = c.PostForm("https://"+addr+"/groups", url.Values{"name": {"Table"}, "display": {"Ana"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	cookies := resp.Header.Values("Set-Cookie")
	if resp.StatusCode != http.StatusSeeOther || len(cookies) == 0 {
		t.Fatalf("new group over https: %d, cookies %q", resp.StatusCode, cookies)
	}
	for _, ck := range cookies {
		if !strings.Contains(ck, "Secure") {
			t.Errorf("cookie over https without Secure: %s", ck)
		}
	}
	// Plain http on the same address is not served.
	if r, err := http.Get("http://" + addr + "/"); err == nil && r.StatusCode == http.StatusOK {
		t.Error("plain http answered 200 on the https address")
	}
}
