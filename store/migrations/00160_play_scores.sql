-- +goose Up
-- scores: a BG Stats play's scores as the play held them (issue 38), when
-- they are not the seats' whole totals: a decimal ("4.5", a race time
-- "5.37"), or a seat without a score in a play where others have one.
-- Space-separated in seat order, "_" for a seat without a score
-- ("4.5 4", "30 _ 25 _"); NULL: the totals are the scores.
ALTER TABLE matches ADD COLUMN scores TEXT;

-- +goose Down
ALTER TABLE matches DROP COLUMN scores;
