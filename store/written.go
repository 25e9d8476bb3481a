package store

import (
	"context"
	"fmt"
	"sync"
)

// Written is what one committed write transaction changed in a group.
type Written struct {
	GroupID int64
	Slug    string
	// Members is true when who belongs to the group, or what every member
	// sees of the group itself (its name, invite, public link), changed.
	Members bool
}

// observers are the functions told of every committed write.
type observers struct {
	mu  sync.Mutex
	fns []func(Written)
}

// OnWrite registers fn to be told, after each write transaction commits,
// of every group it wrote to. The store is the one place that writes, so
// whoever keeps what it read (the page cache) learns of writes here rather
// than by guessing from a request. fn runs on the writer's goroutine after
// the write lock is released: it must be quick.
func (s *Store) OnWrite(fn func(Written)) {
	s.obs.mu.Lock()
	defer s.obs.mu.Unlock()
	s.obs.fns = append(s.obs.fns, fn)
}

func (s *Store) tell(ws []Written) {
	s.obs.mu.Lock()
	fns := s.obs.fns
	s.obs.mu.Unlock()
	for _, w := range ws {
		for _, fn := range fns {
			fn(w)
		}
	}
}

// wrote records that the transaction changes groupID (members: see Written).
func (t *txn) wrote(groupID int64, members bool) {
	if t.touched == nil {
		t.touched = map[int64]bool{}
	}
	t.touched[groupID] = t.touched[groupID] || members
}

// wroteMatch records a write to the group that holds matchID.
func (t *txn) wroteMatch(ctx context.Context, matchID int64) error {
	var gid int64
	if err := t.QueryRowContext(ctx, `SELECT group_id FROM matches WHERE id = ?`, matchID).Scan(&gid); err != nil {
		return notFound(err, "match")
	}
	t.wrote(gid, false)
	return nil
}

// written names the groups the transaction changed, read before it commits.
func (t *txn) written(ctx context.Context) ([]Written, error) {
	out := make([]Written, 0, len(t.touched))
	for gid, members := range t.touched {
		w := Written{GroupID: gid, Members: members}
		if err := t.QueryRowContext(ctx, `SELECT slug FROM groups WHERE id = ?`, gid).Scan(&w.Slug); err != nil {
			return nil, fmt.Errorf("store: the group written to: %w", err)
		}
		out = append(out, w)
	}
	return out, nil
}
