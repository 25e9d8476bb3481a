-- +goose Up
-- Each player enters their own line of the next round from their own phone
-- (issue 37). A line is one seat's part of the round form, as posted (its
-- fields, form-encoded), with who sent it (the member's session and name)
-- and the key that sends it once. A pending line (round_id NULL) waits for
-- the others; when the round is saved its lines stay, tied to the round:
-- who sent what is kept with it. One pending line per seat.
CREATE TABLE round_lines (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    number      INTEGER NOT NULL,            -- the round it is for
    seat        INTEGER NOT NULL,            -- the match's seat
    fields      TEXT    NOT NULL,            -- the line's form fields, form-encoded
    sender      INTEGER NOT NULL,            -- the sending member's session
    author      TEXT    NOT NULL,            -- the sending member's name
    version     INTEGER NOT NULL DEFAULT 1,  -- bumped when its sender changes it
    send_key    TEXT    NOT NULL,            -- a repeated send is applied once
    at          TEXT    NOT NULL,
    replaced    INTEGER NOT NULL DEFAULT 0,  -- 1 once its sender sent another (its key still sends once)
    round_id    INTEGER REFERENCES rounds(id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX round_lines_pending ON round_lines(match_id, seat) WHERE round_id IS NULL AND replaced = 0;
CREATE INDEX round_lines_round ON round_lines(round_id);
CREATE UNIQUE INDEX round_lines_key ON round_lines(match_id, send_key);

-- +goose Down
DROP TABLE round_lines;
