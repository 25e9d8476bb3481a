package store

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// notifyChannel is the PostgreSQL channel on which every instance announces
// its writes to the others.
const notifyChannel = "tablekeeper_written"

// maxNotifiedMatches bounds the matches a notification names (a payload is
// at most 8,000 bytes). A write over more (a whole group's import, whose
// matches nobody watches yet) names none.
const maxNotifiedMatches = 200

// notice is a notification's payload: one Written, and who wrote it.
type notice struct {
	Instance string  `json:"i"`
	GroupID  int64   `json:"g"`
	Slug     string  `json:"s"`
	Members  bool    `json:"m,omitempty"`
	Version  int64   `json:"v"`
	Matches  []int64 `json:"x,omitempty"`
	Author   string  `json:"a,omitempty"`
}

// notify queues a notification of each write for the other instances.
// pg_notify inside the transaction is delivered when it commits, and not
// at all when it rolls back, so a listener never hears of a write that did
// not happen.
func (t *txn) notify(ctx context.Context, ws []Written) error {
	for _, w := range ws {
		n := notice{Instance: t.s.pg.instance, GroupID: w.GroupID, Slug: w.Slug, Members: w.Members, Version: w.Version, Author: w.Author}
		if len(w.Matches) <= maxNotifiedMatches {
			n.Matches = w.Matches
		}
		b, _ := json.Marshal(n)
		if _, err := t.ExecContext(ctx, `SELECT pg_notify($1, $2)`, notifyChannel, string(b)); err != nil {
			return fmt.Errorf("store: notify: %w", err)
		}
	}
	return nil
}

// listen keeps one connection of its own LISTENing to the other instances'
// writes and tells the OnWrite observers of each, with Remote set (this
// instance's own writes, told at their commit, are skipped). When the
// connection drops, notifications may be lost: the observers are told to
// forget everything (a Written with Remote and no Slug), and again once a
// new connection listens. ready receives the first connection's outcome.
func (s *Store) listen(ctx context.Context, ready chan<- error) {
	defer close(s.pg.done)
	first := true
	for {
		conn, err := pgx.Connect(ctx, s.pg.dsn)
		if err == nil {
			if _, err = conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
				conn.Close(context.Background())
			}
		}
		if first {
			ready <- err
			if err != nil {
				return
			}
			first = false
		} else if err == nil {
			s.tell([]Written{{Remote: true}})
		}
		if err == nil {
			s.receive(ctx, conn)
			conn.Close(context.Background())
			s.tell([]Written{{Remote: true}})
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// receive tells the observers of each notification until the connection
// fails or ctx ends.
func (s *Store) receive(ctx context.Context, conn *pgx.Conn) {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return
		}
		var no notice
		if json.Unmarshal([]byte(n.Payload), &no) != nil || no.Instance == s.pg.instance {
			continue
		}
		s.tell([]Written{{GroupID: no.GroupID, Slug: no.Slug, Members: no.Members, Version: no.Version, Matches: no.Matches, Author: no.Author, Remote: true}})
	}
}
