-- +goose Up
-- See ../migrations/00020_session_idle.sql.
ALTER TABLE sessions ADD COLUMN seen_at TEXT NOT NULL DEFAULT '';
UPDATE sessions SET seen_at = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
CREATE INDEX sessions_seen ON sessions(seen_at);

-- +goose Down
DROP INDEX sessions_seen;
ALTER TABLE sessions DROP COLUMN seen_at;
