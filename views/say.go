package views

import (
	"context"
	"sync"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// Say is an engine's message in the page's language, from the game's
// message files; an argument that is itself a message is said first. No
// message (an empty id) says nothing.
func Say(ctx context.Context, m rulebook.Msg) string {
	if m.ID == "" {
		return ""
	}
	if len(m.Args) == 0 {
		return T(ctx, m.ID)
	}
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		if inner, ok := a.(rulebook.Msg); ok {
			a = Say(ctx, inner)
		}
		args[i] = a
	}
	return T(ctx, m.ID, args...)
}

// Mistake is an engine's input error in the page's language, from the
// message files: what is wrong, then the rule it breaks.
func Mistake(ctx context.Context, ie *rulebook.InputError) string { return Say(ctx, ie.Sentence()) }

// Mistake is an input error in lang ("en", "fr"), for an answer that has a
// language but no page (the API, an import's report).
func (t *Translator) Mistake(lang string, ie *rulebook.InputError) string {
	return Mistake(t.In(lang), ie)
}

// Say is an engine's message in lang ("en", "fr"), for an answer that has
// a language but no page.
func (t *Translator) Say(lang string, m rulebook.Msg) string { return Say(t.In(lang), m) }

// Speaker says engines' messages in lang, for an engine's answer to the
// API (rulebook.WireAll).
func (t *Translator) Speaker(lang string) rulebook.Speaker { return Speaker(t.In(lang)) }

// Speaker says engines' messages in the page's language, for an engine
// that answers a page as it answers the API.
func Speaker(ctx context.Context) rulebook.Speaker {
	return func(m rulebook.Msg) string { return Say(ctx, m) }
}

// Messages is the message files, loaded once, for a helper that is given
// only a language (Messages().Say(lang, m)). They are embedded: a malformed
// file panics here, and every test of views fails first.
var Messages = sync.OnceValue(func() *Translator {
	t, err := NewTranslator()
	if err != nil {
		panic(err)
	}
	return t
})

// In is a context that says messages in lang, for what is said outside a page.
func (t *Translator) In(lang string) context.Context {
	return WithEnv(context.Background(), t.NewEnv(lang, "", "", "", ""))
}
