package handlers

import (
	"bytes"
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/store"
)

// A phone that leaves while its request is at the database is not a server
// failure: nothing is answered and no error is logged, whatever the driver
// called the interrupted query (pgx closes the connection and says
// driver.ErrBadConn). The same error with the phone still there is the
// database not answering: 503 with a sentence a player understands.
func TestAbandonedRequestIsNotAnError(t *testing.T) {
	for _, gone := range []bool{true, false} {
		t.Run(fmt.Sprintf("client gone %v", gone), func(t *testing.T) {
			app := newTestApp(t)
			var logged bytes.Buffer
			app.srv.log = slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelInfo}))
			ctx, cancel := context.WithCancel(context.Background())
			if gone {
				cancel()
			} else {
				defer cancel()
			}
			req := httptest.NewRequest(http.MethodGet, "/", nil).WithContext(ctx)
			rec := httptest.NewRecorder()
			c := app.e.NewContext(req, rec)
			app.srv.handleError(fmt.Errorf("store: load match: %w", driver.ErrBadConn), c)
			if gone {
				if rec.Body.Len() != 0 || strings.Contains(logged.String(), "request failed") {
					t.Fatalf("an abandoned request was answered %d %q and logged %q", rec.Code, rec.Body.String(), logged.String())
				}
				return
			}
			// With the phone still there, the connection to the database
			// broke: the database is not answering (503, and say so).
			if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" ||
				!strings.Contains(rec.Body.String(), "The database is not answering; try again in a moment.") ||
				!strings.Contains(logged.String(), "database not answering") {
				t.Fatalf("a failure with the client still there: status %d, log %q; want 503 with Retry-After, the sentence and a logged warning", rec.Code, logged.String())
			}
		})
	}
}

// A write PostgreSQL kept refusing as not serializable, past the store's
// tries, is a 503 with a sentence in the player's language and a Retry-After,
// not a 500 (issue 40).
func TestWriteRefusedTooOftenIsBusy(t *testing.T) {
	app := newTestApp(t)
	for lang, want := range map[string]string{"en": "Too many groups are saving at this very moment", "fr": "Trop de groupes enregistrent en ce moment même"} {
		req := httptest.NewRequest(http.MethodPost, "/", nil)
		req.Header.Set("Accept-Language", lang)
		rec := httptest.NewRecorder()
		app.srv.handleError(fmt.Errorf("store: refused 16 times: %w (%w)", store.ErrBusy, errors.New("ERROR: could not serialize access (SQLSTATE 40001)")), app.e.NewContext(req, rec))
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("%s: %d %q, want 503 with Retry-After saying %q", lang, rec.Code, errorText(rec.Body.String()), want)
		}
	}
}
