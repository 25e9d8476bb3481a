package serve

import (
	"context"
	"sync"

	"github.com/labstack/echo/v4"
)

// Streams are the live-update streams open on this process, by group, so
// that a change of a group's members can end at once the streams of whoever
// is no longer a member. How many one client may have open is bounded: each
// holds a connection and a goroutine for as long as it lasts.
type Streams struct {
	mu      sync.Mutex
	byGroup map[int64]map[*Stream]struct{}
	open    *UnderWay
}

// Stream is one open stream: whose it is (the handlers' Who) and how to
// end it.
type Stream struct {
	Who any
	end context.CancelFunc
}

// End ends the stream (its context is cancelled).
func (st *Stream) End() { st.end() }

// NewStreams bounds the streams one client has open to perClient.
func NewStreams(perClient int) *Streams {
	return &Streams{byGroup: map[int64]map[*Stream]struct{}{},
		open: NewUnderWay(perClient, 0, "limit.streams", "limit.streams")}
}

// Start admits a stream of group, by who, or refuses it (429); the
// returned context ends when the stream is ended or the client leaves, and
// done must be called when the stream ends.
func (ss *Streams) Start(c echo.Context, group int64, who any) (ctx context.Context, done func(), err error) {
	leave, err := ss.open.Enter(c, ClientKey(c))
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(c.Request().Context())
	st := &Stream{Who: who, end: cancel}
	ss.mu.Lock()
	if ss.byGroup[group] == nil {
		ss.byGroup[group] = map[*Stream]struct{}{}
	}
	ss.byGroup[group][st] = struct{}{}
	ss.mu.Unlock()
	return ctx, func() {
		cancel()
		leave()
		ss.mu.Lock()
		delete(ss.byGroup[group], st)
		if len(ss.byGroup[group]) == 0 {
			delete(ss.byGroup, group)
		}
		ss.mu.Unlock()
	}, nil
}

// Of is the streams of group open now.
func (ss *Streams) Of(group int64) []*Stream {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	var open []*Stream
	for st := range ss.byGroup[group] {
		open = append(open, st)
	}
	return open
}

// Open is how many streams are open, in all.
func (ss *Streams) Open() int { return ss.open.Open() }
