package standings

// Places returns each player's finishing place from the match totals, in
// standard competition ranking: equal totals share a place and the next
// place skips as many as shared it (1, 2, 2, 4). With lowWins the lowest
// total finishes first (Five Crowns); otherwise the highest does (Take 5!,
// TAKI, Take Five's round wins). The result is in the order of totals; an
// empty input gives an empty result.
func Places(totals []int, lowWins bool) []int {
	places := make([]int, len(totals))
	for i, ti := range totals {
		ahead := 0
		for _, tj := range totals {
			if (lowWins && tj < ti) || (!lowWins && tj > ti) {
				ahead++
			}
		}
		places[i] = ahead + 1
	}
	return places
}
