-- +goose Up
-- A season is a named range of days over which the group compares itself.
-- starts_on and ends_on are calendar dates (YYYY-MM-DD), both included.
CREATE TABLE seasons (
    id          INTEGER PRIMARY KEY,
    group_id    INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    name        TEXT    NOT NULL,
    starts_on   TEXT    NOT NULL,
    ends_on     TEXT    NOT NULL CHECK (ends_on >= starts_on),
    created_at  TEXT    NOT NULL
);
CREATE INDEX seasons_group ON seasons(group_id, starts_on);

-- The standings read every finished match of a group at once.
CREATE INDEX matches_group_finished ON matches(group_id, finished_at) WHERE deleted_at IS NULL AND finished_at IS NOT NULL;

-- +goose Down
DROP INDEX matches_group_finished;
DROP TABLE seasons;
