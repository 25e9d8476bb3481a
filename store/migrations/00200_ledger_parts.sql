-- +goose Up
-- The parts of a group's kept ledger that a first page need not read
-- (issue 40): ledger_snapshots.data holds its head (what every page reads),
-- each part here one thing read only when asked for (a run's folded state,
-- the matches), named by the head, at the head's seq. Replaced with the
-- head, in one transaction. A cache, not copied (CopyAll).
CREATE TABLE ledger_parts (
    group_id  INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    part      TEXT    NOT NULL,
    seq       INTEGER NOT NULL,
    data      BLOB    NOT NULL,
    PRIMARY KEY (group_id, part)
);

-- +goose Down
DROP TABLE ledger_parts;
