package store

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
)

// A complete file read as a stream, compressed and with a byte-order mark,
// imports to a group whose export is the same file apart from its time:
// rulings and the group's creation time included.
func TestImportFromStreamKeepsEverything(t *testing.T) {
	ctx := context.Background()
	f := exportFixture(t)
	e, err := f.s.ExportGroup(ctx, f.g.Group.ID)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(e)
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(append([]byte("\xef\xbb\xbf"), b...))
	w.Close()
	created, err := f.s.ImportFrom(ctx, &z, nil, "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	again, _ := f.s.ExportGroup(ctx, created.Group.ID)
	if again.Group.CreatedAt != e.Group.CreatedAt || len(again.Matches[0].Rulings) != 2 {
		t.Errorf("group created %s (want %s), rulings %+v", again.Group.CreatedAt, e.Group.CreatedAt, again.Matches[0].Rulings)
	}
	if got, want := normalize(again), normalize(e); !reflect.DeepEqual(got, want) {
		gb, _ := json.MarshalIndent(got, "", " ")
		wb, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("re-export differs from the export:\n got %s\nwant %s", gb, wb)
	}
	rulings, _ := f.s.Rulings(ctx, again.Matches[0].ID)
	if len(rulings) != 2 || rulings[0].Summary != "Jokers are wild" || !rulings[0].Legal || rulings[1].Rules != nil {
		t.Errorf("imported rulings %+v", rulings)
	}
}

// A file written by version 1 (before rulings and the kept creation time)
// still imports whole.
func TestImportVersion1File(t *testing.T) {
	b, err := os.ReadFile("testdata/export-v1.json")
	if err != nil {
		t.Fatal(err)
	}
	s := newTestStore(t)
	ctx := context.Background()
	created, err := s.ImportFrom(ctx, bytes.NewReader(b), nil, "Zoé", "")
	if err != nil {
		t.Fatal(err)
	}
	var v1 Export
	json.Unmarshal(b, &v1)
	e, _ := s.ExportGroup(ctx, created.Group.ID)
	if e.Version != ExportVersion || v1.Version != 1 {
		t.Errorf("versions %d, %d", e.Version, v1.Version)
	}
	v1.Version = ExportVersion
	if got, want := normalize(e), normalize(v1); !reflect.DeepEqual(got, want) {
		gb, _ := json.MarshalIndent(got, "", " ")
		t.Errorf("version 1 file imported as\n%s", gb)
	}
}

// Errors say which match and which field, whatever the damage.
func TestImportErrorsNameMatchAndField(t *testing.T) {
	ctx := context.Background()
	f := exportFixture(t)
	e, _ := f.s.ExportGroup(ctx, f.g.Group.ID)
	good, _ := json.Marshal(e)
	first := bytes.Index(good, []byte(`"matches":[`)) + len(`"matches":[`)
	second := first + bytes.Index(good[first:], []byte(`,{"id":`)) // where the second match starts
	tests := []struct {
		name  string
		file  string
		part  string
		match int
		field string
		item  int
	}{
		{"cut in the second match", string(good[:second+40]), "truncated", 2, "", 0},
		{"cut before the matches", string(good[:bytes.Index(good, []byte(`"matches"`))]), "truncated", 0, "", 0},
		{"a number as text", strings.Replace(string(good), `"total":0`, `"total":"0"`, 1), "json", 2, "seats.total", 0},
		{"an unknown field in a match", strings.Replace(string(good), `"game":"taki"`, `"game":"taki","colour":"red"`, 1), "unknown", 2, "colour", 0},
		{"a total that does not add up", strings.Replace(string(good), `"total":0`, `"total":9`, 1), "matches", 2, "total", 2},
		{"not JSON inside a match", string(good[:second+1]) + "x" + string(good[second+1:]), "syntax", 2, "", 0},
		{"a match before the roster", `{"format":"tablekeeper.group","version":2,"matches":[` + string(good[first:]), "order", 0, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ReadExport([]byte(tt.file))
			var ie *ImportError
			if !errors.As(err, &ie) || ie.Part != tt.part || ie.Match != tt.match || ie.Field != tt.field || ie.Item != tt.item {
				t.Fatalf("err = %v (%+v), want part %q, match %d, field %q, item %d", err, ie, tt.part, tt.match, tt.field, tt.item)
			}
		})
	}
}
