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

// ErrTooLarge is a file that grows past the size allowed once
// decompressed (see ReadMax).
var ErrTooLarge = errors.New("bgstats: file too large once decompressed")

// MaxPlays is the most plays one file may hold: the largest real BG Stats
// export known holds 1,550, and a file of 33,640 plays (under the size
// limit) held a core for minutes on its confirmation.
const MaxPlays = 5000

// ErrTooManyPlays is a file of more than MaxPlays plays, refused as soon as
// the reading passes it.
var ErrTooManyPlays = fmt.Errorf("bgstats: more than %d plays", MaxPlays)

// DefaultMax is what Read lets a file grow to once decompressed: a real
// BG Stats export of years of plays is a few MiB.
const DefaultMax = 32 << 20

// Read is ReadMax with DefaultMax.
func Read(r io.Reader) (File, error) { return ReadMax(r, DefaultMax) }

// ReadMax reads a BG Stats export as a stream (a byte-order mark or gzip
// around it accepted): its games, players and plays are decoded one at a
// time, the other parts skipped, so that memory holds what is kept of the
// file, never the file itself. A file that is, or decompresses to, more
// than max bytes is refused with ErrTooLarge as soon as it passes max (a
// gzip bomb is cut there). Another error wraps ErrNotBGStats (a foreign or
// damaged file), with what was wrong.
func ReadMax(r io.Reader, max int64) (File, error) {
	br := bufio.NewReader(r)
	var in io.Reader = br
	if head, _ := br.Peek(2); bytes.Equal(head, []byte{0x1f, 0x8b}) {
		z, err := gzip.NewReader(br)
		if err != nil {
			return File{}, fmt.Errorf("%w: %v", ErrNotBGStats, err)
		}
		defer z.Close()
		in = z
	}
	capped := &capped{r: in, left: max}
	f, err := read(bufio.NewReader(&blanks{r: capped}))
	if capped.left < 0 {
		return File{}, ErrTooLarge
	}
	return f, err
}

// capped reads at most left bytes of r, then fails (left goes below zero).
type capped struct {
	r    io.Reader
	left int64
}

func (c *capped) Read(p []byte) (int, error) {
	if c.left < 0 {
		return 0, ErrTooLarge
	}
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n, ErrTooLarge
	}
	return n, err
}

// blanks passes r on with each run of blanks outside strings cut to one:
// json.Decoder rescans a run of blanks from its start each time it reads
// more, so that megabytes of them took minutes (quadratic).
type blanks struct {
	r                    io.Reader
	inString, esc, blank bool
}

func (b *blanks) Read(p []byte) (int, error) {
	for {
		n, err := b.r.Read(p)
		out := 0
		for _, c := range p[:n] {
			switch {
			case b.inString:
				b.esc, b.inString = !b.esc && c == '\\', b.esc || c != '"'
			case c == ' ' || c == '\t' || c == '\n' || c == '\r':
				if b.blank {
					continue
				}
				b.blank = true
			default:
				b.blank, b.inString = false, c == '"'
			}
			p[out] = c
			out++
		}
		if out > 0 || err != nil {
			return out, err
		}
	}
}

func read(br *bufio.Reader) (File, error) {
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
		case "userInfo": // who the file is of; its e-mail address is not kept
			into = func() error {
				var raw json.RawMessage
				err := dec.Decode(&raw)
				var u UserInfo
				if json.Unmarshal(raw, &u) == nil && u.MeRefID != 0 { // another shape: no one
					f.UserInfo = &u
				}
				return err
			}
		case "plays":
			plays = true
			into = func() error { return playsOf(dec, &f.Plays) }
		default:
			into = func() error { return skip(dec) }
		}
		if err := into(); errors.Is(err, ErrTooManyPlays) {
			return File{}, err
		} else if err != nil {
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
func eachOf[T any](dec *json.Decoder, list *[]T) error { return upTo(dec, list, -1) }

// errOver is a list longer than upTo's max.
var errOver = errors.New("bgstats: list too long")

// upTo is eachOf with at most max elements (none if negative): one more is
// errOver, the rest of the list left unread.
func upTo[T any](dec *json.Decoder, list *[]T, max int) error {
	t, err := dec.Token()
	if err == nil && t == nil {
		return nil // null: an empty list
	}
	if err != nil || t != json.Delim('[') {
		return fmt.Errorf("not a list (%v)", err)
	}
	for dec.More() {
		if len(*list) == max {
			return errOver
		}
		var v T
		if err := dec.Decode(&v); err != nil {
			return fmt.Errorf("item %d: %v", len(*list)+1, err)
		}
		*list = append(*list, v)
	}
	_, err = dec.Token()
	return err
}

// playsOf decodes the plays as eachOf does, up to MaxPlays: one more is
// ErrTooManyPlays, the rest of the file left unread.
func playsOf(dec *json.Decoder, list *[]Play) error {
	if err := upTo(dec, list, MaxPlays); err != errOver {
		return err
	}
	return ErrTooManyPlays
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
	out := File{Games: f.Games, Players: f.Players, Locations: f.Locations, UserInfo: f.UserInfo, Plays: make([]Play, 0, len(f.Plays))}
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
func (n Names) Proposed(f File) map[int64]string {
	out := map[int64]string{}
	for _, g := range f.Games {
		out[g.ID] = n.GameID(g)
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
