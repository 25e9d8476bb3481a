-- +goose Up
-- SQLite gains the index PostgreSQL's first migration made (memberships by
-- group): nothing to do here but keep the two folders' versions in step.
CREATE INDEX IF NOT EXISTS memberships_group ON memberships(group_id);

-- +goose Down
-- The index is the first migration's: it stays.
SELECT 1;
