-- +goose Up
-- A member is one of the group's players (issue 16): player_id links the
-- membership to the player it plays as, and the member's name is that
-- player's name (display is kept only for members not linked yet). A
-- player is claimed by at most one member of the group.
ALTER TABLE memberships ADD COLUMN player_id INTEGER REFERENCES players(id) ON DELETE SET NULL;

-- Existing members are linked to the player of the same name (ignoring
-- surrounding spaces and ASCII case: SQLite's lower() folds ASCII only), the
-- earliest joiner first when two members share a name; the others stay
-- unlinked and pick their player later on the players page. Players whose
-- names differ only by case are left as they are: only new names are refused.
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
