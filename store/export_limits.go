package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// ImportError says why an export file was refused, in parts a page can put
// in a sentence. Part is one of
//   - "format" (not a tablekeeper export, or not JSON), "version" (written
//     by a newer version), "toolarge" (beyond MaxImportBytes),
//   - "group", "name", "players", "seasons", "games", "rules": the part before the
//     matches is damaged there,
//   - "truncated" (the file ends too early), "syntax" (not JSON from
//     there on), "json" (a field holds the wrong kind of value: Field is
//     its name), "unknown" (a field this version does not know: Field), "order"
//     (the matches come before the roster): Match says in which match, when
//     in one,
//   - "matches": a match is damaged; Field says what ("id", "time",
//     "seats", "seat", "round", "live", "revision", "total", "ruling"),
//     Round and Item (a seat or a ruling, 1-based) which part of it,
//   - beyond the limits: "deep" (nests too deeply, too long a text or too
//     many values: no tablekeeper writes such a file), "toomany" (more
//     players, matches, seasons or house rules than accepted),
//     "toomany.match" (a match with too many seats, rounds, corrections,
//     rulings or options), "entry" (a round's entry nested too deeply or
//     too long), "points" (points out of bounds).
//
// Match is the match's position in the file, 1-based, when one is to
// blame, and At its start time as the file writes it (when it was read).
type ImportError struct {
	Part   string
	Match  int
	At     string
	Round  int    // the round's number, when one is to blame
	Item   int    // the seat or ruling, 1-based, when one is to blame
	Field  string // see Part
	Detail string // for the log, in English
}

func (e *ImportError) Error() string {
	where := ""
	if e.Match > 0 {
		where += fmt.Sprintf(", match %d", e.Match)
	}
	if e.Round != 0 {
		where += fmt.Sprintf(", round %d", e.Round)
	}
	if e.Field != "" {
		where += ", " + e.Field
	}
	return fmt.Sprintf("store: import: %s%s: %s", e.Part, where, e.Detail)
}

// Unwrap makes an ImportError an ErrInvalid.
func (e *ImportError) Unwrap() error { return ErrInvalid }

// The limits of an import. A real group stays far inside them: a round's
// entry is a few hundred bytes nested four or five deep, a match has at
// most ten seats and a few dozen rounds (a few kilobytes), and ten years
// of weekly game nights are a couple of thousand matches.
//
// The file is read as a stream (see ExportReader): what it holds before its
// matches (at most MaxImportHead bytes) and then one match at a time (at
// most MaxImportMatch bytes each) are decoded, checked and let go, so an
// import's memory does not grow with the file (see MaxImportMemory).
const (
	MaxImportDepth     = 32        // nesting of the whole file, entries included
	MaxEntryDepth      = 16        // nesting of a round's entry
	MaxEntryBytes      = 16 << 10  // a round's entry, as stored
	MaxImportText      = 16 << 10  // bytes of any one string of the file
	MaxImportPlayers   = 1000      // players of the roster
	MaxImportMatches   = 50000     // matches, deleted ones included
	MaxImportSeasons   = 1000      // seasons
	MaxImportGames     = 1000      // the group's other games
	MaxImportRules     = 1000      // house-rule values
	MaxImportSeats     = 20        // seats of a match
	MaxImportRounds    = 2000      // rounds of a match, undone ones included
	MaxImportRevisions = 200       // recorded states of a round
	MaxImportRulings   = 1000      // rulings kept with a match
	MaxImportOptions   = 100       // rules and options of a match, each
	MaxImportPoints    = 1_000_000 // points of a seat in a round, either way
	MaxImportHead      = 4 << 20   // bytes of each part before the matches (roster, seasons, house rules)
	MaxImportMatch     = 4 << 20   // bytes of one match as written in the file
	MaxImportBytes     = 512 << 20 // bytes of the whole file, once uncompressed: see below
)

// MaxImportBytes bounds what a file may decompress to (a gzip bomb is cut
// there) by what the largest group accepted needs: a complete file takes
// about 4 KiB a match (a 10,000-match group is 38.6 MiB as JSON), so
// MaxImportMatches matches come to about 200 MiB; 512 MiB leaves room for
// matches longer than the average, and bounds the time one import can take
// (each pass reads at most that much).

// MaxImportMemory is what reading an import may hold at once, whatever the
// file's size: the decoder's buffer (at most twice the largest part plus a
// read), that part's bytes and its decoded form (see MaxImportCost), and
// the ids of the roster and of the matches read so far (a map entry of
// at most 64 bytes each). About 60 MiB; a real import holds a few.
const MaxImportMemory = 2*(MaxImportMatch+readChunk) + MaxImportMatch + 8*MaxImportMatch + 1<<20 + 64*(MaxImportPlayers+MaxImportMatches)

// MaxImportCost bounds the memory an import's decoded form may take, from
// a file of n bytes: the scan refuses a file whose decoding could take
// more. Decoding copies every string and entry (at most n bytes), and each
// JSON object outside the entries becomes a struct or a map entry of at
// most costPerObject bytes, each other value at most costPerValue bytes
// (slices grown by doubling included), each rule or option of a match
// costPerMapEntry bytes. A real export makes one object of
// every 100 bytes or more and comes to under 6 × its size; a file of many
// tiny objects ("{},{},…") would decode to up to ~100 × its size, and is
// refused. So an import holds at most its file (≤ 32 MiB) plus 8 × its
// size plus 1 MiB: at most 289 MiB for a 32 MiB file, ~10 MiB for a
// 1 MiB one.
func MaxImportCost(n int) int64 { return 8*int64(n) + 1<<20 }

const (
	costPerObject   = 224 // the largest struct, 112 bytes, in a slice grown by doubling
	costPerValue    = 16  // a number in a slice grown by doubling, a string's header
	costPerMapEntry = 96  // a key and a value in a map: headers and the map's own
)

// scanCost is what decoding b, one JSON value, would cost in memory (see
// MaxImportCost), read with encoding/json's tokenizer before anything is
// decoded; it refuses b (Part "deep") past limit, nested past
// MaxImportDepth or with a string longer than MaxImportText. A round's
// entry is kept as its bytes, not decoded: Check bounds its length and
// nesting, naming the round; only the nesting and strings inside it count
// here.
func scanCost(b []byte, limit int64) (int64, error) {
	w := costWalk{dec: json.NewDecoder(bytes.NewReader(b)), cost: int64(len(b)), limit: limit}
	w.dec.UseNumber() // numbers are not converted: only counted
	err := w.value(1, false, false)
	return w.cost, err
}

// costWalk is scanCost's reading of one value, token by token.
type costWalk struct {
	dec         *json.Decoder
	cost, limit int64
}

func deep(detail string, args ...any) error {
	return &ImportError{Part: "deep", Detail: fmt.Sprintf(detail, args...)}
}

// value reads the next value at depth (the top value is 1). free: it is, or
// is inside, an entry (it costs nothing more); inMap: it is the object of a
// match's rules or options, each of its keys a map entry.
func (w *costWalk) value(depth int, free, inMap bool) error {
	t, err := w.dec.Token()
	if err != nil {
		return &ImportError{Part: "syntax", Detail: err.Error()}
	}
	if !free {
		w.cost += costPerValue
		if t == json.Delim('{') {
			w.cost += costPerObject
		}
	}
	switch t {
	case json.Delim('{'), json.Delim('['):
		if depth > MaxImportDepth {
			return deep("nested %d deep", depth)
		}
	default:
		if s, ok := t.(string); ok && len(s) > MaxImportText {
			return deep("a string of %d bytes", len(s))
		}
	}
	if w.cost > w.limit {
		return deep("decoding would take over %d bytes", w.limit)
	}
	switch t {
	case json.Delim('{'):
		for w.dec.More() {
			k, err := w.dec.Token()
			if err != nil {
				return &ImportError{Part: "syntax", Detail: err.Error()}
			}
			key, _ := k.(string)
			if len(key) > MaxImportText {
				return deep("a string of %d bytes", len(key))
			}
			if inMap && !free {
				w.cost += costPerMapEntry
			}
			// Keys are matched as the decoder matches them: case folded.
			entry := strings.EqualFold(key, "entry")
			rules := strings.EqualFold(key, "rules") || strings.EqualFold(key, "options")
			if err := w.value(depth+1, free || entry, rules && !free); err != nil {
				return err
			}
		}
	case json.Delim('['):
		for w.dec.More() {
			if err := w.value(depth+1, free, false); err != nil {
				return err
			}
		}
	default:
		return nil
	}
	_, err = w.dec.Token() // the closing brace or bracket
	if err != nil {
		return &ImportError{Part: "syntax", Detail: err.Error()}
	}
	return nil
}

// jsonDepth is how deeply the JSON value b nests (0 for a scalar), read
// with encoding/json's tokenizer; b is valid JSON (it was decoded).
func jsonDepth(b []byte) int {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	depth, most := 0, 0
	for {
		t, err := dec.Token()
		if err != nil {
			return most
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
			most = max(most, depth)
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
}

// pointsInBounds: every seat's points within ±MaxImportPoints, so that no
// sum of a match's rounds comes near the integer limit (MaxImportRounds ×
// MaxImportPoints is 2 × 10⁹, and every later round adds an engine's
// few hundred points at most): saves after an import cannot overflow.
func pointsInBounds(points []int) bool {
	for _, p := range points {
		if p > MaxImportPoints || p < -MaxImportPoints {
			return false
		}
	}
	return true
}

func validTime(v string) bool {
	_, err := time.Parse(timeFormat, v)
	return err == nil
}

func validNullTime(v *string) bool { return v == nil || validTime(*v) }
