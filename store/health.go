package store

import (
	"context"
	"database/sql"
	"time"
)

// HealthTimeout bounds the health check's query.
const HealthTimeout = 2 * time.Second

// Healthy reports whether the database answers a read now: one small query
// of a table (a pool connection, the database file or server), within
// HealthTimeout at most (and ctx). An error is ErrUnavailable, or what the
// database said.
func (s *Store) Healthy(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, HealthTimeout)
	defer cancel()
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM groups LIMIT 1) AS one`).Scan(&n)
	return Unavailable(ctx, err)
}

// DBStats are the database pool's figures: connections open, waits for a
// free one (the metrics read them).
func (s *Store) DBStats() sql.DBStats { return s.db.Stats() }
