package store

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// A ruling kept as data (request, rule ids, the sentence by language) reads
// back whole, goes through an export (version 3 and later) and an import unchanged;
// a version 2 file, whose rulings have only their summary, still imports.
func TestRulingsAsData(t *testing.T) {
	ctx := context.Background()
	f := exportFixture(t)
	data := Ruling{MatchID: f.match, Form: "row_1=23&play_1=50", Legal: false, Summary: "50 goes on the row ending 49.",
		Rules: []string{"take5.forced-row — «…»"}, Author: "Ana",
		Request: json.RawMessage(`{"rows":[{"cards":[23]}],"cards":[50]}`), RuleIDs: []string{"take5.forced-row"},
		Said: map[string]string{"en": "50 goes on the row ending 49.", "fr": "Le 50 va sur la rangée finissant par 49."}}
	if _, err := f.s.AddRuling(ctx, data); err != nil {
		t.Fatal(err)
	}
	rs, err := f.s.Rulings(ctx, f.match)
	if err != nil || len(rs) != 3 {
		t.Fatalf("rulings %v %v", rs, err)
	}
	got := rs[2]
	if string(got.Request) != string(data.Request) || !reflect.DeepEqual(got.RuleIDs, data.RuleIDs) || !reflect.DeepEqual(got.Said, data.Said) {
		t.Errorf("ruling read back as %+v", got)
	}
	if rs[0].Request != nil || rs[0].RuleIDs != nil || rs[0].Said != nil {
		t.Errorf("a ruling kept with its summary only reads back with data: %+v", rs[0])
	}

	e, _ := f.s.ExportGroup(ctx, f.g.Group.ID)
	if e.Version < 3 {
		t.Errorf("export version %d, want 3 or later (rulings as data)", e.Version)
	}
	b, _ := json.Marshal(e)
	created, err := f.s.ImportFrom(ctx, bytes.NewReader(b), nil, "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	again, _ := f.s.ExportGroup(ctx, created.Group.ID)
	if u := again.Matches[0].Rulings[2]; string(u.Request) != string(data.Request) || !reflect.DeepEqual(u.Said, data.Said) || !reflect.DeepEqual(u.RuleIDs, data.RuleIDs) {
		t.Errorf("ruling after export and import: %+v", u)
	}

	// Version 2: the same file without the new fields.
	e.Version = 2
	for i := range e.Matches {
		for k := range e.Matches[i].Rulings {
			u := &e.Matches[i].Rulings[k]
			u.Request, u.RuleIDs, u.Said = nil, nil, nil
		}
	}
	b, _ = json.Marshal(e)
	if strings.Contains(string(b), `"said"`) {
		t.Fatal("the version 2 file still has the new fields")
	}
	v2, err := f.s.ImportFrom(ctx, bytes.NewReader(b), nil, "Zoé", "")
	if err != nil {
		t.Fatalf("a version 2 file no longer imports: %v", err)
	}
	ms, _ := f.s.Matches(ctx, v2.Group.ID, 5)
	var n int
	for _, m := range ms {
		rs, _ := f.s.Rulings(ctx, m.ID)
		for _, r := range rs {
			n++
			if r.Summary == "" || r.Said != nil {
				t.Errorf("version 2 ruling imported as %+v", r)
			}
		}
	}
	if n != 3 {
		t.Errorf("%d rulings imported from the version 2 file, want 3", n)
	}
}
