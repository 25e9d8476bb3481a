-- +goose Up
-- See ../migrations/00030_standings_changes.sql: the same numbering of the
-- changes to a group's played matches, by triggers in PL/pgSQL. The writes
-- run SERIALIZABLE (store.commitPG), so two writers of one group cannot
-- take the same number.
ALTER TABLE matches ADD COLUMN changed_seq BIGINT NOT NULL DEFAULT 0;
UPDATE matches SET changed_seq = id;
CREATE INDEX matches_changed ON matches(group_id, changed_seq);

-- +goose StatementBegin
CREATE FUNCTION matches_renumber(mid BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    UPDATE matches SET changed_seq = (SELECT COALESCE(MAX(m2.changed_seq), 0) + 1 FROM matches m2
        WHERE m2.group_id = (SELECT group_id FROM matches WHERE id = mid))
    WHERE id = mid;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION matches_changed_match() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM matches_renumber(NEW.id);
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE FUNCTION matches_changed_child() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT finished_at FROM matches WHERE id = NEW.match_id) IS NOT NULL THEN
        PERFORM matches_renumber(NEW.match_id);
    END IF;
    RETURN NULL;
END;
$$;
-- +goose StatementEnd

CREATE TRIGGER matches_changed_insert AFTER INSERT ON matches
    FOR EACH ROW EXECUTE FUNCTION matches_changed_match();
CREATE TRIGGER matches_changed_state AFTER UPDATE OF finished_at, deleted_at ON matches
    FOR EACH ROW WHEN (OLD.finished_at IS DISTINCT FROM NEW.finished_at OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
    EXECUTE FUNCTION matches_changed_match();
CREATE TRIGGER matches_changed_total AFTER UPDATE OF total ON match_players
    FOR EACH ROW WHEN (OLD.total IS DISTINCT FROM NEW.total)
    EXECUTE FUNCTION matches_changed_child();
CREATE TRIGGER matches_changed_round AFTER UPDATE OF points, undone_at ON rounds
    FOR EACH ROW WHEN (OLD.points IS DISTINCT FROM NEW.points OR OLD.undone_at IS DISTINCT FROM NEW.undone_at)
    EXECUTE FUNCTION matches_changed_child();

-- +goose Down
DROP TRIGGER matches_changed_round ON rounds;
DROP TRIGGER matches_changed_total ON match_players;
DROP TRIGGER matches_changed_state ON matches;
DROP TRIGGER matches_changed_insert ON matches;
DROP FUNCTION matches_changed_child();
DROP FUNCTION matches_changed_match();
DROP FUNCTION matches_renumber(BIGINT);
DROP INDEX matches_changed;
ALTER TABLE matches DROP COLUMN changed_seq;
