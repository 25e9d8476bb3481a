package main

import (
	"os"
	"testing"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

// TestMain stops the PostgreSQL cluster the tests may have started.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
