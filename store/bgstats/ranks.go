package bgstats

import "strconv"

// Ranks is each seat's rank as BG Stats writes it, from the places the
// match ranks them (scoring.FinalPlaces): the place itself, except in a
// team play (some seat has a team), where BG Stats ranks the teams: a
// seat's rank is 1 + the teams placed ahead of it, a seat without a team
// being a team of its own. A team play the file held as ranks 1, 1, 2, 2
// is placed 1, 1, 3, 3, and written back 1, 1, 2, 2.
func Ranks(places []int, teams []string) []int {
	out := make([]int, len(places))
	copy(out, places)
	if !teamPlay(teams) || len(teams) != len(places) {
		return out
	}
	for i := range places {
		ahead := map[string]bool{}
		for j := range places {
			if places[j] < places[i] {
				ahead[teamOf(teams, j)] = true
			}
		}
		out[i] = 1 + len(ahead)
	}
	return out
}

func teamPlay(teams []string) bool {
	for _, t := range teams {
		if t != "" {
			return true
		}
	}
	return false
}

// teamOf is seat i's team, or a name of its own when it has none.
func teamOf(teams []string, i int) string {
	if teams[i] == "" {
		return "\x00seat " + strconv.Itoa(i)
	}
	return teams[i]
}
