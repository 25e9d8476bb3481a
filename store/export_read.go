package store

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ReadExport decodes a whole export file held in memory (see ExportReader:
// the same checks, the same errors).
func ReadExport(b []byte) (Export, error) {
	r, err := NewExportReader(bytes.NewReader(b))
	if err != nil {
		return Export{}, err
	}
	e := r.Head
	for {
		m, ok, err := r.Next()
		if err != nil {
			return Export{}, err
		}
		if !ok {
			return e, nil
		}
		e.Matches = append(e.Matches, m)
	}
}

// ExportReader reads an export file as a stream: NewExportReader reads and
// checks what comes before the matches (Head), then Next gives one checked
// match at a time. Nothing but the part being read is held (see
// MaxImportMemory), so a file of any size is read in bounded memory.
//
// The file may be gzip-compressed and may start with a UTF-8 byte-order
// mark. Each part (the roster, the seasons, the house rules, each match)
// is bounded in bytes (MaxImportHead, MaxImportMatch), then scanned like
// the whole file was before (nesting, texts, what decoding would cost: see
// scanCost) before it is decoded. Unknown fields are refused: a file that
// says more than this version understands would be imported incompletely.
// Errors are *ImportError naming the match and the field.
type ExportReader struct {
	Head Export // without its matches

	dec    *json.Decoder
	in     *meter
	check  *matchChecker
	closed bool // the matches' list has been read to its end
}

// NewExportReader reads the file up to its first match.
func NewExportReader(r io.Reader) (*ExportReader, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, &ImportError{Part: "format", Detail: "gzip: " + err.Error()}
		}
		br = bufio.NewReader(z)
	}
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte("\xef\xbb\xbf")) {
		br.Discard(3)
	}
	in := &meter{r: br}
	x := &ExportReader{dec: json.NewDecoder(in), in: in}
	if err := x.readHead(); err != nil {
		return nil, err
	}
	return x, nil
}

// readHead reads the file's keys up to "matches" (or to its end).
func (x *ExportReader) readHead() error {
	if tok, err := x.dec.Token(); err != nil || tok != json.Delim('{') {
		return &ImportError{Part: "format", Detail: fmt.Sprintf("starts with %v, %v", tok, err)}
	}
	e := &x.Head
	e.Players, e.Seasons, e.HouseRules, e.Matches = []ExportPlayer{}, []ExportSeason{}, []ExportRule{}, []ExportMatch{}
	first, seen := true, map[string]bool{}
	for x.dec.More() {
		key, err := x.key()
		if err != nil {
			return err
		}
		if first && key != "format" { // what tablekeeper writes first: anything else is not ours
			return &ImportError{Part: "format", Detail: fmt.Sprintf("first field %q", key)}
		}
		first = false
		if seen[key] {
			return &ImportError{Part: "syntax", Field: key, Detail: "field twice: " + key}
		}
		seen[key] = true
		var into any
		switch key {
		case "format":
			into = &e.Format
		case "version":
			into = &e.Version
		case "exported_at":
			into = &e.ExportedAt
		case "group":
			into = &e.Group
		case "players":
			into = &e.Players
		case "seasons":
			into = &e.Seasons
		case "house_rules":
			into = &e.HouseRules
		case "games":
			into = &e.Games
		case "bgstats_games":
			into = &e.BGStatsGames
		case "matches":
			if !seen["version"] || !seen["group"] || !seen["players"] {
				return &ImportError{Part: "order", Detail: "the matches come before the version, the group or the roster"}
			}
			if err := x.startMatches(); err != nil {
				return err
			}
			return nil
		default:
			return &ImportError{Part: "unknown", Field: key, Detail: "unknown field " + key}
		}
		if err := x.value(into, MaxImportHead, 0); err != nil {
			return err
		}
		switch key {
		case "format":
			if e.Format != ExportFormat {
				return &ImportError{Part: "format", Detail: fmt.Sprintf("format %q", e.Format)}
			}
		case "version":
			if e.Version > ExportVersion {
				return &ImportError{Part: "version", Detail: fmt.Sprintf("version %d", e.Version)}
			}
		}
	}
	if first {
		return &ImportError{Part: "format", Detail: "an empty object"}
	}
	if err := x.end(); err != nil {
		return err
	}
	x.closed = true
	return x.startChecks()
}

func (x *ExportReader) startChecks() error {
	if err := x.Head.checkHead(); err != nil {
		return err
	}
	x.check = newMatchChecker(x.Head.Players)
	return nil
}

// startMatches is reached at the "matches" key: the roster must be known
// by now (tablekeeper writes it first), since the matches refer to it.
func (x *ExportReader) startMatches() error {
	if err := x.startChecks(); err != nil {
		return err
	}
	tok, err := x.dec.Token()
	if err != nil {
		return x.broken(err, 0)
	}
	switch tok {
	case json.Delim('['):
		return nil
	case nil:
		x.closed = true
		return x.end()
	}
	return &ImportError{Part: "json", Field: "matches", Detail: fmt.Sprintf("matches is %v", tok)}
}

// Next reads, decodes and checks the next match; ok is false after the last.
func (x *ExportReader) Next() (m ExportMatch, ok bool, err error) {
	if x.closed {
		return m, false, nil
	}
	n := x.check.n + 1
	if !x.dec.More() {
		if _, err := x.dec.Token(); err != nil { // the list's ']'
			return m, false, x.broken(err, n)
		}
		x.closed = true
		// Whatever follows the matches must be nothing but the object's end:
		// tablekeeper writes them last.
		if x.dec.More() {
			key, _ := x.key()
			return m, false, &ImportError{Part: "unknown", Field: key, Detail: "a field after the matches"}
		}
		return m, false, x.end()
	}
	if err := x.value(&m, MaxImportMatch, n); err != nil {
		return m, false, err
	}
	if err := x.check.check(m); err != nil {
		return m, false, err
	}
	return m, true, nil
}

// key reads an object's key.
func (x *ExportReader) key() (string, error) {
	tok, err := x.dec.Token()
	if err != nil {
		return "", x.broken(err, 0)
	}
	key, _ := tok.(string)
	return key, nil
}

// end reads the file's closing brace and makes sure nothing follows.
func (x *ExportReader) end() error {
	if _, err := x.dec.Token(); err != nil {
		return x.broken(err, 0)
	}
	if _, err := x.dec.Token(); err != io.EOF {
		return &ImportError{Part: "syntax", Detail: fmt.Sprintf("data after the export (%v)", err)}
	}
	return nil
}

// value decodes the next value (at most limit bytes) into v, strictly, after
// scanning it (see scanCost). match is the 1-based match being read, or 0.
func (x *ExportReader) value(v any, limit int64, match int) error {
	x.in.allow(x.dec.InputOffset(), limit)
	var raw json.RawMessage
	if err := x.dec.Decode(&raw); err != nil {
		return x.broken(err, match)
	}
	if _, err := scanCost(raw, MaxImportCost(len(raw))); err != nil {
		var ie *ImportError
		if errors.As(err, &ie) {
			ie.Match = match
		}
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		ie := x.broken(err, match).(*ImportError)
		if m, ok := v.(*ExportMatch); ok {
			ie.At = m.CreatedAt
		}
		return ie
	}
	return nil
}

// broken turns a decoding error into an *ImportError a reader understands.
func (x *ExportReader) broken(err error, match int) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var lim *limitError
	switch {
	case errors.As(err, &lim):
		return &ImportError{Part: lim.part, Match: match, Detail: err.Error()}
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return &ImportError{Part: "truncated", Match: match, Detail: err.Error()}
	case errors.As(err, &syn):
		return &ImportError{Part: "syntax", Match: match, Detail: err.Error()}
	case errors.As(err, &typ):
		return &ImportError{Part: "json", Match: match, Field: typ.Field, Detail: err.Error()}
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return &ImportError{Part: "unknown", Match: match, Field: field, Detail: err.Error()}
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader):
		return &ImportError{Part: "truncated", Match: match, Detail: err.Error()}
	}
	return &ImportError{Part: "syntax", Match: match, Detail: err.Error()}
}

// readChunk is the most the decoder is given by one read: it reads ahead
// of the value it decodes by at most this much.
const readChunk = 32 << 10

// meter is the file as the decoder reads it: at most readChunk bytes a
// read, at most MaxImportBytes in all, and at most the allowed bytes past
// the start of the value being decoded (the decoder buffers a whole value
// before decoding it: this is what bounds that buffer).
type meter struct {
	r     io.Reader
	n     int64 // bytes given to the decoder
	until int64 // n may not pass this
	part  string
}

type limitError struct{ part string }

func (e *limitError) Error() string { return "import: beyond the limit (" + e.part + ")" }

// allow lets the decoder read limit bytes past offset (and a read more).
func (m *meter) allow(offset, limit int64) {
	m.until, m.part = offset+limit+readChunk, "deep"
	if m.until > MaxImportBytes {
		m.until, m.part = MaxImportBytes, "toolarge"
	}
}

func (m *meter) Read(p []byte) (int, error) {
	if m.until == 0 {
		m.allow(0, MaxImportHead)
	}
	if m.n >= m.until {
		return 0, &limitError{m.part}
	}
	p = p[:min(len(p), readChunk, int(m.until-m.n))]
	k, err := m.r.Read(p)
	m.n += int64(k)
	return k, err
}
