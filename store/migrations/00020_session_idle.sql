-- +goose Up
-- A session ends after a stated idle time (SessionIdle) instead of lasting
-- for ever: seen_at is when the browser last used it, refreshed at most once
-- a day. Existing sessions count from the upgrade, so that no one who used
-- the app yesterday is signed out by it.
ALTER TABLE sessions ADD COLUMN seen_at TEXT NOT NULL DEFAULT '';
UPDATE sessions SET seen_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');
CREATE INDEX sessions_seen ON sessions(seen_at);

-- +goose Down
DROP INDEX sessions_seen;
ALTER TABLE sessions DROP COLUMN seen_at;
