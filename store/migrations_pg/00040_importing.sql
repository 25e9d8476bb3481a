-- +goose Up
-- importing is 1 while an import writes the group in short transactions
-- (see store.ImportFrom): no page sees such a group, nobody can join it,
-- and it is removed if the import fails, or at start-up if the server
-- stopped midway (RemoveUnfinishedImports). The last transaction of the
-- import sets it to 0, with the importer's membership.
ALTER TABLE groups ADD COLUMN importing BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE groups DROP COLUMN importing;
