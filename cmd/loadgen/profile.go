package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// startProfile profiles the measured scenarios when -profile is given with
// -inprocess (the server then runs in this process). It returns the stop,
// which also writes the heap still in use after the load (client's and
// server's: see the functions) for the RSS budget.
func startProfile(o options) func() {
	if o.profile == "" || !o.inProcess {
		return func() {}
	}
	f, err := os.Create(o.profile + ".cpu")
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen: profile:", err)
		return func() {}
	}
	runtime.SetBlockProfileRate(10000) // one event per 10 µs blocked
	runtime.SetMutexProfileFraction(10)
	pprof.StartCPUProfile(f)
	return func() {
		pprof.StopCPUProfile()
		f.Close()
		runtime.GC() // the heap profile shows what is still held after the load
		for _, name := range []string{"block", "mutex", "heap"} {
			if w, err := os.Create(o.profile + "." + name); err == nil {
				pprof.Lookup(name).WriteTo(w, 0)
				w.Close()
			}
		}
	}
}
