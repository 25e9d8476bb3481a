// Command tablekeeper serves the scoresheet, referee and standings app.
//
//	tablekeeper              serve (the default)
//	tablekeeper backup FILE  write a consistent copy of the database to FILE
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tablekeeper:", err)
		os.Exit(1)
	}
}
