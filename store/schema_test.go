package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tablekeeper/tablekeeper/internal/pgtest"
)

// The two databases' migrations are written twice (migrations/ and
// migrations_pg/): migrated to the end, both hold the same tables with the
// same columns (and which may be null), and the same indexes on the same
// columns. Types are each dialect's own and are not compared; the columns
// only PostgreSQL has are those the copy leaves out (pgOnlyColumns).
func TestBothDatabasesMigrateToOneSchema(t *testing.T) {
	if onPG {
		t.Skip("runs once, in the SQLite pass: it migrates both databases")
	}
	ctx := context.Background()
	lite, err := Open(ctx, filepath.Join(t.TempDir(), "schema.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	pg, err := Open(ctx, pgtest.Database(t))
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	want, got := sqliteSchema(t, lite.db), postgresSchema(t, pg.db)
	if len(want) < 10 {
		t.Fatalf("SQLite has %d tables and indexes, want the app's", len(want))
	}
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if got[k] != want[k] {
			t.Errorf("%s\n   SQLite:     %s\n   PostgreSQL: %s", k, want[k], orNone(got[k]))
		}
	}
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if _, ok := want[k]; !ok {
			t.Errorf("%s\n   SQLite:     (none)\n   PostgreSQL: %s", k, got[k])
		}
	}
}

func orNone(s string) string { return map[bool]string{true: "(none)", false: s}[s == ""] }

// A schema is "table T" → its columns ("name" or "name null", in order),
// and "index I" → "unique? on T(columns)".
type schema map[string]string

// gooseTable is the migrations' own bookkeeping, not the app's schema.
const gooseTable = "goose_db_version"

func sqliteSchema(t *testing.T, db *sql.DB) schema {
	t.Helper()
	out := schema{}
	tables := strings.Fields(queryText(t, db, `SELECT group_concat(name, ' ') FROM sqlite_master
		WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> ?`, gooseTable))
	for _, tb := range tables {
		out["table "+tb] = queryText(t, db, `SELECT group_concat(name || CASE WHEN "notnull" OR pk THEN '' ELSE ' null' END, ', ')
			FROM (SELECT * FROM pragma_table_info(?) ORDER BY cid)`, tb)
		rows, err := db.Query(`SELECT name, "unique" FROM pragma_index_list(?) WHERE origin = 'c'`, tb)
		if err != nil {
			t.Fatal(err)
		}
		var idx []struct {
			name   string
			unique bool
		}
		for rows.Next() {
			var i struct {
				name   string
				unique bool
			}
			if err := rows.Scan(&i.name, &i.unique); err != nil {
				t.Fatal(err)
			}
			idx = append(idx, i)
		}
		rows.Close()
		for _, i := range idx {
			cols := queryText(t, db, `SELECT group_concat(coalesce(name, 'expr'), ', ') FROM (SELECT * FROM pragma_index_xinfo(?) WHERE key ORDER BY seqno)`, i.name)
			out["index "+i.name] = indexText(i.unique, tb, cols)
		}
	}
	return out
}

func postgresSchema(t *testing.T, db *sql.DB) schema {
	t.Helper()
	out := schema{}
	rows, err := db.Query(`SELECT table_name, string_agg(column_name || CASE WHEN is_nullable = 'YES' THEN ' null' ELSE '' END, ', ' ORDER BY ordinal_position)
		FROM information_schema.columns WHERE table_schema = current_schema() AND table_name <> $1 GROUP BY table_name`, gooseTable)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var tb, cols string
		if err := rows.Scan(&tb, &cols); err != nil {
			t.Fatal(err)
		}
		// The columns only PostgreSQL has, declared once for the copy.
		kept := slices.DeleteFunc(strings.Split(cols, ", "), func(c string) bool { return pgOnlyColumns[strings.Fields(c)[0]] })
		out["table "+tb] = strings.Join(kept, ", ")
	}
	rows.Close()
	// The indexes a migration creates, not those behind a primary key or a
	// UNIQUE constraint (SQLite's are automatic too).
	rows, err = db.Query(`SELECT ic.relname, tc.relname, ix.indisunique,
			(SELECT string_agg(coalesce(a.attname, 'expr'), ', ' ORDER BY k.n)
			   FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, n)
			   LEFT JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum)
		FROM pg_index ix
		JOIN pg_class ic ON ic.oid = ix.indexrelid
		JOIN pg_class tc ON tc.oid = ix.indrelid
		JOIN pg_namespace ns ON ns.oid = tc.relnamespace
		WHERE ns.nspname = current_schema() AND tc.relname <> $1
		  AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid)`, gooseTable)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var name, tb, cols string
		var unique bool
		if err := rows.Scan(&name, &tb, &unique, &cols); err != nil {
			t.Fatal(err)
		}
		out["index "+name] = indexText(unique, tb, cols)
	}
	return out
}

func indexText(unique bool, table, cols string) string {
	return fmt.Sprintf("%son %s(%s)", map[bool]string{true: "unique ", false: ""}[unique], table, cols)
}

func queryText(t *testing.T, db *sql.DB, q string, args ...any) string {
	t.Helper()
	var s sql.NullString
	if err := db.QueryRow(q, args...).Scan(&s); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return s.String
}
