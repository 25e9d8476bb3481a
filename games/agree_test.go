package games

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/games/kit"
)

// TestEveryAPIHasItsAgreementTest: a game that answers on the JSON API
// holds, in its own package, the test that asks each of its engine's
// vectors of the API and of the page a player would use, and finds the
// same verdict (games/gametest). A new game with an API and no such test
// would let its pages and its API drift apart unnoticed.
func TestEveryAPIHasItsAgreementTest(t *testing.T) {
	for _, g := range All() {
		api, ok := g.(kit.API)
		if !ok || len(api.Endpoints()) == 0 {
			continue
		}
		dir := g.ID()
		src, err := os.ReadFile(filepath.Join(dir, "agree_test.go"))
		if err != nil {
			t.Errorf("%s answers on /api/v1/%s/ but games/%s/agree_test.go is missing: %v", g.ID(), g.ID(), dir, err)
			continue
		}
		if want := "/api/v1/" + g.ID() + "/"; !strings.Contains(string(src), want) || !strings.Contains(string(src), "gametest.") {
			t.Errorf("games/%s/agree_test.go does not ask %s through games/gametest", dir, want)
		}
	}
}
