// Package deflate is a small DEFLATE encoder (RFC 1951) made for the
// app's pages: HTML of 1–100 KB that repeats itself a lot and looks much
// the same from one page to the next.
//
// It is fast because it does less than a general compressor:
//
//   - one pass of greedy LZ77 matching: a hash table (16,384 positions)
//     of the next 5 bytes at each position tried, a 32 KB window, matches
//     of at least 4 bytes (4 checked, then extended 8 bytes at a time, with
//     no limit: a match longer than 258 goes out as several of at most 258
//     at the same distance, the last at least 3), each written out as soon
//     as it is found (no token buffer);
//     after 64 bytes without a match the search steps 2 bytes at a time,
//     then 3…;
//   - one Huffman code, fixed in advance, for every block: the literal and
//     length code and the distance code are derived from the symbol counts
//     of real pages (scoresheets, standings, a save's answer, the group and
//     player pages, in English and in French), every symbol given a code so
//     that any input still encodes. No histogram, no tree is built per page:
//     a block is the precomputed dynamic-block header (BTYPE=10) followed by
//     the codes;
//   - no allocation: Append writes into the caller's buffer, and the only
//     state, the hash table (64 KB), comes from a pool.
//
// Input the code was not made for (binary, another alphabet) still encodes
// correctly, at most into stored blocks: when the coded form would be
// larger than the input, the input is sent stored.
//
// # The table
//
// table.go is generated: `go generate ./internal/deflate` runs
// ./gen, which parses every page in testdata/corpus (gzipped HTML) with
// the encoder's own matcher, counts the symbols, adds one to every count
// (so that every symbol has a code) and builds length-limited (15-bit)
// Huffman codes from the counts (Derive). TestTableIsFresh fails when the
// committed table is not what the corpus and the matcher give today.
// The corpus pages are written by the handlers' tests:
//
//	go test ./handlers -run TestPagesCompressWithinBound -deflate-corpus ../internal/deflate/testdata/corpus
//	go generate ./internal/deflate
//
//go:generate go run ./gen -corpus testdata/corpus -out table.go
package deflate
