package handlers

import (
	"context"
	"errors"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
)

// streamer is whose a live-update stream is: the member it was opened for.
type streamer struct{ slug, token string }

// startStream admits a stream of the request's member (see serve.Streams),
// or refuses it (429).
func (s *Server) startStream(c echo.Context) (context.Context, func(), error) {
	m := memberOf(c)
	return s.streams.Start(c, m.group.ID, streamer{slug: m.group.Slug, token: sessionToken(c)})
}

// membersChanged is told of every committed write (store.OnWrite): when who
// belongs to a group changed, each of its streams checks that its member
// still does, and the others end.
func (s *Server) membersChanged(w store.Written) {
	if !w.Members || w.GroupID == 0 {
		return
	}
	open := s.streams.Of(w.GroupID)
	if len(open) == 0 {
		return
	}
	go func() { // off the writer's goroutine: the reads may take a moment
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, st := range open {
			who := st.Who.(streamer)
			if _, _, err := s.store.Membership(ctx, who.slug, who.token); errors.Is(err, store.ErrNotFound) {
				st.End()
			}
		}
	}()
}
