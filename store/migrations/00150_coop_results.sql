-- +goose Up
-- Co-operative games and results that are not places (issue 38):
--   group_games.coop  1 for a co-operative game: its players win or lose
--                     together (BG Stats's "cooperative", or the admin's
--                     choice when adding the game).
--   matches.result    how a match ended when its places do not say it:
--                     'won' / 'lost' (won or lost together: a co-operative
--                     play, or a solo play), 'nobody' (nobody won, chosen
--                     by hand), 'none' (played, no result recorded); NULL:
--                     the places (or the totals) say who won.
ALTER TABLE group_games ADD COLUMN coop INTEGER NOT NULL DEFAULT 0 CHECK (coop IN (0, 1));
ALTER TABLE matches ADD COLUMN result TEXT CHECK (result IN ('won', 'lost', 'nobody', 'none'));

-- +goose Down
ALTER TABLE matches DROP COLUMN result;
ALTER TABLE group_games DROP COLUMN coop;
