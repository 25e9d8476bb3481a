package deflate

import (
	"bytes"
	"syscall"
	"testing"

	kflate "github.com/klauspost/compress/flate"
)

// BenchmarkAppend compresses a finished scoresheet, a save's answer and
// the standings with this package and with klauspost's stateless deflate
// (what handlers used before): go test -bench Append ./internal/deflate
func BenchmarkAppend(b *testing.B) {
	pages := corpus(b)
	all := make([][]byte, 0, len(pages))
	for _, p := range pages {
		all = append(all, p)
	}
	b.Run("corpus/deflate", func(b *testing.B) { // every page, once per op
		buf := make([]byte, 0, 64<<10)
		cpu0, size := processCPU(), 0
		for b.Loop() {
			size = 0
			for _, p := range all {
				size += len(Append(buf[:0], p, true))
			}
		}
		b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(size), "out-bytes")
	})
	b.Run("corpus/stateless", func(b *testing.B) {
		out := bytes.NewBuffer(make([]byte, 0, 64<<10))
		cpu0, size := processCPU(), 0
		for b.Loop() {
			size = 0
			for _, p := range all {
				out.Reset()
				kflate.StatelessDeflate(out, p, true, nil)
				size += out.Len()
			}
		}
		b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		b.ReportMetric(float64(size), "out-bytes")
	})
	for _, name := range []string{"fivecrowns-finished-en", "save-2-fr", "standings-fr"} {
		page := pages[name]
		b.Run(name+"/deflate", func(b *testing.B) {
			buf := make([]byte, 0, len(page))
			b.SetBytes(int64(len(page)))
			var z []byte
			cpu0 := processCPU()
			for b.Loop() {
				z = Append(buf[:0], page, true)
			}
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(len(z)), "out-bytes")
		})
		b.Run(name+"/stateless", func(b *testing.B) {
			out := bytes.NewBuffer(make([]byte, 0, len(page)))
			b.SetBytes(int64(len(page)))
			cpu0 := processCPU()
			for b.Loop() {
				out.Reset()
				kflate.StatelessDeflate(out, page, true, nil)
			}
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(out.Len()), "out-bytes")
		})
	}
}

// processCPU is the CPU time the process has used, in ns: on a shared
// machine it tells the cost better than the wall clock.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
