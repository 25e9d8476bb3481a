// Package serve is how requests are let in and answers sent, for any route:
// admission (a bounded number of requests worked on at once), bodies
// received whole and answers spooled so that no request holds a turn while
// it waits on the network, the limits per address and what each client has
// under way, the registry of live streams, and the gzipped pages. It names
// no route and no game: the handlers tell it what a route is (Route).
package serve

import (
	"net"
	"net/http"

	"github.com/labstack/echo/v4"
)

// Refusal is a request refused by a limit: a status (429 or 413) and the
// message id that says why (and its ".title"); the handlers render it as
// any error.
type Refusal struct {
	Status int
	Key    string
	Args   []any // the message's values (see views.T)
}

func (e *Refusal) Error() string { return "refused: " + e.Key }

// Refuse is a refusal with a status and the message id that says why.
func Refuse(status int, key string, args ...any) error {
	return &Refusal{Status: status, Key: key, Args: args}
}

// ErrDiskFull is a temporary file refused by the disk budget.
var ErrDiskFull = Refuse(http.StatusTooManyRequests, "limit.disk")

// ClientKey is what the per-client limits count by: the client's address as
// Echo's IP extractor resolves it (the connection's, or the one a trusted
// proxy names), an IPv6 client by its /64 (one phone or one home network
// holds a whole /64 and could otherwise take a fresh limit per address).
func ClientKey(c echo.Context) string {
	ip := net.ParseIP(c.RealIP())
	if ip == nil {
		return c.RealIP()
	}
	if ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return ip.String()
}
