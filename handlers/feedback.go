package handlers

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/tablekeeper/tablekeeper/store"
	"github.com/tablekeeper/tablekeeper/views"
)

// savedBy says who saved the match's last live round and what it scored
// ("Ben saved round 4: Ana 0, Ben 12 …"): the banner that a phone typing
// the same round shows next to its form when the live update brings it.
// The page carries it, so the live event stays the bare version older pages
// understand. "" when the match has no live round.
func (s *Server) savedBy(c echo.Context, match store.Match, rounds []store.Round, named func(int) string) string {
	var last store.Round
	n := 0
	for _, r := range rounds {
		if !r.Undone() {
			last, n = r, n+1
		}
	}
	if n == 0 {
		return ""
	}
	author := ""
	if a, ok := c.Get(lastAuthorKey).(lastAuthor); ok && a.round == last.ID {
		author = a.name // this request has just written that round: no need to ask its history
	} else if revs, err := s.store.History(c.Request().Context(), last.ID); err != nil { // the banner then names nobody; the sheet itself is sound
		s.log.Warn("who saved the last round is unknown", "round", last.ID, "err", err)
	} else if len(revs) > 0 {
		author = revs[len(revs)-1].Author
	}
	author = strings.ReplaceAll(author, "\x00", "") // an imported author's name is not checked as a member's is: it cannot hold the mark
	// The points differ at every save: the sentence is translated around a
	// mark (so the translation is kept, see views.T, not made afresh by
	// every save and every phone's live update), then they take its place.
	vctx := s.viewCtx(c)
	var said string
	if author == "" {
		said = views.T(vctx, "match.savedby.someone", "Name", named(n), "Round", inSentence(named(n)), "Points", pointsMark)
	} else {
		said = views.T(vctx, "match.savedby", "Author", author, "Round", inSentence(named(n)), "Points", pointsMark)
	}
	return strings.Replace(said, pointsMark, pointsLine(match, last.Points), 1)
}

// pointsMark stands for a round's points in a sentence translated before
// they are put in: no translation holds it, nor any name (store.CheckName
// refuses NUL; savedBy strips it from a revision's author).
const pointsMark = "\x00points\x00"

// inSentence is a round's name as its game says it ("Deal 3", an express
// match's "Round 9"), written to go inside a sentence: "deal 3".
func inSentence(name string) string {
	if name == "" {
		return ""
	}
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToLower(r)) + name[size:]
}

// lastAuthor is who wrote a round in this request (set by the save handler
// under lastAuthorKey), so that savedBy names them without reading the
// round's history again.
type lastAuthor struct {
	round int64
	name  string
}

const lastAuthorKey = "lastAuthor"
