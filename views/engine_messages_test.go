package views

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/rulebook"
)

// keyArg is where each rulebook constructor of a message takes its key.
var keyArg = map[string]int{"Say": 0, "Mistake": 1, "SeatMistake": 2}

// Every message an engine can say (rulebook.Say, Mistake, SeatMistake) is
// in the message files in English and in French, with a literal key, and
// every argument its sentences use is given by the call: a third language
// is new message files, not an edit of every engine.
func TestEveryEngineMessageExists(t *testing.T) {
	en, fr := loadIDs(t, "en"), loadIDs(t, "fr")
	placeholder := regexp.MustCompile(`\{\{[^}]*?\.([A-Za-z0-9_]+)[^}]*\}\}`)
	calls := 0
	for _, dir := range []string{"../rulebook", "../referee", "../scoring", "../games", "../handlers"} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				c, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				var name string
				switch fun := c.Fun.(type) {
				case *ast.SelectorExpr:
					if x, ok := fun.X.(*ast.Ident); ok && x.Name == "rulebook" {
						name = fun.Sel.Name
					}
				case *ast.Ident:
					if strings.HasSuffix(filepath.Dir(path), "rulebook") {
						name = fun.Name
					}
				}
				at, ok := keyArg[name]
				if !ok || len(c.Args) <= at {
					return true
				}
				calls++
				pos := fset.Position(c.Pos())
				lit, ok := c.Args[at].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					if !strings.HasSuffix(filepath.Dir(path), "rulebook") { // the constructors themselves
						t.Errorf("%s: the message key of %s is not a literal, so no test can check it", pos, name)
					}
					return true
				}
				id, _ := strconv.Unquote(lit.Value)
				var given []string
				for i := at + 1; i < len(c.Args); i += 2 {
					if s, ok := c.Args[i].(*ast.BasicLit); ok {
						v, _ := strconv.Unquote(s.Value)
						given = append(given, v)
					}
				}
				for lang, msgs := range map[string]map[string]string{"English": en, "French": fr} {
					text, ok := msgs[id]
					if !ok {
						t.Errorf("%s: message %q has no %s text", pos, id, lang)
						continue
					}
					if name != "Say" && !strings.HasSuffix(text, "}}") && !rulebook.IsSentence(text) { // a refusal is a sentence (or ends with one given)
						t.Errorf("%s: message %q in %s is not a sentence: %q", pos, id, lang, text)
					}
					for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
						if !slices.Contains(given, m[1]) {
							t.Errorf("%s: message %q in %s uses .%s, which the call does not give", pos, id, lang, m[1])
						}
					}
				}
				return true
			})
			return nil
		})
	}
	if calls == 0 {
		t.Fatal("no engine message found: the walk did not find the tree")
	}
}
