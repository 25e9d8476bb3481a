-- +goose Up
-- A session ends after a stated idle time (SessionIdle) instead of lasting
-- for ever: seen_at is when the browser last used it, refreshed at most once
-- a day. Existing sessions count from their creation.
ALTER TABLE sessions ADD COLUMN seen_at TEXT NOT NULL DEFAULT '';
UPDATE sessions SET seen_at = created_at;
CREATE INDEX sessions_seen ON sessions(seen_at);

-- +goose Down
DROP INDEX sessions_seen;
ALTER TABLE sessions DROP COLUMN seen_at;
