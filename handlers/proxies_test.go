package handlers

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"testing"
)

// proxyAt is a reverse proxy listening on ip, in front of the server at
// addr, that dials it from ip too and adds the client's address to
// X-Forwarded-For, as Caddy or nginx do.
func proxyAt(t *testing.T, ip, addr string) string {
	t.Helper()
	target, _ := url.Parse("http://" + addr)
	rp := httputil.NewSingleHostReverseProxy(target)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	rp.Transport = &http.Transport{DialContext: d.DialContext}
	ln, err := net.Listen("tcp", ip+":0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: rp}}
	srv.Start()
	t.Cleanup(srv.Close)
	return ln.Addr().String()
}

func trusted(t *testing.T, cidr string) []*net.IPNet {
	_, n, err := net.ParseCIDR(cidr)
	if err != nil {
		t.Fatal(err)
	}
	return []*net.IPNet{n}
}

// makeGroups posts n new groups from c to base, with xff (when not nil) as
// each request's X-Forwarded-For, and returns the statuses.
func makeGroups(t *testing.T, c *http.Client, base string, n int, xff func(i int) string) []int {
	t.Helper()
	var statuses []int
	for i := range n {
		req, _ := http.NewRequest(http.MethodPost, base+"/groups", strings.NewReader(url.Values{"name": {fmt.Sprint("G", i)}, "display": {"Ana"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if xff != nil {
			req.Header.Set("X-Forwarded-For", xff(i))
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		statuses = append(statuses, resp.StatusCode)
	}
	return statuses
}

// Behind a trusted proxy, each client has its own limits: one that used up
// its groups is refused, the next client through the same proxy is not.
func TestClientsBehindATrustedProxyEachHaveTheirLimit(t *testing.T) {
	l := newLiveServerConfig(t, Config{TrustedProxies: trusted(t, "127.0.0.5/32")})
	proxy := "http://" + proxyAt(t, "127.0.0.5", l.addr)
	n := DefaultLimits.Groups
	first := makeGroups(t, from("127.0.0.2"), proxy, n+1, nil)
	for i, st := range first[:n] {
		if st != http.StatusSeeOther {
			t.Fatalf("group %d of the first client: %d", i+1, st)
		}
	}
	if first[n] != http.StatusTooManyRequests {
		t.Errorf("group %d of the first client: %d, want 429", n+1, first[n])
	}
	if st := makeGroups(t, from("127.0.0.3"), proxy, 1, nil)[0]; st != http.StatusSeeOther {
		t.Errorf("the second client's first group through the same proxy: %d, want 303", st)
	}
}

// A client that is not a trusted proxy cannot choose its address: a flood
// of new groups naming another X-Forwarded-For on every request is refused
// past the limit, whether no proxy is trusted or another one is.
func TestForwardedForFromAnUntrustedClientIsIgnored(t *testing.T) {
	for name, proxies := range map[string][]*net.IPNet{"no trusted proxy": nil, "another proxy trusted": trusted(t, "127.0.0.5/32")} {
		t.Run(name, func(t *testing.T) {
			l := newLiveServerConfig(t, Config{TrustedProxies: proxies})
			n := DefaultLimits.Groups
			got := makeGroups(t, from("127.0.0.2"), "http://"+l.addr, n+2, func(i int) string { return fmt.Sprintf("198.51.100.%d", i+1) })
			if got[n] != http.StatusTooManyRequests || got[n+1] != http.StatusTooManyRequests {
				t.Errorf("groups from one address, each naming another X-Forwarded-For: %v, want 429 after %d", got, n)
			}
		})
	}
}
