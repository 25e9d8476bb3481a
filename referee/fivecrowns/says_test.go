package fivecrowns

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

// sentence is what a player reads in English and in French.
type sentence struct{ EN, FR string }

// IsSentence reports whether both read as a sentence.
func (s sentence) IsSentence() bool { return rulebook.IsSentence(s.EN, s.FR) }

// says is what a player reads of ie in English and in French, from the
// message files, as the pages and the API say it.
func says(ie *rulebook.InputError) sentence {
	return sentence{EN: translator().Mistake("en", ie), FR: translator().Mistake("fr", ie)}
}

// said is what a player reads of m in English and in French.
func said(m rulebook.Msg) sentence {
	return sentence{EN: translator().Say("en", m), FR: translator().Say("fr", m)}
}

// in says the engine's messages in lang, as the API does.
func in(lang string) rulebook.Speaker { return translator().Speaker(lang) }
