-- +goose Up
-- A match's totals change only in the transaction that changes one of its
-- rounds' points or undoes one (store.settle sums them from the rounds), and
-- matches_changed_round has numbered that change already when the match is
-- finished. matches_changed_total numbered it again, and ran for every seat
-- of every save (an open match included, to find it open): a third of the
-- totals statement's cost.
DROP TRIGGER matches_changed_total;

-- +goose Down
-- +goose StatementBegin
CREATE TRIGGER matches_changed_total AFTER UPDATE OF total ON match_players
WHEN OLD.total IS NOT NEW.total AND (SELECT finished_at FROM matches WHERE id = NEW.match_id) IS NOT NULL
BEGIN
    UPDATE matches SET changed_seq = (SELECT COALESCE(MAX(m2.changed_seq), 0) + 1 FROM matches m2
        WHERE m2.group_id = (SELECT group_id FROM matches WHERE id = NEW.match_id))
    WHERE id = NEW.match_id;
END;
-- +goose StatementEnd
