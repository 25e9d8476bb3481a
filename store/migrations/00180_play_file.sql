-- +goose Up
-- What a BG Stats Play file carries that BG Stats needs back (issue 38):
--   players.bgstats_uuid    the uuid of the BG Stats player the group's
--                           player came in as (BG Stats matches players by
--                           uuid first); NULL: one of ours, given a stable one
--   groups.bgstats_me       the uuid of the file's own player (its
--                           userInfo.meRefId), NULL when none came in
--   bgstats_games.uuid      the uuid of the file's game
--   matches.location_uuid   the uuid of the play's location
--   matches.board           the play's variant or board, as BG Stats names it
--   matches.expansions      the expansions played: a JSON list of
--                           {"uuid", "name", "bggId"}
--   match_players.new_player 1 when the player played the game for the first time
--   match_players.role      the seat's role; match_players.team its team
ALTER TABLE players ADD COLUMN bgstats_uuid TEXT;
ALTER TABLE groups ADD COLUMN bgstats_me TEXT;
ALTER TABLE bgstats_games ADD COLUMN uuid TEXT;
ALTER TABLE matches ADD COLUMN location_uuid TEXT;
ALTER TABLE matches ADD COLUMN board TEXT;
ALTER TABLE matches ADD COLUMN expansions TEXT;
ALTER TABLE match_players ADD COLUMN new_player INTEGER;
ALTER TABLE match_players ADD COLUMN role TEXT;
ALTER TABLE match_players ADD COLUMN team TEXT;

-- +goose Down
ALTER TABLE match_players DROP COLUMN team;
ALTER TABLE match_players DROP COLUMN role;
ALTER TABLE match_players DROP COLUMN new_player;
ALTER TABLE matches DROP COLUMN expansions;
ALTER TABLE matches DROP COLUMN board;
ALTER TABLE matches DROP COLUMN location_uuid;
ALTER TABLE bgstats_games DROP COLUMN uuid;
ALTER TABLE groups DROP COLUMN bgstats_me;
ALTER TABLE players DROP COLUMN bgstats_uuid;
