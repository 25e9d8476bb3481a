package takefive

import (
	"sync"

	"github.com/tablekeeper/tablekeeper/rulebook"
	"github.com/tablekeeper/tablekeeper/views"
)

var translator = sync.OnceValue(func() *views.Translator {
	tr, err := views.NewTranslator()
	if err != nil {
		panic(err)
	}
	return tr
})

// said is what a player reads of m in English and in French, from the
// message files, as the pages and the API say it.
func said(m rulebook.Msg) sentence {
	return sentence{EN: translator().Say("en", m), FR: translator().Say("fr", m)}
}

// sentence is what a player reads in English and in French.
type sentence struct{ EN, FR string }

// IsSentence reports whether both read as a sentence.
func (s sentence) IsSentence() bool { return rulebook.IsSentence(s.EN, s.FR) }
