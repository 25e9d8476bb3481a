package bgstats

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ErrNotBGStats is a file that is not a BG Stats export: not JSON, not an
// object, or without a "plays" list.
var ErrNotBGStats = errors.New("bgstats: not a BG Stats export")

// Read reads a BG Stats export as a stream (a byte-order mark or gzip
// around it accepted): its games, players and plays are decoded one at a
// time, the other parts skipped, so that memory holds what is kept of the
// file, never the file itself. An error wraps ErrNotBGStats (a foreign or
// damaged file), with what was wrong.
func Read(r io.Reader) (File, error) {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(2); bytes.Equal(head, []byte{0x1f, 0x8b}) {
		z, err := gzip.NewReader(br)
		if err != nil {
			return File{}, fmt.Errorf("%w: %v", ErrNotBGStats, err)
		}
		defer z.Close()
		br = bufio.NewReader(z)
	}
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte{0xef, 0xbb, 0xbf}) {
		br.Discard(3)
	}
	dec := json.NewDecoder(br)
	bad := func(err error) (File, error) { return File{}, fmt.Errorf("%w: %v", ErrNotBGStats, err) }
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return bad(fmt.Errorf("not a JSON object (%v)", err))
	}
	var f File
	plays := false
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return bad(err)
		}
		var into func() error
		switch t {
		case "games":
			into = func() error { return eachOf(dec, &f.Games) }
		case "players":
			into = func() error { return eachOf(dec, &f.Players) }
		case "locations":
			into = func() error { return eachOf(dec, &f.Locations) }
		case "about":
			into = func() error {
				var v any
				err := dec.Decode(&v)
				f.About, _ = v.(string)
				return err
			}
		case "plays":
			plays = true
			into = func() error { return eachOf(dec, &f.Plays) }
		default:
			into = func() error { return skip(dec) }
		}
		if err := into(); err != nil {
			return bad(fmt.Errorf("%v: %v", t, err))
		}
	}
	if _, err := dec.Token(); err != nil {
		return bad(err)
	}
	if !plays {
		return bad(errors.New(`no "plays"`))
	}
	return f, nil
}

// eachOf decodes a JSON list one element at a time onto the end of *list.
func eachOf[T any](dec *json.Decoder, list *[]T) error {
	t, err := dec.Token()
	if err == nil && t == nil {
		return nil // null: an empty list
	}
	if err != nil || t != json.Delim('[') {
		return fmt.Errorf("not a list (%v)", err)
	}
	for dec.More() {
		var v T
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("item %d: %v", len(*list)+1, err)
		}
		*list = append(*list, v)
	}
	_, err = dec.Token()
	return err
}

// skip reads past one JSON value, token by token (a long list of another
// kind is not held).
func skip(dec *json.Decoder) error {
	depth := 0
	for {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// Slim is f with only what an import uses: the plays marked ignored keep
// their game and mark, for the counts, not their scores; the other plays
// are kept whole (the confirmation step may take any game as one of ours).
// A confirmation step carries it instead of the file.
func Slim(f File) File {
	out := File{Games: f.Games, Players: f.Players, Locations: f.Locations, Plays: make([]Play, 0, len(f.Plays))}
	for _, p := range f.Plays {
		if p.Ignored {
			p = Play{GameRefID: p.GameRefID, Ignored: true}
		}
		out.Plays = append(out.Plays, p)
	}
	return out
}

// Seated is the players of f who played one of the games gameOf takes as
// ours (in a play not ignored), in the file's order: those an import asks about.
func Seated(f File, gameOf map[int64]string) []Player {
	seated := map[int64]bool{}
	for _, p := range f.Plays {
		if gameOf[p.GameRefID] != "" && !p.Ignored {
			for _, s := range p.PlayerScores {
				seated[s.PlayerRefID] = true
			}
		}
	}
	var out []Player
	for _, p := range f.Players {
		if seated[p.ID] {
			out = append(out, p)
		}
	}
	return out
}

// Proposed is what an import proposes for each of f's games (see GameID):
// by the game's id in the file.
func Proposed(f File) map[int64]string {
	out := map[int64]string{}
	for _, g := range f.Games {
		out[g.ID] = GameID(g)
	}
	return out
}

// Sniff reports whether r holds a BG Stats file (a backup export or a Play
// file: a JSON object with "plays" and "games" at its top, gzipped or
// not), reading it as a stream, values skipped: what a wrong import tells
// its reader to take elsewhere.
func Sniff(r io.Reader) bool {
	br := bufio.NewReader(r)
	if head, _ := br.Peek(2); bytes.Equal(head, []byte{0x1f, 0x8b}) {
		z, err := gzip.NewReader(br)
		if err != nil {
			return false
		}
		defer z.Close()
		br = bufio.NewReader(z)
	}
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte{0xef, 0xbb, 0xbf}) {
		br.Discard(3)
	}
	dec := json.NewDecoder(br)
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return false
		}
		k, _ := t.(string)
		if k == "format" {
			return false // one of ours, or another program's
		}
		seen[k] = true
		if seen["plays"] && seen["games"] {
			return true
		}
		if skip(dec) != nil {
			return false
		}
	}
	return false
}
