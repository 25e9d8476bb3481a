// Package standings turns a group's recorded matches into season standings:
// tallies (played, wins, places, points), Weng-Lin ratings, rating history,
// head-to-head records, form, streaks and group records.
//
// Everything here is a pure function of the matches it is given: no clock, no
// storage, no globals. Orderings are deterministic (matches by time then id,
// players by id when everything else is equal), so a page renders the same
// way twice.
package standings

import (
	"errors"
	"fmt"
	"math"
)

// Rating is a player's skill belief: the mean μ and the uncertainty σ.
type Rating struct {
	Mu    float64
	Sigma float64
}

// Ordinal is the conservative skill estimate shown as the rating, μ − 3σ.
// A new player starts at 0 with the default model.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Model holds the parameters of the Weng-Lin Plackett-Luce rating (Weng &
// Lin 2011, Algorithm 4) as openskill.js 4.1.1 applies it. The zero Model is
// not usable; start from DefaultModel.
type Model struct {
	Mu    float64 // initial mean of a new player
	Sigma float64 // initial uncertainty of a new player
	Beta  float64 // performance noise: how much one match says
	Kappa float64 // floor of the factor that shrinks σ², keeps σ positive
	Tau   float64 // uncertainty added before each match (0: none)
}

// DefaultModel returns openskill's defaults: μ = 25, σ = 25/3, β = 25/6,
// κ = 0.0001, τ = 0.
func DefaultModel() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 0}
}

// New returns the rating of a player who has not played yet.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// ErrRateInput reports a call to Rate that cannot describe a match.
var ErrRateInput = errors.New("standings: invalid rating input")

// Rate returns the ratings after one match in which players[i] finished at
// places[i] (one player per team). Only the order of the places matters:
// a lower place is better and equal places are a tie, so [1 2 2 4] and
// [1 2 2 3] mean the same. The result is in the order of players; the input
// is not modified.
//
// Ties follow openskill exactly: each term of a shared place is divided by
// the number of players sharing it. A consequence, kept for fidelity: in a
// field of five or more, two players sharing first can gain less μ than a
// lone third.
//
// Returns an error wrapping ErrRateInput when the slices differ in length,
// are empty, or a rating is not finite with σ > 0.
func (m Model) Rate(players []Rating, places []int) ([]Rating, error) {
	n := len(players)
	if n == 0 || n != len(places) {
		return nil, fmt.Errorf("%w: %d ratings for %d places", ErrRateInput, n, len(places))
	}
	for i, p := range players {
		if !finite(p.Mu) || !finite(p.Sigma) || p.Sigma <= 0 {
			return nil, fmt.Errorf("%w: rating %d is %+v", ErrRateInput, i, p)
		}
	}
	sigmaSq := make([]float64, n)
	c2 := 0.0
	for i, p := range players {
		sigmaSq[i] = p.Sigma*p.Sigma + m.Tau*m.Tau
		c2 += sigmaSq[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(c2)

	// Per player i: e[i] = exp(μi/c); sumQ[i] = Σ e over the players who
	// finished at or after i (the field i was drawn from under
	// Plackett-Luce); tied[i] = the number of players sharing i's place,
	// openskill's A, which splits a tied place's share between them.
	e := make([]float64, n)
	for i, p := range players {
		e[i] = math.Exp(p.Mu / c)
	}
	sumQ := make([]float64, n)
	tied := make([]float64, n)
	for q := range n {
		for i := range n {
			if places[i] >= places[q] {
				sumQ[q] += e[i]
			}
			if places[i] == places[q] {
				tied[q]++
			}
		}
	}

	out := make([]Rating, n)
	for i := range n {
		omega, delta := 0.0, 0.0
		for q := range n {
			if places[q] > places[i] {
				continue // i was not in the field when q's place was drawn
			}
			quotient := e[i] / sumQ[q]
			if q == i {
				omega += (1 - quotient) / tied[q]
			} else {
				omega -= quotient / tied[q]
			}
			delta += quotient * (1 - quotient) / tied[q]
		}
		gamma := math.Sqrt(sigmaSq[i]) / c // openskill's default γ
		omega *= sigmaSq[i] / c
		delta *= gamma * sigmaSq[i] / c2
		// One player per team, so the player's share of the team's σ² is 1.
		out[i] = Rating{
			Mu:    players[i].Mu + omega,
			Sigma: math.Sqrt(sigmaSq[i]) * math.Sqrt(math.Max(1-delta, m.Kappa)),
		}
	}
	return out, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
