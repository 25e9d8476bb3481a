-- +goose Up
-- A group's standings ledger kept across restarts (issue 40): its finished
-- matches as the standings read them, in the ledger's own binary form
-- (standings.Ledger.AppendMatches), up to date with the group's change
-- number seq (matches.changed_seq, migration 00030). A server starting
-- reads it and then only the matches changed after seq, instead of the
-- whole history. kind names what the matches were derived with (the form,
-- the games, the options): a snapshot of another kind is not read. A
-- cache: rebuilt from the matches when missing, not copied (CopyAll).
CREATE TABLE ledger_snapshots (
    group_id  INTEGER PRIMARY KEY REFERENCES groups(id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    data      BLOB    NOT NULL
);

-- +goose Down
DROP TABLE ledger_snapshots;
