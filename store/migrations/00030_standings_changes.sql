-- +goose Up
-- changed_seq orders the changes to a group's played matches: every change
-- that can move the standings (a match finished or no longer finished,
-- deleted, a total or a round's points changed in a finished match, a
-- match imported) gives the match the group's next number, in the same
-- transaction, by the triggers below. A reader that kept the standings up
-- to number n asks for the matches above n (ChangedMatches) instead of
-- reading the whole history again. Existing rows start numbered by id.
ALTER TABLE matches ADD COLUMN changed_seq INTEGER NOT NULL DEFAULT 0;
UPDATE matches SET changed_seq = id;
CREATE INDEX matches_changed ON matches(group_id, changed_seq);

-- +goose StatementBegin
CREATE TRIGGER matches_changed_insert AFTER INSERT ON matches
BEGIN
    UPDATE matches SET changed_seq = (SELECT COALESCE(MAX(changed_seq), 0) + 1 FROM matches WHERE group_id = NEW.group_id)
    WHERE id = NEW.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER matches_changed_state AFTER UPDATE OF finished_at, deleted_at ON matches
WHEN (OLD.finished_at IS NOT NEW.finished_at) OR (OLD.deleted_at IS NOT NEW.deleted_at)
BEGIN
    UPDATE matches SET changed_seq = (SELECT COALESCE(MAX(changed_seq), 0) + 1 FROM matches WHERE group_id = NEW.group_id)
    WHERE id = NEW.id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER matches_changed_total AFTER UPDATE OF total ON match_players
WHEN OLD.total IS NOT NEW.total AND (SELECT finished_at FROM matches WHERE id = NEW.match_id) IS NOT NULL
BEGIN
    UPDATE matches SET changed_seq = (SELECT COALESCE(MAX(m2.changed_seq), 0) + 1 FROM matches m2
        WHERE m2.group_id = (SELECT group_id FROM matches WHERE id = NEW.match_id))
    WHERE id = NEW.match_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER matches_changed_round AFTER UPDATE OF points, undone_at ON rounds
WHEN (OLD.points IS NOT NEW.points OR OLD.undone_at IS NOT NEW.undone_at)
    AND (SELECT finished_at FROM matches WHERE id = NEW.match_id) IS NOT NULL
BEGIN
    UPDATE matches SET changed_seq = (SELECT COALESCE(MAX(m2.changed_seq), 0) + 1 FROM matches m2
        WHERE m2.group_id = (SELECT group_id FROM matches WHERE id = NEW.match_id))
    WHERE id = NEW.match_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER matches_changed_round;
DROP TRIGGER matches_changed_total;
DROP TRIGGER matches_changed_state;
DROP TRIGGER matches_changed_insert;
DROP INDEX matches_changed;
ALTER TABLE matches DROP COLUMN changed_seq;
