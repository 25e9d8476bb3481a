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
	// Matches are the matches whose rounds or state the write changed (a
	// round saved, corrected or undone, a match deleted). On PostgreSQL a
	// write touching more than maxNotifiedMatches leaves it empty.
	Matches []int64
	// Sheets is, for a match whose rounds the write changed here, its sheet
	// version after the write (SheetVersion); empty for other writes and
	// for another instance's.
	Sheets map[int64]string
	// Author is who made the write, when it says (a match deleted: who
	// deleted it).
	Author string
	// Version is the group's write counter after the write (PostgreSQL
	// only; see GroupVersion).
	Version int64
	// Remote is true for a write another instance committed, learned from
	// PostgreSQL's notification. Slug "" with Remote means the notifications
	// may have been missed (the listener reconnected): forget everything.
	Remote bool
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

// wroteSlug is wrote(groupID, false) for a transaction that has read the
// group's slug already: the commit need not read it again.
func (t *txn) wroteSlug(groupID int64, slug string) {
	t.wrote(groupID, false)
	if t.slugs == nil {
		t.slugs = map[int64]string{}
	}
	t.slugs[groupID] = slug
}

// wroteMatch records a write to matchID and the group that holds it.
func (t *txn) wroteMatch(ctx context.Context, matchID int64) error {
	var gid int64
	if err := t.QueryRowContext(ctx, `SELECT group_id FROM matches WHERE id = $1`, matchID).Scan(&gid); err != nil {
		return notFound(err, "match")
	}
	t.wrote(gid, false)
	t.wroteIn(matchID)
	return nil
}

// wroteSheet records a write to matchID after which its sheet version is
// version.
func (t *txn) wroteSheet(matchID int64, version string) {
	t.wroteIn(matchID)
	if t.sheets == nil {
		t.sheets = map[int64]string{}
	}
	t.sheets[matchID] = version
}

// wroteIn records a write to matchID (its group is recorded apart).
func (t *txn) wroteIn(matchID int64) {
	if t.matches == nil {
		t.matches = map[int64]bool{}
	}
	t.matches[matchID] = true
}

// written names the groups the transaction changed, read before it commits.
// On PostgreSQL it also bumps each group's write counter and queues the
// notification the other instances receive at the commit (notify).
func (t *txn) written(ctx context.Context) ([]Written, error) {
	out := make([]Written, 0, len(t.touched))
	for gid, members := range t.touched {
		w := Written{GroupID: gid, Members: members, Author: t.author}
		var err error
		if slug, ok := t.slugs[gid]; ok && t.pg == nil {
			w.Slug = slug
		} else if t.pg != nil {
			err = t.QueryRowContext(ctx, `UPDATE groups SET write_seq = write_seq + 1 WHERE id = $1 RETURNING slug, write_seq`, gid).Scan(&w.Slug, &w.Version)
		} else {
			err = t.QueryRowContext(ctx, `SELECT slug FROM groups WHERE id = $1`, gid).Scan(&w.Slug)
		}
		if err != nil {
			return nil, fmt.Errorf("store: the group written to: %w", err)
		}
		if len(t.touched) == 1 {
			for m := range t.matches {
				w.Matches = append(w.Matches, m)
			}
			w.Sheets = t.sheets
		}
		out = append(out, w)
	}
	if t.pg != nil {
		if err := t.notify(ctx, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}
