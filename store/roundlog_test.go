package store

import (
	"context"
	"fmt"
	"testing"
)

// RoundChanges tells a phone's cursor what happened after it: saves,
// corrections and undos in order, by whom, with the round's number, and
// the newest revision as the next cursor (on SQLite and PostgreSQL).
func TestRoundChanges(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	none, last, err := f.s.RoundChanges(ctx, f.match, 0, 10)
	if err != nil || len(none) != 0 || last != 0 {
		t.Fatalf("no rounds yet: %v, %d, %v", none, last, err)
	}
	r1, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 1, Entry: raw("{}"), Points: []int{0, 1, 2}, Author: "Ana"}, "1.a")
	if err != nil {
		t.Fatal(err)
	}
	_, cursor, _ := f.s.RoundChanges(ctx, f.match, 0, 10)
	if _, err := f.s.editRound(ctx, f.match, r1.ID, 1, RoundWrite{Entry: raw("{}"), Points: []int{0, 5, 2}, Author: "Ben"}); err != nil {
		t.Fatal(err)
	}
	r2, _, err := f.s.addRound(ctx, f.match, RoundWrite{Number: 2, Entry: raw("{}"), Points: []int{3, 0, 2}, Author: "Ben"}, "2.b")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.undoRound(ctx, f.match, r2.ID, "Chloé"); err != nil {
		t.Fatal(err)
	}
	got, next, err := f.s.RoundChanges(ctx, f.match, cursor, 10)
	if err != nil {
		t.Fatal(err)
	}
	var s string
	for _, c := range got {
		s += fmt.Sprintf("%s %s %d; ", c.Author, c.Kind, c.Number)
	}
	if s != "Ben edited 1; Ben created 2; Chloé undone 2; " || next != got[len(got)-1].ID || next <= cursor {
		t.Errorf("after the cursor: %q, next %d (cursor %d)", s, next, cursor)
	}
	if more, again, _ := f.s.RoundChanges(ctx, f.match, next, 10); len(more) != 0 || again != next {
		t.Errorf("from the newest: %v, %d", more, again)
	}
	if two, _, _ := f.s.RoundChanges(ctx, f.match, 0, 2); len(two) != 2 {
		t.Errorf("limit 2 kept %d", len(two))
	}
}
