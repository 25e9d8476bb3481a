package referee_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/tablekeeper/tablekeeper/"

// TestLayering holds the dependency direction of DESIGN.md: the kernel
// (rulebook) imports only the standard library; the engines only it, the
// standard library and each other, a scoresheet reaching a referee's game
// package (its cards) but never the referee directory itself; store and
// views at most the engines' value types; games/ never the handlers;
// nothing imports handlers or cmd, but the test tooling games/gametest,
// which only tests import.
func TestLayering(t *testing.T) {
	root := ".."
	may := map[string]func(imp string) bool{
		"rulebook/": isStd,
		"referee/":  func(imp string) bool { return isStd(imp) || within(imp, "rulebook") || within(imp, "referee/") },
		"scoring/": func(imp string) bool {
			return isStd(imp) || within(imp, "rulebook") || within(imp, "referee/") || within(imp, "scoring")
		},
		"store/": func(imp string) bool {
			return !strings.HasPrefix(imp, module) || within(imp, "rulebook") || within(imp, "referee") || within(imp, "scoring") || within(imp, "store")
		},
		"views/": func(imp string) bool {
			return !strings.HasPrefix(imp, module) || within(imp, "rulebook") || within(imp, "referee") || within(imp, "scoring") || within(imp, "views")
		},
		"handlers/": func(imp string) bool { return !within(imp, "cmd") },
		// games/ holds each game's web adapter and views, and the kit they
		// share: they build on the engines, the store's types and the views,
		// and the handlers call them, never the other way.
		"games/": func(imp string) bool { return !within(imp, "handlers") && !within(imp, "cmd") },
		// games/gametest is test tooling: it starts the app (handlers) so
		// that a game's own tests can post a round and read the page; only
		// tests import it (checked below).
		"games/gametest/": func(imp string) bool { return !within(imp, "cmd") },
		"static/":         func(imp string) bool { return !strings.HasPrefix(imp, module) },
		// serve/ lets requests in and sends answers for any route: it
		// knows no route, page, game or table.
		"serve/": func(imp string) bool { return !strings.HasPrefix(imp, module) },
		// internal/ holds tools (the page compressor, the runtime's memory
		// settings, a throwaway PostgreSQL for tests): they know nothing of
		// the app's packages.
		"internal/": func(imp string) bool { return !strings.HasPrefix(imp, module) || within(imp, "internal") },
	}
	checked := 0
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		for prefix, ok := range may {
			if !strings.HasPrefix(rel, prefix) || prefix == "games/" && strings.HasPrefix(rel, "games/gametest/") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			checked++
			for _, im := range f.Imports {
				imp, _ := strconv.Unquote(im.Path.Value)
				if within(imp, "games/gametest") && !strings.HasPrefix(rel, "games/gametest/") {
					t.Errorf("%s imports %s, which only tests may", rel, imp)
				}
				if !ok(imp) {
					t.Errorf("%s imports %s, which DESIGN.md does not allow for %s", rel, imp, prefix)
				}
			}
		}
		return nil
	})
	if checked < 50 {
		t.Fatalf("only %d files checked: the walk did not find the tree", checked)
	}
}

func isStd(imp string) bool { return !strings.Contains(strings.Split(imp, "/")[0], ".") }

func within(imp, dir string) bool { return strings.HasPrefix(imp, module+dir) }
