-- +goose Up
-- A group's members are read by group (its members page, a removal, the
-- streams of a removed member): PostgreSQL's first migration had this
-- index and SQLite's did not (found by TestBothDatabasesMigrateToOneSchema).
CREATE INDEX IF NOT EXISTS memberships_group ON memberships(group_id);

-- +goose Down
DROP INDEX IF EXISTS memberships_group;
