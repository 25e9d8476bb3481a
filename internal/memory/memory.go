// Package memory sets the Go runtime's memory limit and collector pace the
// server runs with, in one place for the server and the benchmarks that
// measure it (handlers' cpu-ns/op figures are taken as served).
package memory

import "runtime/debug"

// Limit is the Go runtime's soft memory limit unless GOMEMLIMIT says
// otherwise. The live heap of a busy evening is ~15 MB (~20 MB with a
// 10,000-match group's standings kept); without a limit the collector lets
// it grow to twice that before collecting, and a small server (a Pi) keeps
// the peak. Near the limit the collector runs sooner instead; it never
// refuses memory (a large import still gets what it needs). The process's
// RSS is about this plus ~1 MB outside Go (SQLite's page caches, 256 KB per
// connection) plus 20 MB of the binary's pages: at 40 MiB the load
// generator's run ended at 63–69 MB, over the 60 MB budget; at 36 MiB at
// 57.8–58.2 MB, the big group's player and records pages paying ~25 % more
// CPU for the more frequent collections (docs/PERFORMANCE.md, issue 19).
const Limit = 36 << 20

// GCPercent is GOGC under that default limit unless GOGC says otherwise:
// the collector waits for the heap to reach five times what is live (or
// the limit, whichever comes first) instead of twice. While the live heap
// is small (before a big group's standings are kept) the heap would
// otherwise be collected every ~10 MB: 64 phones saving without pause
// allocate ~200 MB/s, and the collections cost 5–10 % of a save's CPU.
// The memory held after a busy evening is the limit either way.
const GCPercent = 400

// Configure sets Limit, and GCPercent under it, unless the environment
// (getenv) sets GOMEMLIMIT, or GOGC for the pace alone. It returns a func
// that puts back what was set before (for benchmarks).
func Configure(getenv func(string) string) (restore func()) {
	if getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	limit := debug.SetMemoryLimit(Limit)
	pace, percent := getenv("GOGC") == "", 0
	if pace {
		percent = debug.SetGCPercent(GCPercent)
	}
	return func() {
		debug.SetMemoryLimit(limit)
		if pace {
			debug.SetGCPercent(percent)
		}
	}
}
