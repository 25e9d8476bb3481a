// Command tablekeeper serves the scoresheet, referee and standings app.
//
//	tablekeeper              serve (the default)
//	tablekeeper backup FILE  write a consistent copy of the database to FILE
//	tablekeeper copy FROM TO [GROUP…]
//	                         copy a whole database (or the groups named by
//	                         their address) between SQLite and PostgreSQL
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// memoryLimit is the Go runtime's soft memory limit unless GOMEMLIMIT says
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
const memoryLimit = 36 << 20

// gcPercent is GOGC under that default limit unless GOGC says otherwise:
// the collector waits for the heap to reach five times what is live (or
// the limit, whichever comes first) instead of twice. While the live heap
// is small (before a big group's standings are kept) the heap would
// otherwise be collected every ~10 MB: 64 phones saving without pause
// allocate ~200 MB/s, and the collections cost 5–10 % of a save's CPU.
// The memory held after a busy evening is the limit either way.
const gcPercent = 400

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(gcPercent)
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tablekeeper:", err)
		os.Exit(1)
	}
}
