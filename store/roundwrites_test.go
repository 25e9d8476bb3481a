package store

import (
	"context"
	"encoding/json"
	"fmt"
)

// The tests write rounds as the server does, through ChangeRound, with a
// plan that writes what the test says.

// raw is a round's entry as stored: text as it is, anything else as JSON.
func raw(v any) json.RawMessage {
	if s, ok := v.(string); ok {
		return json.RawMessage(s)
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("test entry %v: %v", v, err))
	}
	return b
}

// groupOf is the group that holds match id.
func (s *Store) groupOf(id int64) Group {
	var g Group
	s.testQueryRow(`SELECT g.id, g.slug FROM matches m JOIN groups g ON g.id = m.group_id WHERE m.id = $1`, id).Scan(&g.ID, &g.Slug)
	return g
}

// addRound saves w as a new round of match id (with the form's submit key,
// if given).
func (s *Store) addRound(ctx context.Context, id int64, w RoundWrite, key ...string) (Round, []Round, error) {
	w.Kind = WriteAdd
	k := ""
	if len(key) > 0 {
		k = key[0]
	}
	_, r, rounds, err := s.ChangeRound(ctx, s.groupOf(id), id, k, func(Match, []Round) RoundWrite { return w })
	return r, rounds, err
}

// editRound corrects round of match id, drawn at version.
func (s *Store) editRound(ctx context.Context, id, round int64, version int, w RoundWrite) (Round, error) {
	w.Kind, w.Round, w.Version = WriteEdit, round, version
	_, r, _, err := s.ChangeRound(ctx, s.groupOf(id), id, "", func(Match, []Round) RoundWrite { return w })
	return r, err
}

// undoRound undoes round, the last of match id.
func (s *Store) undoRound(ctx context.Context, id, round int64, author string) error {
	w := RoundWrite{Kind: WriteUndo, Round: round, Author: author}
	_, _, _, err := s.ChangeRound(ctx, s.groupOf(id), id, "", func(Match, []Round) RoundWrite { return w })
	return err
}
