-- +goose Up
-- See ../migrations/00070_member_players.sql.
ALTER TABLE memberships ADD COLUMN player_id BIGINT REFERENCES players(id) ON DELETE SET NULL;

UPDATE memberships SET player_id = (
    SELECT p.id FROM players p
    WHERE p.group_id = memberships.group_id AND lower(trim(p.name)) = lower(trim(memberships.display))
    ORDER BY p.archived_at IS NOT NULL, p.id LIMIT 1);
UPDATE memberships SET player_id = NULL
WHERE player_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM memberships o
    WHERE o.group_id = memberships.group_id AND o.player_id = memberships.player_id
      AND (o.joined_at < memberships.joined_at OR (o.joined_at = memberships.joined_at AND o.session_id < memberships.session_id)));
CREATE UNIQUE INDEX memberships_player ON memberships(group_id, player_id) WHERE player_id IS NOT NULL;

-- +goose Down
DROP INDEX memberships_player;
ALTER TABLE memberships DROP COLUMN player_id;
