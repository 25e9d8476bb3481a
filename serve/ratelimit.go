package serve

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"
)

// refusalDelay is how long a refusal of the rate limit waits before it is
// sent: a client that sends its next request as soon as it has an answer
// is slowed to one per connection per refusalDelay, instead of spending the
// server's time on refusals (answered at once, a flood from 16 connections
// made another phone's saves 8 to 30 times slower than with the wait, on a
// shared 2-core machine: TestFloodingClientIsLimited). The wait holds no
// turn and reads no body.
const refusalDelay = time.Second

// PerAddress is Echo's rate limiter keyed by ClientKey: each address has a
// bucket of burst requests refilled at r a second, forgotten after forget
// unused. Going over is refused after refusalDelay with a sentence (key)
// and Retry-After (retry, in seconds), and the connection is closed without
// reading its body (see Close): a refused client holds nothing past that
// second, whatever it sends or does not send.
func (a *Admission) PerAddress(r rate.Limit, burst int, forget time.Duration, key, retry string) echo.MiddlewareFunc {
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate: r, Burst: burst, ExpiresIn: forget}),
		IdentifierExtractor: func(c echo.Context) (string, error) { return ClientKey(c), nil },
		ErrorHandler: func(c echo.Context, err error) error {
			return a.Close(c, Refuse(http.StatusTooManyRequests, key))
		},
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			t := time.NewTimer(refusalDelay)
			defer t.Stop()
			select {
			case <-t.C:
			case <-c.Request().Context().Done():
			}
			c.Response().Header().Set("Retry-After", retry)
			return a.Close(c, Refuse(http.StatusTooManyRequests, key))
		},
	})
}
