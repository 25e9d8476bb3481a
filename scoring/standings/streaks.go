package standings

import (
	"cmp"
	"slices"
	"time"
)

// Streak is a run of consecutive wins by one player: matches in the filter
// in the order played, a shared first counting as a win. Any other place
// ends the run.
type Streak struct {
	Player int64
	Length int       // 0 when the player has not won
	First  int64     // id of the run's first match, 0 when Length is 0
	Last   int64     // id of the run's last match, 0 when Length is 0
	Ended  time.Time // when the last match was played
}

// Streaks returns each player's longest winning streak over the matches f
// selects, one per player who played, sorted by player id. Of two equally
// long runs, the earlier is kept: it set the mark first.
//
// Returns an error wrapping ErrInvalidMatch if a selected match is invalid.
func Streaks(matches []Match, f Filter) ([]Streak, error) {
	sel, err := selectMatches(matches, f)
	if err != nil {
		return nil, err
	}
	longest, _ := streaks(sel)
	out := make([]Streak, 0, len(longest))
	for _, s := range longest {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Streak) int { return cmp.Compare(a.Player, b.Player) })
	return out, nil
}

// streaks returns every player's longest and current (still running at the
// end of sel) winning streaks.
func streaks(sel []Match) (longest, current map[int64]Streak) {
	longest = map[int64]Streak{}
	current = map[int64]Streak{}
	for _, m := range sel {
		for _, r := range m.Results {
			cur := current[r.Player]
			if r.Place != 1 {
				cur = Streak{Player: r.Player}
			} else {
				if cur.Length == 0 {
					cur.First = m.ID
				}
				cur.Player, cur.Length, cur.Last, cur.Ended = r.Player, cur.Length+1, m.ID, m.PlayedAt
			}
			current[r.Player] = cur
			if best, ok := longest[r.Player]; !ok || cur.Length > best.Length {
				longest[r.Player] = cur
			}
		}
	}
	return longest, current
}
