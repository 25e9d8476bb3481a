-- +goose Up
-- A referee ruling kept with the match it settled: the referee form as posted
-- (so it can be reopened exactly), whether the move was legal, the verdict in
-- the words the page used, and the rules cited.
CREATE TABLE rulings (
    id        INTEGER PRIMARY KEY,
    match_id  INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    form      TEXT    NOT NULL,
    legal     INTEGER NOT NULL,
    summary   TEXT    NOT NULL,
    rules     TEXT    NOT NULL,   -- JSON array of "id — sheet words"
    author    TEXT    NOT NULL,
    at        TEXT    NOT NULL
);
CREATE INDEX rulings_match ON rulings(match_id, id);

-- +goose Down
DROP TABLE rulings;
