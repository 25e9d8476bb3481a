-- +goose Up
-- bgstats_play is the uuid of the BG Stats play a match was imported from
-- (NULL for a match recorded here): importing the same BG Stats file into
-- the group again adds only the plays it does not hold yet, and the BG
-- Stats export writes the play's own uuid back. One match per play and group.
ALTER TABLE matches ADD COLUMN bgstats_play TEXT;
CREATE UNIQUE INDEX matches_bgstats_play ON matches(group_id, bgstats_play) WHERE bgstats_play IS NOT NULL;

-- +goose Down
DROP INDEX matches_bgstats_play;
ALTER TABLE matches DROP COLUMN bgstats_play;
