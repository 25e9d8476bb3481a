-- +goose Up
-- A ruling kept as data, so that every reader sees it in his own language:
-- the engine request judged (JSON, as the API takes it), the ids of the
-- rules the verdict cites, and the verdict's plain sentence in each language
-- (JSON object, language → sentence). Rulings kept before have only their
-- summary in the keeper's language and the rules as "id — «sheet words»".
ALTER TABLE rulings ADD COLUMN request  TEXT NOT NULL DEFAULT '';
ALTER TABLE rulings ADD COLUMN rule_ids TEXT NOT NULL DEFAULT '[]';
ALTER TABLE rulings ADD COLUMN said     TEXT NOT NULL DEFAULT '{}';

-- +goose Down
ALTER TABLE rulings DROP COLUMN said;
ALTER TABLE rulings DROP COLUMN rule_ids;
ALTER TABLE rulings DROP COLUMN request;
