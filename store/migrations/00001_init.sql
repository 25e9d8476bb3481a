-- +goose Up
-- A group owns everything: its players, matches, rounds and house rules.
CREATE TABLE groups (
    id              INTEGER PRIMARY KEY,
    slug            TEXT    NOT NULL UNIQUE,  -- random, used in URLs
    name            TEXT    NOT NULL,
    admin_token     TEXT    NOT NULL,         -- sha256 of the admin link token
    invite_token    TEXT    NOT NULL,         -- the current invite token (members see and share it)
    invite_version  INTEGER NOT NULL DEFAULT 1,
    public_token    TEXT,                     -- sha256 of the read-only standings token, NULL when off
    created_at      TEXT    NOT NULL
);

-- A browser that joined groups. The cookie holds a random token; only its hash is kept.
CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY,
    token_hash  TEXT    NOT NULL UNIQUE,
    created_at  TEXT    NOT NULL
);

CREATE TABLE memberships (
    session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    group_id    INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    display     TEXT    NOT NULL,            -- how this phone signs its edits
    is_admin    INTEGER NOT NULL DEFAULT 0,
    joined_at   TEXT    NOT NULL,
    PRIMARY KEY (session_id, group_id)
);

CREATE TABLE players (
    id           INTEGER PRIMARY KEY,
    group_id     INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    name         TEXT    NOT NULL,
    archived_at  TEXT,
    created_at   TEXT    NOT NULL
);
CREATE INDEX players_group ON players(group_id);

-- The house rules a group chose, per game. Missing keys take the game's default.
CREATE TABLE house_rules (
    group_id  INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    game      TEXT    NOT NULL,
    key       TEXT    NOT NULL,
    value     TEXT    NOT NULL,
    PRIMARY KEY (group_id, game, key)
);

-- A match keeps the house rules and options it was started under (JSON snapshots).
CREATE TABLE matches (
    id           INTEGER PRIMARY KEY,
    group_id     INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    game         TEXT    NOT NULL,
    rules        TEXT    NOT NULL,   -- {"key": "value"} in force for this match
    options      TEXT    NOT NULL,   -- game options: start round, limit, first dealer…
    finished_at  TEXT,
    deleted_at   TEXT,
    created_at   TEXT    NOT NULL
);
CREATE INDEX matches_group ON matches(group_id, created_at);

CREATE TABLE match_players (
    match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat       INTEGER NOT NULL,
    player_id  INTEGER NOT NULL REFERENCES players(id),
    total      INTEGER NOT NULL DEFAULT 0,  -- kept equal to the sum of the live rounds, in the same transaction
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_players_player ON match_players(player_id);

-- The current value of each round; every change is also a row of round_revisions.
CREATE TABLE rounds (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    number      INTEGER NOT NULL,            -- 1-based position in the match
    entry       TEXT    NOT NULL,            -- what was entered, JSON (cards, typed points…)
    points      TEXT    NOT NULL,            -- JSON array of points, one per seat
    version     INTEGER NOT NULL DEFAULT 1,  -- bumped on every edit, for conflict detection
    undone_at   TEXT,
    submit_key  TEXT,                        -- random per form; a repeated post is applied once
    created_at  TEXT    NOT NULL
);
-- One live round per position; an undone round keeps its row (and its number) for the record.
CREATE UNIQUE INDEX rounds_live_number ON rounds(match_id, number) WHERE undone_at IS NULL;
CREATE UNIQUE INDEX rounds_submit_key ON rounds(match_id, submit_key);

CREATE TABLE round_revisions (
    id          INTEGER PRIMARY KEY,
    round_id    INTEGER NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('created', 'edited', 'undone')),
    entry       TEXT    NOT NULL,
    points      TEXT    NOT NULL,
    author      TEXT    NOT NULL,
    at          TEXT    NOT NULL
);
CREATE INDEX round_revisions_round ON round_revisions(round_id, id);

-- +goose Down
DROP TABLE round_revisions;
DROP TABLE rounds;
DROP TABLE match_players;
DROP TABLE matches;
DROP TABLE house_rules;
DROP TABLE players;
DROP TABLE memberships;
DROP TABLE sessions;
DROP TABLE groups;
