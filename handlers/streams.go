package handlers

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
)

// streams are the live-update streams open on this process, by group, so
// that a change of the group's members (a member removed, here or on
// another instance) ends at once the streams of whoever is no longer a
// member. How many one client may have open is bounded (Limits.Streams):
// each holds a connection and a goroutine for as long as it lasts.
type streams struct {
	mu      sync.Mutex
	byGroup map[int64]map[*stream]struct{}
	open    *underWay
}

// stream is one open stream: whose it is and how to end it.
type stream struct {
	slug, token string
	end         context.CancelFunc
}

func newStreams(perClient int) *streams {
	return &streams{byGroup: map[int64]map[*stream]struct{}{},
		open: newUnderWay(perClient, 0, "limit.streams", "limit.streams")}
}

// start admits a stream of the request's member, or refuses it (429); the
// returned context ends when the member is removed or the client leaves,
// and done must be called when the stream ends.
func (ss *streams) start(c echo.Context) (context.Context, func(), error) {
	leave, err := ss.open.enter(c, clientKey(c))
	if err != nil {
		return nil, nil, err
	}
	m := memberOf(c)
	ctx, cancel := context.WithCancel(c.Request().Context())
	st := &stream{slug: m.group.Slug, token: sessionToken(c), end: cancel}
	ss.mu.Lock()
	if ss.byGroup[m.group.ID] == nil {
		ss.byGroup[m.group.ID] = map[*stream]struct{}{}
	}
	ss.byGroup[m.group.ID][st] = struct{}{}
	ss.mu.Unlock()
	return ctx, func() {
		cancel()
		leave()
		ss.mu.Lock()
		delete(ss.byGroup[m.group.ID], st)
		if len(ss.byGroup[m.group.ID]) == 0 {
			delete(ss.byGroup, m.group.ID)
		}
		ss.mu.Unlock()
	}, nil
}

// membersChanged is told of every committed write (store.OnWrite): when who
// belongs to a group changed, each of its streams checks that its member
// still does, and the others end.
func (s *Server) membersChanged(w store.Written) {
	if !w.Members || w.GroupID == 0 {
		return
	}
	s.streams.mu.Lock()
	var open []*stream
	for st := range s.streams.byGroup[w.GroupID] {
		open = append(open, st)
	}
	s.streams.mu.Unlock()
	if len(open) == 0 {
		return
	}
	go func() { // off the writer's goroutine: the reads may take a moment
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, st := range open {
			if _, _, err := s.store.Membership(ctx, st.slug, st.token); errors.Is(err, store.ErrNotFound) {
				st.end()
			}
		}
	}()
}
