package handlers

import (
	"os"
	"testing"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

// TestMain stops the throwaway PostgreSQL the tests that run on both
// databases started, if any.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
