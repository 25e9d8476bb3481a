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
// changed. It learns of every write from the store (tellWatchers, through
// Store.OnWrite), as the page cache does: this process's own writes at
// their commit, and on PostgreSQL another instance's through the store's
// notifications. No handler announces: a phone sees every change, whichever
// request or instance made it, once.
type hub struct {
	mu    sync.Mutex
	watch map[int64]*watchers
}

// watchers are the phones watching one match, and the match's group.
type watchers struct {
	group int64
	chans map[chan string]struct{}
}

func newHub() *hub { return &hub{watch: map[int64]*watchers{}} }

// subscribe returns a channel that receives the version of match (of group)
// after each change, and the function that ends the subscription.
func (h *hub) subscribe(group, match int64) (chan string, func()) {
	ch := make(chan string, 1)
	h.mu.Lock()
	if h.watch[match] == nil {
		h.watch[match] = &watchers{group: group, chans: map[chan string]struct{}{}}
	}
	h.watch[match].chans[ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		if w := h.watch[match]; w != nil {
			delete(w.chans, ch)
			if len(w.chans) == 0 {
				delete(h.watch, match)
			}
		}
		h.mu.Unlock()
	}
}

// publish sends version to every watcher of match. A watcher that has not
// read the previous version yet gets only the newest (the channel holds one).
func (h *hub) publish(match int64, version string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	w := h.watch[match]
	if w == nil {
		return
	}
	for ch := range w.chans {
		select {
		case <-ch:
		default:
		}
		ch <- version
	}
}

// watched lists the matches someone watches among ids (all of them when
// all is set), each with its group.
func (h *hub) watched(ids []int64, all bool) []watchedMatch {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []watchedMatch
	if all {
		for id, w := range h.watch {
			out = append(out, watchedMatch{id: id, group: w.group})
		}
		return out
	}
	for _, id := range ids {
		if w := h.watch[id]; w != nil {
			out = append(out, watchedMatch{id: id, group: w.group})
		}
	}
	return out
}

type watchedMatch struct{ id, group int64 }

// tellWatchers is told of every committed write (store.OnWrite), this
// instance's and, on PostgreSQL, another's (Remote), and tells the phones
// watching a match it changed its new version. A write that knows the
// version (a round saved, corrected or undone here) says it; for the others
// (a player who left, a match ended or deleted, another instance's write)
// the match is read again, off the writer's goroutine: a deleted match
// tells its watchers who deleted it. A write with no group (the listener
// reconnected: notifications may have been lost) refreshes every watched
// match.
func (s *Server) tellWatchers(w store.Written) {
	ids := s.live.watched(w.Matches, w.Remote && w.Slug == "")
	var unknown []watchedMatch
	for _, m := range ids {
		if v, ok := w.Sheets[m.id]; ok {
			s.live.publish(m.id, v)
		} else {
			unknown = append(unknown, m)
		}
	}
	if len(unknown) == 0 {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, m := range unknown {
			match, rounds, err := s.store.MatchSheet(ctx, m.group, m.id)
			switch {
			case errors.Is(err, store.ErrNotFound):
				s.live.publish(m.id, deletedEvent+w.Author)
			case err != nil:
				s.log.Warn("watchers not told of a write", "match", m.id, "err", err)
			default:
				s.live.publish(m.id, store.SheetVersion(match, rounds))
			}
		}
	}()
}

// deletedEvent starts the event that tells the watchers a match was deleted,
// followed by the name of who deleted it (app.js reads it).
const deletedEvent = "deleted:"

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
		return c.String(http.StatusOK, store.SheetVersion(match, rounds))
	}
	ctx, done, err := s.startStream(c)
	if err != nil {
		return err
	}
	defer done()
	ch, stop := s.live.subscribe(match.GroupID, match.ID)
	defer stop()
	w := c.Response()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprintf(w, "retry: 2000\ndata: %s\n\n", store.SheetVersion(match, rounds))
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
