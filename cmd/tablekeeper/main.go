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
	"syscall"

	"github.com/tablekeeper/tablekeeper/internal/memory"
)

func main() {
	memory.Configure(os.Getenv)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tablekeeper:", err)
		os.Exit(1)
	}
}
