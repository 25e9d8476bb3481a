// Package views renders pages and fragments with templ. Components take view
// models that the handlers build; they do no I/O and make no decisions beyond
// how to show what they are given.
package views

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/a-h/templ"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed locales/*.toml
var locales embed.FS

// Translator holds the English and French message files.
type Translator struct {
	bundle *i18n.Bundle
	langs  map[string]*messages
	icons  map[string]string // game id → its icon, see SetGameIcons
}

// SetGameIcons gives the pages each game's icon (game id → symbol), as the
// games declare them; it is called once, before the first page.
func (t *Translator) SetGameIcons(icons map[string]string) { t.icons = icons }

// messages is one language's localizer, with the messages it has made
// kept: a page asks for dozens, often the same ones (a label per round, a
// place per seat), and go-i18n runs a text/template for each that takes
// arguments.
type messages struct {
	lang     string
	loc      *i18n.Localizer
	plain    sync.Map // message id → text
	filledMu sync.RWMutex
	filled   map[string]string // filledKey → text
}

// maxFilled bounds the kept messages with arguments per language: past it
// they are forgotten all at once (names make the keys many over time).
const maxFilled = 4096

// NewTranslator loads the embedded message files. It fails only if a message
// file is malformed, which a test catches.
func NewTranslator() (*Translator, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	// One pair of files per area: en.toml/fr.toml for the app, <game>.en.toml
	// and <game>.fr.toml for each game's pages.
	files, _ := fs.Glob(locales, "locales/*.toml")
	for _, f := range files {
		if _, err := b.LoadMessageFileFS(locales, f); err != nil {
			return nil, fmt.Errorf("views: %s: %w", f, err)
		}
	}
	t := &Translator{bundle: b, langs: map[string]*messages{}}
	for _, l := range []string{"en", "fr"} {
		t.langs[l] = &messages{lang: l, loc: i18n.NewLocalizer(b, l)}
	}
	return t, nil
}

// Env is what every page needs besides its own model: the language, the
// translations, the asset URLs and where the page lives.
type Env struct {
	Lang  string          // "en" or "fr"
	Path  string          // the request path, for the language switch
	CSS   string          // content-hashed URL of the stylesheet
	JS    string          // content-hashed URL of htmx
	AppJS string          // content-hashed URL of the app's small script
	Extra templ.Component // shown at the top of the page (e.g. the offer to keep a ruling)
	msgs  *messages
	icons map[string]string
}

// NewEnv returns the page environment for lang ("fr" or "en").
func (t *Translator) NewEnv(lang, path, css, js, appJS string) Env {
	if lang != "fr" {
		lang = "en"
	}
	return Env{Lang: lang, Path: path, CSS: css, JS: js, AppJS: appJS, msgs: t.langs[lang], icons: t.icons}
}

type envKey struct{}

// WithEnv stores the page environment in ctx for the components.
func WithEnv(ctx context.Context, e Env) context.Context { return context.WithValue(ctx, envKey{}, e) }

// EnvFrom returns the page environment stored in ctx (English when none).
func EnvFrom(ctx context.Context) Env {
	e, _ := ctx.Value(envKey{}).(Env)
	return e
}

// T translates message id in the page's language. A missing message shows
// its id, so a gap is visible rather than blank (a test checks none is missing).
func T(ctx context.Context, id string, args ...any) string {
	e := EnvFrom(ctx)
	if e.msgs == nil {
		return id
	}
	if len(args) == 0 {
		if s, ok := e.msgs.plain.Load(id); ok {
			return s.(string)
		}
		return translate(e.msgs, id, args)
	}
	var buf [128]byte // the key, built on the stack: a kept message is found without allocating
	key, ok := filledKey(buf[:0], id, args)
	if !ok {
		return translate(e.msgs, id, args)
	}
	e.msgs.filledMu.RLock()
	s, ok := e.msgs.filled[string(key)]
	e.msgs.filledMu.RUnlock()
	if ok {
		return s
	}
	s = translate(e.msgs, id, args)
	e.msgs.filledMu.Lock()
	if e.msgs.filled == nil || len(e.msgs.filled) >= maxFilled {
		e.msgs.filled = map[string]string{}
	}
	e.msgs.filled[string(key)] = s
	e.msgs.filledMu.Unlock()
	return s
}

// filledKey appends to b id with its arguments, when each is a string or an
// int (false otherwise: not kept). A string is written with its length, so
// no two lists of arguments share a key.
func filledKey(b []byte, id string, args []any) ([]byte, bool) {
	b = append(b, id...)
	for _, a := range args {
		switch a := a.(type) {
		case string:
			b = strconv.AppendInt(append(b, 0, 's'), int64(len(a)), 10)
			b = append(append(b, ':'), a...)
		case int:
			b = strconv.AppendInt(append(b, 0, 'i'), int64(a), 10)
		default:
			return nil, false
		}
	}
	return b, true
}

// translate is T without the kept counts.
func translate(msgs *messages, id string, args []any) string {
	var data map[string]any
	if len(args) > 0 {
		data = map[string]any{}
		for i := 0; i+1 < len(args); i += 2 {
			data[fmt.Sprint(args[i])] = args[i+1]
		}
	}
	cfg := &i18n.LocalizeConfig{MessageID: id, TemplateData: data}
	if n, ok := data["N"].(int); ok { // a plural message agrees with its count ("1 card", "0 point")
		cfg.PluralCount = n
		if s, err := msgs.loc.Localize(cfg); err == nil {
			return frenchElision(msgs.lang, s, data)
		}
		cfg.PluralCount = nil // a plain message with a number in it
	}
	s, err := msgs.loc.Localize(cfg)
	if err != nil {
		return id
	}
	if len(args) == 0 {
		msgs.plain.Store(id, s)
	}
	return frenchElision(msgs.lang, s, data)
}

// frenchElision elides "de" and "que" before a name put in a French
// message ("les cartes d'Ana").
func frenchElision(lang, s string, data map[string]any) string {
	if lang != "fr" || len(data) == 0 {
		return s
	}
	var words []string
	for _, v := range data {
		if w, ok := v.(string); ok && w != "" {
			words = append(words, w)
		}
	}
	return elide(s, words)
}

// Lang returns the page's language code.
func Lang(ctx context.Context) string { return EnvFrom(ctx).Lang }

// itoa formats an int; negative numbers get a true minus sign (U+2212).
func itoa(n int) string { return IntText(n) }

func join(parts []string) string { return strings.Join(parts, ", ") }

// ChoiceLabel names a house rule's value for players ("replay the round"
// rather than "replay"); a value with no label of its own (a number) is shown
// as it is.
func ChoiceLabel(ctx context.Context, key, value string) string {
	id := "choice." + key + "." + value
	if s := T(ctx, id); s != id {
		return s
	}
	return value
}
