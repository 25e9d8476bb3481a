-- +goose Up
-- See ../migrations/00080_totals_unnumbered.sql: a total changes only with
-- a round's points or its undo, which matches_changed_round numbers already.
DROP TRIGGER matches_changed_total ON match_players;

-- +goose Down
CREATE TRIGGER matches_changed_total AFTER UPDATE OF total ON match_players
    FOR EACH ROW WHEN (OLD.total IS DISTINCT FROM NEW.total)
    EXECUTE FUNCTION matches_changed_child();
