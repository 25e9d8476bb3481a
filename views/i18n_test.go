package views

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

func loadIDs(t *testing.T, lang string) map[string]string {
	t.Helper()
	out := map[string]string{}
	files, _ := fs.Glob(locales, "locales/*.toml")
	for _, f := range files {
		if !strings.HasSuffix(f, lang+".toml") {
			continue
		}
		b, _ := locales.ReadFile(f)
		var m map[string]any
		if err := toml.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for k, v := range m {
			switch v := v.(type) {
			case string:
				out[k] = v
			case map[string]any: // a plural message: its "other" form is required
				s, _ := v["other"].(string)
				out[k] = s
			}
		}
	}
	return out
}

// Every message exists in English and in French.
func TestMessagesInBothLanguages(t *testing.T) {
	en, fr := loadIDs(t, "en"), loadIDs(t, "fr")
	if len(en) < 50 {
		t.Fatalf("only %d English messages loaded", len(en))
	}
	for id := range en {
		if fr[id] == "" {
			t.Errorf("message %q has no French text", id)
		}
	}
	for id := range fr {
		if en[id] == "" {
			t.Errorf("message %q has no English text", id)
		}
	}
	if _, err := NewTranslator(); err != nil {
		t.Fatal(err)
	}
}

// Every message id the views, handlers and games ask for is in the files, so no
// page shows a raw id.
func TestEveryUsedMessageExists(t *testing.T) {
	en := loadIDs(t, "en")
	used := regexp.MustCompile(`\bT\([a-zA-Z.()]+, "([a-z0-9]+\.[a-z0-9.]+)"`)
	var missing []string
	for _, dir := range []string{".", "../handlers", "../games"} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasSuffix(path, "_templ.go") || strings.HasSuffix(path, "_test.go") ||
				!(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".templ")) {
				return nil
			}
			b, _ := os.ReadFile(path)
			for _, m := range used.FindAllStringSubmatch(string(b), -1) {
				if _, ok := en[m[1]]; !ok && !strings.HasSuffix(m[1], ".") {
					missing = append(missing, path+": "+m[1])
				}
			}
			return nil
		})
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("message id used but not defined: %s", m)
	}
}

// A message kept with its arguments is the one go-i18n makes for those
// arguments, asked once or many times, whatever other arguments were asked
// before: plural forms, numbers, names that look like other arguments.
func TestKeptMessagesAreGoI18nsAnswer(t *testing.T) {
	tr, err := NewTranslator()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		id   string
		args []any
	}{
		{"match.rank", []any{"N", 1}}, {"match.rank", []any{"N", 12}}, {"match.rank", []any{"N", -3}},
		{"match.undo.confirm", []any{"Round", "Round 3"}}, {"match.undo.confirm", []any{"Round", "Round 4"}},
		{"match.winner", []any{"Names", "Ana"}}, {"match.winner", []any{"Names", "Ana\x00s3:Ben"}},
		{"match.winner", []any{"Names", "Ana", "Names", "Ben"}}, {"match.winner", []any{"Names", 7}},
		{"match.winner", []any{"Names", 1.5}}, // not kept: a float
	}
	for _, lang := range []string{"en", "fr"} {
		env := tr.NewEnv(lang, "/", "", "", "")
		ctx := WithEnv(t.Context(), env)
		for round := range 3 {
			for _, c := range cases {
				want := translate(env.msgs, c.id, c.args)
				if got := T(ctx, c.id, c.args...); got != want {
					t.Errorf("%s, pass %d: T(%s, %v) = %q, go-i18n %q", lang, round, c.id, c.args, got, want)
				}
			}
		}
	}
}
