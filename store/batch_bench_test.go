package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
)

// BenchmarkConcurrentSaves: 32 phones save rounds of their own matches at
// once, each deciding its round on the match as its transaction reads it
// (ChangeRound, as the round form's save does), with the queued saves sharing a commit ("shared") or each committing alone
// ("alone", maxBatch 1). cpu-ns/op is the process's CPU per save.
func BenchmarkConcurrentSaves(b *testing.B) {
	for _, mode := range []string{"alone", "shared"} {
		b.Run(mode, func(b *testing.B) {
			if mode == "alone" {
				defer func(n int) { maxBatch = n }(maxBatch)
				maxBatch = 1
			}
			ctx := context.Background()
			s, err := Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			g, err := s.CreateGroup(ctx, "G", "Ana", "")
			if err != nil {
				b.Fatal(err)
			}
			players, _ := s.Players(ctx, g.Group.ID)
			ids := []int64{players[0].ID}
			for i := 1; i < 5; i++ {
				p, err := s.AddPlayer(ctx, g.Group.ID, fmt.Sprint("P", i))
				if err != nil {
					b.Fatal(err)
				}
				ids = append(ids, p.ID)
			}
			newMatch := func() int64 {
				m, err := s.CreateMatch(ctx, g.Group.ID, NewMatch{Game: "fivecrowns", Players: ids,
					Rules: map[string]string{}, Options: map[string]string{"startRound": "1"}})
				if err != nil {
					b.Fatal(err)
				}
				return m
			}
			var phone atomic.Int64
			b.SetParallelism(16) // 32 goroutines on 2 cores
			b.ReportAllocs()
			cpu0 := cpuNow()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				me := phone.Add(1)
				match, saved := newMatch(), 0
				for i := 0; pb.Next(); i++ {
					if saved == 11 {
						match, saved = newMatch(), 0
					}
					_, _, rounds, err := s.ChangeRound(ctx, g.Group, match, fmt.Sprintf("%d.%d-%d", saved+1, me, i), func(_ Match, read []Round) RoundWrite {
						return RoundWrite{Kind: WriteAdd, Number: len(read) + 1, Entry: raw(`{"v":1,"cards":[]}`), Points: []int{0, 3 + i%40, 5, 12, 7}, Author: "Ana"}
					})
					if err != nil {
						b.Error(err)
						return
					}
					saved = len(rounds)
				}
			})
			b.StopTimer()
			b.ReportMetric(float64(cpuNow()-cpu0)/float64(b.N), "cpu-ns/op")
			c, n := s.queue.commits.Load(), s.queue.saves.Load()
			b.ReportMetric(float64(n)/float64(b.N), "shared/op")
			if c > 0 {
				b.ReportMetric(float64(n)/float64(c), "saves/commit")
			}
		})
	}
}

func cpuNow() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
