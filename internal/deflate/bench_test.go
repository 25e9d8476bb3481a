package deflate

import (
	"bytes"
	"testing"

	kflate "github.com/klauspost/compress/flate"
)

// BenchmarkAppend compresses a finished scoresheet, a save's answer and
// the standings with this package and with klauspost's stateless deflate
// (what handlers used before): go test -bench Append ./internal/deflate
func BenchmarkAppend(b *testing.B) {
	pages := corpus(b)
	for _, name := range []string{"fivecrowns-finished-en", "save-2-fr", "standings-fr"} {
		page := pages[name]
		b.Run(name+"/deflate", func(b *testing.B) {
			buf := make([]byte, 0, len(page))
			b.SetBytes(int64(len(page)))
			var z []byte
			for b.Loop() {
				z = Append(buf[:0], page, true)
			}
			b.ReportMetric(float64(len(z)), "out-bytes")
		})
		b.Run(name+"/stateless", func(b *testing.B) {
			out := bytes.NewBuffer(make([]byte, 0, len(page)))
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				out.Reset()
				kflate.StatelessDeflate(out, page, true, nil)
			}
			b.ReportMetric(float64(out.Len()), "out-bytes")
		})
	}
}
