package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
)

// hub tells every phone watching a match through this process that it
// changed. A write made here is announced by its handler (announce); on
// PostgreSQL a write of another instance reaches the hub through the store's
// notifications (remoteWritten), so a phone sees every save whichever
// instance took it, once.
type hub struct {
	mu    sync.Mutex
	watch map[int64]map[chan string]struct{}
}

func newHub() *hub { return &hub{watch: map[int64]map[chan string]struct{}{}} }

// subscribe returns a channel that receives the match's new version after
// each change, and the function that ends the subscription.
func (h *hub) subscribe(match int64) (chan string, func()) {
	ch := make(chan string, 1)
	h.mu.Lock()
	if h.watch[match] == nil {
		h.watch[match] = map[chan string]struct{}{}
	}
	h.watch[match][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.watch[match], ch)
		if len(h.watch[match]) == 0 {
			delete(h.watch, match)
		}
		h.mu.Unlock()
	}
}

// publish sends version to every watcher of match. A watcher that has not
// read the previous version yet gets only the newest (the channel holds one).
func (h *hub) publish(match int64, version string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.watch[match] {
		select {
		case <-ch:
		default:
		}
		ch <- version
	}
}

// watched lists the matches someone watches, of ids (all of them when ids
// is nil).
func (h *hub) watched(ids []int64, all bool) []int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []int64
	if all {
		for id := range h.watch {
			out = append(out, id)
		}
		return out
	}
	for _, id := range ids {
		if len(h.watch[id]) > 0 {
			out = append(out, id)
		}
	}
	return out
}

// remoteWritten is told of every committed write (store.OnWrite) and tells
// the watchers of the matches another instance wrote to (Remote) their new
// version, read from the database. This instance's own writes are left to
// their handler, which announces them with what it already read: each write
// is announced once. A write with no group (the listener reconnected, some
// notifications may be lost) refreshes every watched match.
func (s *Server) remoteWritten(w store.Written) {
	if !w.Remote {
		return
	}
	ids := s.live.watched(w.Matches, w.Slug == "")
	if len(ids) == 0 {
		return
	}
	go func() { // off the listener's goroutine: the reads may take a moment
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, id := range ids {
			if w.GroupID != 0 {
				if _, err := s.store.Match(ctx, w.GroupID, id); errors.Is(err, store.ErrNotFound) {
					s.live.publish(id, deletedEvent) // deleted on another instance
					continue
				}
			}
			rounds, err := s.store.Rounds(ctx, id)
			if err != nil {
				s.log.Warn("watchers not told of another instance's write", "match", id, "err", err)
				continue
			}
			s.announce(id, rounds)
		}
	}()
}

// deletedEvent starts the event that tells the watchers a match was deleted,
// followed by the name of who deleted it (app.js reads it).
const deletedEvent = "deleted:"

// changed tells the watchers of a match that it changed (see announce).
func (s *Server) changed(c echo.Context, matchID int64) {
	rounds, err := s.store.Rounds(c.Request().Context(), matchID)
	if err != nil {
		s.log.Warn("watchers not told of a write", "match", matchID, "err", err)
		return
	}
	s.announce(matchID, rounds)
}

// announce tells the watchers of a match its version after a write, given
// the rounds as they now stand. The page cache has already forgotten the
// group's pages (the store told it on commit), so a phone that refetches on
// the event gets the new page.
func (s *Server) announce(matchID int64, rounds []store.Round) {
	s.live.publish(matchID, sheetVersion(rounds))
}

// matchEvents streams the match's version as server-sent events: once at
// once, then after every change, with a comment every 20 s to keep proxies
// from closing the stream. ?poll=1 answers the version once, for browsers
// without EventSource.
func (s *Server) matchEvents(c echo.Context) error {
	match, _, rounds, err := s.loadMatch(c)
	if err != nil {
		return err
	}
	if c.QueryParam("poll") == "1" {
		c.Response().Header().Set("Cache-Control", "no-store")
		return c.String(http.StatusOK, matchVersion(match, rounds))
	}
	ctx, done, err := s.startStream(c)
	if err != nil {
		return err
	}
	defer done()
	ch, stop := s.live.subscribe(match.ID)
	defer stop()
	w := c.Response()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 2000\ndata: %s\n\n", matchVersion(match, rounds))
	w.Flush()
	tick := time.NewTicker(20 * time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case v := <-ch:
			fmt.Fprintf(w, "data: %s\n\n", v)
		case <-tick.C:
			fmt.Fprint(w, ": still here\n\n")
		}
		w.Flush()
	}
}
