package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"slices"
	"sync"
	"time"
)

// On PostgreSQL, the writes to one group take turns (groupLocks): each holds
// the group's lock from before its transaction takes its snapshot until
// after its commit. Two phones saving in one group then never run their
// SERIALIZABLE transactions side by side, so PostgreSQL has no reason to
// refuse either: the second starts after the first committed and sees its
// round. Without the turns, every write of a group bumps the group's
// write_seq (written), so all but one of the writes running at once were
// refused and retried; at 16 phones saving in one group the retries ran out
// for 5.8 % of the saves (issue 28).
//
// A write's groups are known before it starts when it names its match
// (onMatch: saves, corrections, undos); any other write runs without a turn
// at first, and if PostgreSQL refuses it, runs again in the turns of the
// groups its refused try wrote to (txn.touched), which it then knows.
//
// The turn is taken twice: in this process (a mutex per group, so that the
// writers of one instance queue here without holding a connection each), then
// across instances with a session advisory lock on the connection the
// transaction then runs on. Several groups are taken in the order of their
// ids, so two writes cannot each wait for the other.

// pgLockClass is the first key of the store's advisory locks: the two-key
// space, apart from goose's one-key lock, with the group's id as the second.
const pgLockClass = 0x746b // "tk"

// unlockTimeout bounds the release of the advisory locks; a connection that
// cannot release them in time is closed, which releases them.
const unlockTimeout = 5 * time.Second

type lockOnKey struct{}

// onMatch is ctx telling commitPG that the write changes matchID: it takes
// the turn of the match's group from its first try. On SQLite, where every
// write takes its turn anyway (wmu), ctx as it is.
func (s *Store) onMatch(ctx context.Context, matchID int64) context.Context {
	if !s.d.pg {
		return ctx
	}
	return context.WithValue(ctx, lockOnKey{}, matchID)
}

// groupOfMatch is the group whose turn a write of ctx takes first, 0 when it
// names no match or the match is unknown (the write itself will say so).
func (s *Store) groupOfMatch(ctx context.Context) int64 {
	id, ok := ctx.Value(lockOnKey{}).(int64)
	if !ok {
		return 0
	}
	var gid int64
	if err := s.queryRow(ctx, `SELECT group_id FROM matches WHERE id = $1`, id).Scan(&gid); err != nil {
		return 0
	}
	return gid
}

// groupLocks is one mutex per group that a write of this process waits for
// or holds; a mutex no one waits for is dropped.
type groupLocks struct {
	mu sync.Mutex
	m  map[int64]*groupLock
}

type groupLock struct {
	mu    chan struct{} // a mutex that a context can stop waiting for
	users int
}

// lock takes the process's turns of groups (sorted), waiting until ctx ends
// at most; the function returned gives them back.
func (g *groupLocks) lock(ctx context.Context, groups []int64) (func(), error) {
	var held []int64
	unlock := func() {
		for _, id := range held {
			g.release(id, true)
		}
	}
	for _, id := range groups {
		g.mu.Lock()
		if g.m == nil {
			g.m = map[int64]*groupLock{}
		}
		l := g.m[id]
		if l == nil {
			l = &groupLock{mu: make(chan struct{}, 1)}
			g.m[id] = l
		}
		l.users++
		g.mu.Unlock()
		select {
		case l.mu <- struct{}{}:
			held = append(held, id)
		case <-ctx.Done():
			g.release(id, false)
			unlock()
			return nil, ctx.Err()
		}
	}
	return unlock, nil
}

func (g *groupLocks) release(id int64, held bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	l := g.m[id]
	if held {
		<-l.mu
	}
	if l.users--; l.users == 0 {
		delete(g.m, id)
	}
}

// turn holds the turns of some groups (perhaps none): the process's, and
// the advisory locks on conn, the connection the write's transaction runs on.
type turn struct {
	conn   *sql.Conn
	unlock func()
}

// takeTurn takes the turns of groups (nil: none) and the connection to
// write on; end gives them back.
func (s *Store) takeTurn(ctx context.Context, groups []int64) (*turn, error) {
	groups = slices.Clone(groups)
	slices.Sort(groups)
	groups = slices.Compact(groups)
	unlock, err := s.pg.locks.lock(ctx, groups)
	if err != nil {
		return nil, err
	}
	conn, err := s.db.Conn(s.bounded(ctx))
	if err != nil {
		unlock()
		return nil, err
	}
	t := &turn{conn: conn, unlock: unlock}
	for _, g := range groups {
		if _, err := conn.ExecContext(s.bounded(ctx), `SELECT pg_advisory_lock($1, $2)`, pgLockClass, int32(g)); err != nil {
			t.end(true) // the lock asked for may have been taken all the same
			return nil, err
		}
	}
	return t, nil
}

// end releases the advisory locks (locked: some may be held) and the
// process's turns.
func (t *turn) end(locked bool) {
	defer t.unlock()
	if locked {
		ctx, cancel := context.WithTimeout(context.Background(), unlockTimeout)
		defer cancel()
		if _, err := t.conn.ExecContext(ctx, `SELECT pg_advisory_unlock_all()`); err != nil {
			// A connection that may still hold a lock must not go back to
			// the pool: closed, it holds nothing.
			t.conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}
	t.conn.Close()
}
