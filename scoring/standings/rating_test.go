package standings

import (
	"errors"
	"math"
	"sort"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// The reference numbers of STYLE.md, computed by openskill.js 4.1.1.
func TestRateMatchesOpenSkillReference(t *testing.T) {
	tests := []struct {
		name   string
		places []int
		want   []Rating
	}{
		{"four players, no tie", []int{1, 2, 3, 4}, []Rating{
			{27.7951, 8.2632}, {26.5528, 8.1792}, {24.6894, 8.0837}, {20.9627, 8.0837}}},
		{"four players, second place shared", []int{1, 2, 2, 4}, []Rating{
			{27.7951, 8.2632}, {24.6894, 8.1792}, {24.6894, 8.1792}, {22.8260, 8.1792}}},
		{"three players", []int{1, 2, 3}, []Rating{
			{27.8689, 8.2048}, {25.7172, 8.0578}, {21.4139, 8.0578}}},
	}
	m := DefaultModel()
	for _, tt := range tests {
		in := make([]Rating, len(tt.places))
		for i := range in {
			in[i] = m.New()
		}
		got, err := m.Rate(in, tt.places)
		if err != nil {
			t.Fatalf("%s: Rate(new, %v) error %v", tt.name, tt.places, err)
		}
		for i := range got {
			if !near(got[i].Mu, tt.want[i].Mu, 5e-5) || !near(got[i].Sigma, tt.want[i].Sigma, 5e-5) {
				t.Errorf("%s: Rate(new, %v)[%d] = {%.4f %.4f}, want {%.4f %.4f}",
					tt.name, tt.places, i, got[i].Mu, got[i].Sigma, tt.want[i].Mu, tt.want[i].Sigma)
			}
		}
	}
}

// For new players every exp(μ/c) is equal, so the Plackett-Luce sums reduce
// to fractions worked out by hand for places 1, 2, 2, 4: the field sizes are
// 4, 3, 3, 1 and the tied counts 1, 2, 2, 1, giving
//
//	Ω = (3/4, −1/4 + 1/3 − 1/6, same, −1/4 − 1/6 − 1/6 + 0) = (3/4, −1/12, −1/12, −7/12)
//	Δ = (3/16, 3/16 + 1/9 + 1/9, same, 3/16 + 2/9 + 0)
//
// μ' = μ + Ω·σ²/c and σ' = σ·sqrt(1 − Δ·σ³/c³), with c² = 4(σ² + β²).
func TestRateTieByHand(t *testing.T) {
	m := DefaultModel()
	s2 := m.Sigma * m.Sigma
	c := math.Sqrt(4 * (s2 + m.Beta*m.Beta))
	omega := []float64{3.0 / 4, -1.0 / 12, -1.0 / 12, -7.0 / 12}
	delta := []float64{3.0 / 16, 3.0/16 + 2.0/9, 3.0/16 + 2.0/9, 3.0/16 + 2.0/9}
	in := []Rating{m.New(), m.New(), m.New(), m.New()}
	got, err := m.Rate(in, []int{1, 2, 2, 4})
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		want := Rating{
			Mu:    m.Mu + omega[i]*s2/c,
			Sigma: m.Sigma * math.Sqrt(1-delta[i]*m.Sigma*m.Sigma*m.Sigma/(c*c*c)),
		}
		if !near(got[i].Mu, want.Mu, 1e-12) || !near(got[i].Sigma, want.Sigma, 1e-12) {
			t.Errorf("Rate(new, [1 2 2 4])[%d] = %+v, want %+v", i, got[i], want)
		}
	}
}

// openskillPort follows the structure of openskill.js 4.1.1 line by line,
// deliberately unlike Rate: teams are sorted by rank first, ranks are
// rewritten by its rankings() helper, and the sums run over the filtered
// prefix with the prefix index standing for the team index, as the
// JavaScript reduce does.
func openskillPort(m Model, players []Rating, places []int) []Rating {
	type team struct {
		mu, sigmaSq float64
		rank        int
		orig        int
	}
	order := make([]int, len(players))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return places[order[a]] < places[order[b]] })
	teams := make([]team, len(players))
	for j, i := range order {
		s := math.Sqrt(players[i].Sigma*players[i].Sigma + m.Tau*m.Tau)
		teams[j] = team{mu: players[i].Mu, sigmaSq: s * s, orig: i}
	}
	// rankings(): 0-based competition ranks of the sorted scores.
	s := 0
	for j := range teams {
		if j > 0 && places[order[j-1]] < places[order[j]] {
			s = j
		}
		teams[j].rank = s
	}
	sum := 0.0
	for _, tm := range teams {
		sum += tm.sigmaSq + m.Beta*m.Beta
	}
	c := math.Sqrt(sum)
	sumQ := make([]float64, len(teams))
	a := make([]float64, len(teams))
	for q, tq := range teams {
		for _, ti := range teams {
			if ti.rank >= tq.rank {
				sumQ[q] += math.Exp(ti.mu / c)
			}
			if ti.rank == tq.rank {
				a[q]++
			}
		}
	}
	out := make([]Rating, len(players))
	for i, ti := range teams {
		iMuOverCe := math.Exp(ti.mu / c)
		var filtered []team
		for _, tq := range teams {
			if tq.rank <= ti.rank {
				filtered = append(filtered, tq)
			}
		}
		omegaSum, deltaSum := 0.0, 0.0
		for q := range filtered {
			quotient := iMuOverCe / sumQ[q]
			if i == q {
				omegaSum += (1 - quotient) / a[q]
			} else {
				omegaSum += -quotient / a[q]
			}
			deltaSum += quotient * (1 - quotient) / a[q]
		}
		iGamma := math.Sqrt(ti.sigmaSq) / c
		iOmega := omegaSum * (ti.sigmaSq / c)
		iDelta := iGamma * deltaSum * (ti.sigmaSq / (c * c))
		sigma := math.Sqrt(ti.sigmaSq)
		out[ti.orig] = Rating{
			Mu:    ti.mu + iOmega,
			Sigma: sigma * math.Sqrt(math.Max(1-iDelta, m.Kappa)),
		}
	}
	return out
}

// A season of matches with players coming and going, ties at the top, in the
// middle and at the bottom, a two-player match and a whole-table tie: the
// ratings carried through Rate must equal those carried through the port.
func TestRateSequenceAgainstPort(t *testing.T) {
	type match struct {
		players []int
		places  []int
	}
	season := []match{
		{[]int{1, 2, 3, 4}, []int{1, 2, 3, 4}},
		{[]int{2, 3, 5}, []int{2, 1, 2}},
		{[]int{1, 5}, []int{2, 1}},
		{[]int{4, 3, 2, 1, 6}, []int{1, 1, 3, 4, 4}},
		{[]int{6, 1}, []int{1, 1}},
		{[]int{5, 6, 3}, []int{3, 2, 1}},
		{[]int{1, 2, 3, 4, 5, 6}, []int{4, 4, 1, 4, 2, 6}},
		{[]int{2, 4}, []int{1, 2}},
	}
	for _, model := range []Model{DefaultModel(), {Mu: 1500, Sigma: 300, Beta: 150, Kappa: 0.0001, Tau: 5}} {
		mine := map[int]Rating{}
		port := map[int]Rating{}
		get := func(r map[int]Rating, p int) Rating {
			if v, ok := r[p]; ok {
				return v
			}
			return model.New()
		}
		for k, mt := range season {
			a := make([]Rating, len(mt.players))
			b := make([]Rating, len(mt.players))
			for i, p := range mt.players {
				a[i], b[i] = get(mine, p), get(port, p)
			}
			got, err := model.Rate(a, mt.places)
			if err != nil {
				t.Fatalf("match %d: %v", k, err)
			}
			want := openskillPort(model, b, mt.places)
			for i, p := range mt.players {
				if !near(got[i].Mu, want[i].Mu, 1e-9) || !near(got[i].Sigma, want[i].Sigma, 1e-9) {
					t.Errorf("match %d, player %d: Rate = %+v, port = %+v", k, p, got[i], want[i])
				}
				mine[p], port[p] = got[i], want[i]
			}
		}
	}
}

func TestRateRejectsImpossibleInput(t *testing.T) {
	m := DefaultModel()
	tests := []struct {
		name    string
		players []Rating
		places  []int
	}{
		{"no players", nil, nil},
		{"places missing", []Rating{m.New(), m.New()}, []int{1}},
		{"zero sigma", []Rating{{25, 0}, m.New()}, []int{1, 2}},
		{"NaN mean", []Rating{{math.NaN(), 1}, m.New()}, []int{1, 2}},
	}
	for _, tt := range tests {
		if _, err := m.Rate(tt.players, tt.places); !errors.Is(err, ErrRateInput) {
			t.Errorf("%s: Rate(%v, %v) error = %v, want ErrRateInput", tt.name, tt.players, tt.places, err)
		}
	}
}

func TestOrdinal(t *testing.T) {
	if got := DefaultModel().New().Ordinal(); !near(got, 0, 1e-12) {
		t.Errorf("New().Ordinal() = %v, want 0", got)
	}
	if got := (Rating{Mu: 27.7951, Sigma: 8.2632}).Ordinal(); !near(got, 3.0055, 1e-9) {
		t.Errorf("Ordinal(27.7951, 8.2632) = %v, want 3.0055", got)
	}
}

// Whatever the places, a match never raises σ and never yields NaN. When no
// place is shared, a player who finished ahead of another with the same prior
// rating ends with a higher μ. With ties that does not hold in openskill (see
// TestRateSharedFirstQuirk), so it is not checked then.
func FuzzRate(f *testing.F) {
	f.Add(uint8(4), []byte{1, 2, 2, 4})
	f.Add(uint8(2), []byte{1, 1})
	f.Add(uint8(6), []byte{3, 1, 4, 1, 5, 9})
	f.Fuzz(func(t *testing.T, n uint8, raw []byte) {
		k := int(n%8) + 1
		if len(raw) < k {
			return
		}
		m := DefaultModel()
		in := make([]Rating, k)
		places := make([]int, k)
		for i := range k {
			in[i] = m.New()
			places[i] = int(raw[i])
		}
		got, err := m.Rate(in, places)
		if err != nil {
			t.Fatalf("Rate(new×%d, %v) error %v", k, places, err)
		}
		distinct := map[int]bool{}
		for _, p := range places {
			distinct[p] = true
		}
		for i := range got {
			if !finite(got[i].Mu) || !finite(got[i].Sigma) || got[i].Sigma <= 0 || got[i].Sigma > in[i].Sigma+1e-12 {
				t.Errorf("Rate(new×%d, %v)[%d] = %+v", k, places, i, got[i])
			}
			for j := range got {
				if len(distinct) == k && places[i] < places[j] && got[i].Mu <= got[j].Mu {
					t.Errorf("Rate(new×%d, %v): place %d has μ %v ≤ place %d's %v", k, places, places[i], got[i].Mu, places[j], got[j].Mu)
				}
			}
		}
	})
}

// openskill divides a shared place's terms by the number sharing it, so in
// a big field two players sharing first can gain less than a lone third.
// This pins that behaviour (openskill.js 4.1.1 agrees), worked by hand for
// new players at places 1, 1, 3, 4, 5: Ω(first) = (4/5 − 1/5)/2 = 3/10 and
// Ω(third) = −1/5 + (1 − 1/3) = 7/15.
func TestRateSharedFirstQuirk(t *testing.T) {
	m := DefaultModel()
	in := []Rating{m.New(), m.New(), m.New(), m.New(), m.New()}
	got, err := m.Rate(in, []int{1, 1, 3, 4, 5})
	if err != nil {
		t.Fatal(err)
	}
	c := math.Sqrt(5 * (m.Sigma*m.Sigma + m.Beta*m.Beta))
	for i, omega := range map[int]float64{0: 3.0 / 10, 1: 3.0 / 10, 2: 7.0 / 15} {
		if want := m.Mu + omega*m.Sigma*m.Sigma/c; !near(got[i].Mu, want, 1e-12) {
			t.Errorf("Rate(new, [1 1 3 4 5])[%d].Mu = %v, want %v", i, got[i].Mu, want)
		}
	}
}

func BenchmarkRateSixPlayers(b *testing.B) {
	m := DefaultModel()
	in := []Rating{m.New(), {30, 5}, {20, 7}, {25, 3}, m.New(), {28, 6}}
	places := []int{1, 2, 2, 4, 5, 6}
	for b.Loop() {
		if _, err := m.Rate(in, places); err != nil {
			b.Fatal(err)
		}
	}
}
