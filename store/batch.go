package store

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
)

// Saves queued behind the write lock share one commit (SQLite only).
//
// Under load many phones save at once: each save waited for the lock, then
// ran BEGIN, its statements and COMMIT, and the commit wrote the pages every
// save touches (the rounds' and revisions' last pages) again. Now the save
// that finds no other in progress leads: it takes every save queued so far
// (at most maxBatch), runs each inside its own SAVEPOINT of one transaction,
// and commits once. A save that fails or panics is rolled back to its
// savepoint alone and gets its own error; the others go on. Nothing is
// answered before the COMMIT that holds it succeeded, so every acknowledged
// round is as durable as before; a failed COMMIT fails every save of the
// batch. A save alone in its batch runs exactly as before (Store.commit).
// The leader then hands the lead to the first save queued meanwhile, so no
// request keeps serving others' saves after its own is done.

// maxBatch bounds the saves one commit holds: the first of them waits for
// the others' statements.
var maxBatch = 32 // a variable for BenchmarkConcurrentSaves

type saveQueue struct {
	mu      sync.Mutex
	waiting []*queuedWrite
	leading bool // a save is running batches; the next arrival waits to be taken or to lead
	// commits and saves count the batches of more than one save and the
	// saves they held (tests, and docs/PERFORMANCE.md's figures).
	commits, saves atomic.Int64
}

type queuedWrite struct {
	ctx     context.Context
	fn      func(*txn) error
	written []Written
	err     error
	panic   any
	done    bool          // set before wake: the result is in
	wake    chan struct{} // the result is in, or this save leads the next batch
}

// txQueued is tx for a write that may share its commit with other queued
// writes of the same kind (round saves). fn must be safe to run again (as
// on PostgreSQL, where commitPG retries it) and must not commit or roll back.
func (s *Store) txQueued(ctx context.Context, fn func(*txn) error) error {
	var written []Written
	var err error
	if s.d.pg {
		written, err = s.commitPG(ctx, fn)
	} else {
		written, err = s.commitQueued(ctx, fn)
	}
	if err == nil {
		s.tell(written)
	}
	return err
}

func (s *Store) commitQueued(ctx context.Context, fn func(*txn) error) ([]Written, error) {
	w := &queuedWrite{ctx: ctx, fn: fn, wake: make(chan struct{}, 1)}
	q := &s.queue
	q.mu.Lock()
	q.waiting = append(q.waiting, w)
	follow := q.leading
	q.leading = true
	q.mu.Unlock()
	if follow {
		<-w.wake
	}
	if !w.done { // first in line: lead the next batch, which holds this save
		s.lead()
	}
	if w.panic != nil {
		panic(w.panic)
	}
	return w.written, w.err
}

// lead runs one batch taken from the front of the queue, answers its saves,
// and hands the lead to the first save queued meanwhile, if any.
func (s *Store) lead() {
	q := &s.queue
	q.mu.Lock()
	n := min(len(q.waiting), maxBatch)
	batch := append([]*queuedWrite(nil), q.waiting[:n]...)
	q.waiting = append(q.waiting[:0:0], q.waiting[n:]...)
	q.mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			// The batch itself failed (a bug of ours, not a save's, whose
			// panics runSaved holds): commitBatch has rolled back, so no
			// save of it may be answered as saved. Each raises the panic.
			p = caught(p)
			for _, w := range batch {
				w.written, w.err, w.panic = nil, nil, p
			}
		}
		for _, w := range batch[1:] { // batch[0] is the leader itself
			w.done = true
			w.wake <- struct{}{}
		}
		batch[0].done = true
		q.mu.Lock()
		if len(q.waiting) == 0 {
			q.leading = false
		} else {
			q.waiting[0].wake <- struct{}{} // not done: it leads
		}
		q.mu.Unlock()
	}()
	if len(batch) == 1 {
		w := batch[0]
		w.written, w.err, w.panic = s.commitCatching(w.ctx, w.fn)
		return
	}
	q.commits.Add(1)
	q.saves.Add(int64(len(batch)))
	s.commitBatch(batch)
}

// commitCatching is commit, with a panic of fn returned rather than raised
// on the leader's goroutine (commit has rolled back by then).
func (s *Store) commitCatching(ctx context.Context, fn func(*txn) error) (written []Written, err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			written, err, panicked = nil, nil, caught(p)
		}
	}()
	written, err = s.commit(ctx, fn)
	return written, err, nil
}

// commitBatch runs the batch's writes in one transaction, each in its own
// savepoint, and commits them together.
func (s *Store) commitBatch(batch []*queuedWrite) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	defer s.held(time.Now())
	end := context.Background() // BEGIN, SAVEPOINT, COMMIT run whatever becomes of each request
	t := &txn{s: s}
	fail := func(err error) {
		for _, w := range batch {
			if w.err == nil && w.panic == nil {
				w.written, w.err = nil, err
			}
		}
	}
	if _, err := t.ExecContext(end, "BEGIN IMMEDIATE"); err != nil {
		fail(fmt.Errorf("store: begin: %w", err))
		return
	}
	committed := false
	defer func() {
		if !committed {
			t.ExecContext(end, "ROLLBACK")
		}
	}()
	for _, w := range batch {
		if err := w.ctx.Err(); err != nil {
			w.err = fmt.Errorf("store: begin: %w", err)
			continue
		}
		if _, err := t.ExecContext(end, "SAVEPOINT save"); err != nil {
			fail(fmt.Errorf("store: savepoint: %w", err))
			return
		}
		w.written, w.err, w.panic = runSaved(w.ctx, &txn{s: s, detached: true}, w.fn)
		if w.err != nil || w.panic != nil {
			w.written = nil
			// A failure SQLite answered by rolling back the whole
			// transaction leaves no savepoint to return to: the batch fails.
			if _, err := t.ExecContext(end, "ROLLBACK TO save"); err != nil {
				fail(fmt.Errorf("store: rollback to savepoint: %w", err))
				return
			}
		}
		if _, err := t.ExecContext(end, "RELEASE save"); err != nil {
			fail(fmt.Errorf("store: release savepoint: %w", err))
			return
		}
	}
	if _, err := t.ExecContext(end, "COMMIT"); err != nil {
		fail(fmt.Errorf("store: commit: %w", err))
		return
	}
	committed = true
}

// runSaved runs one write of a batch: fn, then what it wrote. Its
// statements run detached from the request (t.detached), so a phone that
// goes away cannot interrupt SQLite mid-statement, which would roll back the
// whole batch; a request cancelled by the end of fn is rolled back to its
// savepoint instead, as Store.commit would roll it back.
func runSaved(ctx context.Context, t *txn, fn func(*txn) error) (written []Written, err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			written, err, panicked = nil, nil, caught(p)
		}
	}()
	if err := fn(t); err != nil {
		return nil, err, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("store: commit: %w", err), nil
	}
	written, err = t.written(ctx)
	return written, err, nil
}

// savePanic is what a save raises when its write panicked while the store
// held the panic for it (commitQueued raises it again on the save's own
// goroutine): the value, and the stack where it was first raised, which the
// second raise would otherwise lose (a log of the recovery shows only
// commitQueued).
type savePanic struct {
	value any
	stack []byte
}

func (p *savePanic) Error() string {
	return fmt.Sprintf("%v [raised in a queued save, at:]\n%s", p.value, p.stack)
}

// Unwrap is the value when it is an error.
func (p *savePanic) Unwrap() error {
	err, _ := p.value.(error)
	return err
}

// caught is a recovered panic with its stack, taken in the deferred call
// that recovered it (the panicking frames are still on the stack there).
func caught(p any) *savePanic {
	if sp, ok := p.(*savePanic); ok {
		return sp
	}
	return &savePanic{value: p, stack: debug.Stack()}
}
