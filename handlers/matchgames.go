package handlers

import (
	"errors"
	"sync"

	"github.com/tablekeeper/tablekeeper/store"
)

// matchGames keeps the game id of the matches written to lately, by group
// and match (a few thousand; forgotten all at once past matchGamesKept).
type matchGames struct {
	mu sync.RWMutex
	m  map[[2]int64]string
}

const matchGamesKept = 4096

func (k *matchGames) get(group, match int64) (string, bool) {
	k.mu.RLock()
	defer k.mu.RUnlock()
	name, ok := k.m[[2]int64{group, match}]
	return name, ok
}

func (k *matchGames) put(group, match int64, name string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.m == nil || len(k.m) >= matchGamesKept {
		k.m = map[[2]int64]string{}
	}
	k.m[[2]int64{group, match}] = name
}

// check forgets match's game id when a write to it was not found (deleted,
// or, after a hard delete, an id the store gave again to another match):
// it is read again next time.
func (k *matchGames) check(group, match int64, err error) {
	if !errors.Is(err, store.ErrNotFound) {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.m, [2]int64{group, match})
}
