-- +goose Up
-- What a BG Stats play tells of a match beyond its scores (issue 31), kept
-- so that the group's BG Stats file gives it back:
--   places        the seats' places, space-separated in seat order ("1 2 2"),
--                 when they are not the totals' order: a winner picked by hand
--                 (a tie-break), a play with a winner or ranks and no scores;
--                 NULL: the places follow the totals, as the game orders them.
--   location      where it was played; duration_min how long it lasted;
--   comments      the play's comments; start_seat the seat (0-based) who
--                 started; played_local the play's date as BG Stats wrote it,
--                 in the phone's local time (a time in a clock change's gap
--                 or overlap reads back as written);
--   no_scores     1 when the play had no scores (a winner or ranks only): its
--                 totals are zeros, worth no average or record.
ALTER TABLE matches ADD COLUMN places TEXT;
ALTER TABLE matches ADD COLUMN location TEXT;
ALTER TABLE matches ADD COLUMN duration_min INTEGER;
ALTER TABLE matches ADD COLUMN comments TEXT;
ALTER TABLE matches ADD COLUMN start_seat INTEGER;
ALTER TABLE matches ADD COLUMN played_local TEXT;
ALTER TABLE matches ADD COLUMN no_scores INTEGER;

-- bgstats_games remembers, per group, which game a BG Stats game was taken
-- as at the group's last import: game_key is the file's game ("bgg:1472",
-- or "name:" and its name, case and spaces aside), game ours ("fivecrowns"…)
-- or "" for a game not imported.
CREATE TABLE bgstats_games (
    group_id  INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    game_key  TEXT    NOT NULL,
    game      TEXT    NOT NULL,
    PRIMARY KEY (group_id, game_key)
);

-- +goose Down
DROP TABLE bgstats_games;
ALTER TABLE matches DROP COLUMN no_scores;
ALTER TABLE matches DROP COLUMN played_local;
ALTER TABLE matches DROP COLUMN start_seat;
ALTER TABLE matches DROP COLUMN comments;
ALTER TABLE matches DROP COLUMN duration_min;
ALTER TABLE matches DROP COLUMN location;
ALTER TABLE matches DROP COLUMN places;
