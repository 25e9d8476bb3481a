package bgstats

import (
	"bytes"
	"testing"
	"time"

	"github.com/tablekeeper/tablekeeper/internal/bgstatsgen"
)

// BenchmarkReadAndImport reads a generated BG Stats export of 1,550 plays
// (about the size of the 2.7 MB real file docs/PERFORMANCE.md cites) and
// makes its matches, every game imported: what an upload and its
// confirmation cost before the store.
func BenchmarkReadAndImport(b *testing.B) {
	file := bgstatsgen.Make(bgstatsgen.Options{Seed: 38, Plays: 1550, Platform: "ios"})
	b.SetBytes(int64(len(file)))
	b.ReportAllocs()
	for b.Loop() {
		f, err := Read(bytes.NewReader(file))
		if err != nil {
			b.Fatal(err)
		}
		gameOf := ours.Proposed(f)
		for _, g := range f.Games {
			if gameOf[g.ID] == "" {
				gameOf[g.ID] = "other-" + itoa(g.ID)
			}
		}
		_, ms, _ := Import(f, gameOf, nil, time.UTC, lowWins)
		if len(ms) == 0 {
			b.Fatal("nothing imported")
		}
	}
}
