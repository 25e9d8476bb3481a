package views

import (
	"context"
	"io"

	"github.com/a-h/templ"
)

// page writes a page's markup by hand into w: text is appended to a scratch
// buffer and written at once, before any templ component inside it renders
// into w (see written, sheetrows.go).
type page struct {
	w       io.Writer
	b       markup
	err     error
	scratch *[]byte // where b came from, given back by done
}

func newPage(w io.Writer) *page {
	scratch := scratches.Get().(*[]byte)
	return &page{w: w, b: (*scratch)[:0], scratch: scratch}
}

// component writes what is pending, then c.
func (p *page) component(ctx context.Context, c templ.Component) {
	p.flush()
	if p.err == nil {
		p.err = c.Render(ctx, p.w)
	}
}

func (p *page) flush() {
	if p.err == nil && len(p.b) > 0 {
		_, p.err = p.w.Write(p.b)
	}
	p.b = p.b[:0]
}

// done writes what is pending and gives the scratch buffer back.
func (p *page) done() error {
	p.flush()
	if cap(p.b) <= 64<<10 {
		*p.scratch = p.b[:0]
		scratches.Put(p.scratch)
	}
	p.b, p.scratch = nil, nil
	return p.err
}

// Shell is the page: one stylesheet, htmx and the app script from this
// origin only, the app bar, and the language switch in its menu; the page's
// own part is its children. Written by hand (templ sends every { expr }
// through fmt.Sprint and a strings.Replacer), the markup of its template
// shellRef (sheet_ref.templ), byte for byte: TestHandWrittenShellIsTheTemplate.
func Shell(c Chrome) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		children := templ.GetChildren(ctx)
		ctx = templ.ClearChildren(ctx)
		p := newPage(w)
		var menu, main func()
		if c.Menu != nil {
			menu = func() { p.component(ctx, c.Menu) }
		}
		if children != nil {
			main = func() { p.component(ctx, children) }
		}
		p.shell(ctx, c, menu, main)
		return p.done()
	})
}

// shell writes the shell around main, with menu in the app bar's menu
// (either may be nil). c.Menu is not read: menu draws it.
func (p *page) shell(ctx context.Context, c Chrome, menu, main func()) {
	env := EnvFrom(ctx)
	p.b = p.b.s(`<!doctype html><html lang="`).esc(env.Lang).
		s(`"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><meta name="color-scheme" content="light dark"><meta name="theme-color" content="#1f6f5c" media="(prefers-color-scheme: light)"><meta name="theme-color" content="#161513" media="(prefers-color-scheme: dark)"><meta name="description" content="`).
		esc(T(ctx, "meta.description")).s(`">`)
	if Private(env.Path) {
		p.b = p.b.s(`<meta name="robots" content="noindex, nofollow">`)
	}
	p.b = p.b.s(`<meta name="htmx-config" content="`).s(htmxConfigEscaped).s(`"><title>`).esc(c.Title).
		s(` · tablekeeper</title><link rel="stylesheet" href="`).esc(string(templ.URL(env.CSS))).
		s(`"><link rel="manifest" href="/manifest.webmanifest"><link rel="icon" href="/icon.svg" type="image/svg+xml"><script src="`).
		esc(env.JS).s(`" defer></script><script src="`).esc(env.AppJS).
		s(`" defer></script></head><body><header class="appbar" data-testid="appbar">`)
	if back := backURL(ctx, c.Back); back != "" {
		p.b = p.b.s(`<a class="appbar-back" href="`).esc(back).s(`" data-testid="back" aria-label="`).esc(T(ctx, "nav.back")).
			s(`"><span aria-hidden="true">←</span></a>`)
	} else {
		p.b = p.b.s(`<a class="appbar-back brand" href="/" aria-label="tablekeeper"><img src="/icon.svg" alt="" width="28" height="28"></a>`)
	}
	p.b = p.b.s(`<p class="appbar-title">`).esc(c.Title).
		s(`</p><details class="menu" data-testid="menu"><summary aria-label="`).esc(T(ctx, "nav.menu")).
		s(`"><span aria-hidden="true">⋮</span></summary><div class="menu-panel"><div id="page-menu" class="menu-part">`)
	if menu != nil {
		menu()
	}
	p.b = p.b.s(`</div><a href="/">`).esc(T(ctx, "nav.home")).s(`</a> <a href="/referee">`).esc(T(ctx, "nav.referee")).s(`</a> `)
	if env.Lang == "fr" {
		p.b = p.b.s(`<a href="/lang?to=en&amp;back=`).esc(env.Path).s(`" hreflang="en" lang="en" data-testid="lang-switch">English</a>`)
	} else {
		p.b = p.b.s(`<a href="/lang?to=fr&amp;back=`).esc(env.Path).s(`" hreflang="fr" lang="fr" data-testid="lang-switch">Français</a>`)
	}
	p.b = p.b.s(`</div></details></header><main>`)
	if env.Extra != nil {
		p.component(ctx, env.Extra)
	}
	if main != nil {
		main()
	}
	p.b = p.b.s(`<p class="flash bad offline" role="alert" data-testid="offline" data-here="`).esc(T(ctx, "offline.here")).
		s(`">`).esc(T(ctx, "offline")).s(`</p></main></body></html>`)
}

// htmxConfigEscaped is htmxConfig as an attribute value.
var htmxConfigEscaped = string(markup(nil).esc(htmxConfig))
