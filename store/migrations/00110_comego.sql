-- +goose Up
-- People come and go (issue 30). A player who leaves a match in progress is
-- recorded here, never overwritten: who (the seat), after which round (his
-- last round played), when and by whom; taking it back stamps undone_at and
-- keeps the row. At most one live departure per seat.
CREATE TABLE departures (
    id           INTEGER PRIMARY KEY,
    match_id     INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    after_round  INTEGER NOT NULL,
    author       TEXT    NOT NULL,
    at           TEXT    NOT NULL,
    undone_at    TEXT
);
CREATE UNIQUE INDEX departures_live ON departures(match_id, seat) WHERE undone_at IS NULL;

-- A match ended before its game's end: ranked by the totals so far, it sets
-- no records. NULL for a match that ran its course (or is still played).
ALTER TABLE matches ADD COLUMN ended_early_at TEXT;

-- A guest is seated in one match without being on the group's roster: he
-- is a player row (the seats need one) kept out of the roster and the
-- standings until the admin adds him to the group (guest back to 0).
ALTER TABLE players ADD COLUMN guest INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE players DROP COLUMN guest;
ALTER TABLE matches DROP COLUMN ended_early_at;
DROP TABLE departures;
