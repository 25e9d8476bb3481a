package taki

import (
	"slices"
	"testing"
)

func TestEndOver(t *testing.T) {
	tests := []struct {
		name   string
		end    End
		rounds int
		totals []int
		want   bool
	}{
		{"fixed rounds not reached", End{Rounds: 5}, 4, []int{900, 0}, false},
		{"fixed rounds reached", End{Rounds: 5}, 5, []int{0, 0}, true},
		{"limit + reached exactly", End{Limit: 500}, 3, []int{500, -80}, true},
		{"limit + not reached", End{Limit: 500}, 3, []int{499, -600}, false},
		{"limit − reached", End{Limit: 500, Minus: true}, 3, []int{200, -500}, true},
		{"limit − not reached by a high total", End{Limit: 500, Minus: true}, 3, []int{900, -499}, false},
		{"both criteria is invalid", End{Rounds: 3, Limit: 500}, 9, []int{900}, false},
		{"no criterion is invalid", End{}, 9, []int{900}, false},
	}
	for _, tt := range tests {
		if got := tt.end.Over(tt.rounds, tt.totals); got != tt.want {
			t.Errorf("%s: %+v.Over(%d, %v) = %v, want %v", tt.name, tt.end, tt.rounds, tt.totals, got, tt.want)
		}
	}
}

func TestWinners(t *testing.T) {
	tests := []struct {
		totals []int
		want   []int
	}{
		{[]int{62, 57, 83}, []int{2}},
		{[]int{83, 57, 83}, []int{0, 2}},
		{[]int{-5, -5}, []int{0, 1}},
		{nil, []int{}},
	}
	for _, tt := range tests {
		if got := Winners(tt.totals); !slices.Equal(got, tt.want) {
			t.Errorf("Winners(%v) = %v, want %v", tt.totals, got, tt.want)
		}
	}
}
