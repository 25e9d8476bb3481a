-- +goose Up
-- A group's other games: games the app has no engine for, defined by the
-- group's admin (a name, how the game is won, what ends a match). A match
-- of one names it as game "custom-<num>", num counted within the group, so
-- that a group's export names its games the same in a copy of the group.
CREATE TABLE group_games (
    group_id    INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    num         INTEGER NOT NULL CHECK (num > 0),
    name        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,   -- the name folded to lower case: unique in the group
    bgg_id      INTEGER NOT NULL DEFAULT 0 CHECK (bgg_id >= 0),
    kind        TEXT    NOT NULL CHECK (kind IN ('rounds', 'final', 'winner', 'ranking')),
    low_wins    INTEGER NOT NULL DEFAULT 0 CHECK (low_wins IN (0, 1)),
    target      INTEGER NOT NULL DEFAULT 0 CHECK (target >= 0),
    rounds      INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0),
    created_at  TEXT    NOT NULL,
    PRIMARY KEY (group_id, num),
    UNIQUE (group_id, name_key)
);

-- +goose Down
DROP TABLE group_games;
