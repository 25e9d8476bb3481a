package serve

import (
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"
)

// UnderWay counts what each client has under way (streams, exports), with a
// bound per client and, when all > 0, in all.
type UnderWay struct {
	mu        sync.Mutex
	per, all  int
	n         int
	byClient  map[string]int
	busyKey   string // the message when the client is at its bound
	fullKey   string // the message when all are taken
	retryText string // Retry-After, in seconds
}

// NewUnderWay bounds what one client has under way to per and, when all > 0,
// what all have to all; busyKey and fullKey say each refusal.
func NewUnderWay(per, all int, busyKey, fullKey string) *UnderWay {
	return &UnderWay{per: per, all: all, byClient: map[string]int{}, busyKey: busyKey, fullKey: fullKey, retryText: "30"}
}

// Enter admits one more for client, or says why not (429); leave must be
// called once it is over (calling it again does nothing).
func (k *UnderWay) Enter(c echo.Context, client string) (leave func(), err error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.byClient[client] >= k.per {
		c.Response().Header().Set("Retry-After", k.retryText)
		return nil, Refuse(http.StatusTooManyRequests, k.busyKey)
	}
	if k.all > 0 && k.n >= k.all {
		c.Response().Header().Set("Retry-After", k.retryText)
		return nil, Refuse(http.StatusTooManyRequests, k.fullKey)
	}
	k.byClient[client]++
	k.n++
	var once sync.Once
	return func() {
		once.Do(func() {
			k.mu.Lock()
			defer k.mu.Unlock()
			k.n--
			if k.byClient[client]--; k.byClient[client] <= 0 {
				delete(k.byClient, client)
			}
		})
	}, nil
}

// Open is how many are under way, in all.
func (k *UnderWay) Open() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.n
}

// DiskBudget bounds the temporary files in use at once, in all: the bodies
// of imports waiting to be read and the answers (exports) waiting to be
// sent. A file takes its bytes as they are written and gives them back
// when it is closed.
type DiskBudget struct {
	mu        sync.Mutex
	max, used int64
}

// NewDiskBudget allows max bytes of temporary files at once.
func NewDiskBudget(max int64) *DiskBudget { return &DiskBudget{max: max} }

// take reserves n bytes, or reports that the budget is spent.
func (d *DiskBudget) take(n int64) bool {
	if d == nil {
		return true
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.used+n > d.max {
		return false
	}
	d.used += n
	return true
}

func (d *DiskBudget) give(n int64) {
	if d == nil || n == 0 {
		return
	}
	d.mu.Lock()
	d.used -= n
	d.mu.Unlock()
}

// InUse is how many bytes of temporary files are held now.
func (d *DiskBudget) InUse() int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.used
}
