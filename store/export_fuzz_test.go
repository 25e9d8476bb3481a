package store

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// FuzzReadExport feeds arbitrary files to the import's reader: none may
// panic; each is either read whole or refused with an *ImportError (an
// ErrInvalid, which the pages say in a sentence); what it reads is within
// the import's limits and reads again the same once written out; and the
// cost scan of any value stays within the bound it was given. The seed
// corpus runs with go test ./...
func FuzzReadExport(f *testing.F) {
	good, err := os.ReadFile("testdata/export-v1.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	var zipped bytes.Buffer
	z := gzip.NewWriter(&zipped)
	z.Write(good)
	z.Close()
	f.Add(zipped.Bytes())
	f.Add(append([]byte("\xef\xbb\xbf"), good...))
	f.Add(good[:len(good)/2])
	f.Add([]byte(strings.Replace(string(good), `"entry": {`, `"entry": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]], "x": {`, 1)))
	f.Add([]byte(strings.Replace(string(good), `"rules": {`, `"rules": {"a":1,"b":2,"c":3,`, 1)))
	f.Add([]byte(`{"format":"tablekeeper.group","version":1,"matches":[{},{}]}`))
	f.Add([]byte(`{"a":"\u00e9\"","b":[1e400,-0,true,null,{}]}`))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if cost, err := scanCost(b, 1<<16); err == nil && cost > 1<<16 {
			t.Fatalf("scanCost accepted a cost of %d past its limit", cost)
		} else if err != nil {
			var ie *ImportError
			if !errors.As(err, &ie) {
				t.Fatalf("scanCost: %v is not an ImportError", err)
			}
		}
		e, err := ReadExport(b)
		if err != nil {
			var ie *ImportError
			if !errors.As(err, &ie) || !errors.Is(err, ErrInvalid) || ie.Part == "" {
				t.Fatalf("ReadExport refused with %#v, want an ImportError naming its part", err)
			}
			return
		}
		if err := e.Check(); err != nil {
			t.Fatalf("ReadExport took a file Check refuses: %v", err)
		}
		out, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("an export read cannot be written: %v", err)
		}
		again, err := ReadExport(out)
		if err != nil {
			t.Fatalf("an export read, written out, is refused: %v\n%s", err, out)
		}
		if out2, _ := json.Marshal(again); !bytes.Equal(out, out2) {
			t.Fatalf("an export read twice differs:\n%s\n%s", out, out2)
		}
	})
}

// BenchmarkScanCost is the import's cost scan over one match as an export
// writes it (the scan runs once per match of a file).
func BenchmarkScanCost(b *testing.B) {
	file, err := os.ReadFile("testdata/export-v1.json")
	if err != nil {
		b.Fatal(err)
	}
	e, err := ReadExport(file)
	if err != nil {
		b.Fatal(err)
	}
	match, _ := json.Marshal(e.Matches[0])
	b.SetBytes(int64(len(match)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := scanCost(match, MaxImportCost(len(match))); err != nil {
			b.Fatal(err)
		}
	}
}
