package serve

import (
	"fmt"
	"testing"
)

// The gate admits MaxUploads imports in all, one per client, and frees a
// place when an import ends.
func TestUploadGateBounds(t *testing.T) {
	var g Uploads
	var leaves []func()
	for i := range MaxUploads {
		leave, err := g.Enter(fmt.Sprint("client", i))
		if err != nil {
			t.Fatalf("import %d refused: %v", i, err)
		}
		leaves = append(leaves, leave)
	}
	if _, err := g.Enter("another"); err == nil || err.(*Refusal).Key != "import.busy.server" {
		t.Fatalf("import beyond %d: %v", MaxUploads, err)
	}
	if _, err := g.Enter("client0"); err == nil || err.(*Refusal).Key != "import.busy.client" {
		t.Fatalf("second import of a client: %v", err)
	}
	leaves[0]()
	leaves[0]() // twice is once
	if leave, err := g.Enter("another"); err != nil {
		t.Fatalf("a freed place: %v", err)
	} else {
		leave()
	}
	if g.Open() != MaxUploads-1 {
		t.Errorf("%d under way, want %d", g.Open(), MaxUploads-1)
	}
}
