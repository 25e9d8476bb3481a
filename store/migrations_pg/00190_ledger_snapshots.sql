-- +goose Up
-- See ../migrations/00190_ledger_snapshots.sql.
CREATE TABLE ledger_snapshots (
    group_id  BIGINT  PRIMARY KEY REFERENCES groups(id) ON DELETE CASCADE,
    seq       BIGINT  NOT NULL,
    kind      TEXT    NOT NULL,
    data      BYTEA   NOT NULL
);

-- +goose Down
DROP TABLE ledger_snapshots;
