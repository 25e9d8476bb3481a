-- +goose Up
-- See ../migrations/00200_ledger_parts.sql.
CREATE TABLE ledger_parts (
    group_id  BIGINT  NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    part      TEXT    NOT NULL,
    seq       BIGINT  NOT NULL,
    data      BYTEA   NOT NULL,
    PRIMARY KEY (group_id, part)
);

-- +goose Down
DROP TABLE ledger_parts;
