// Package referee is the home of the games' rule engines, one package per
// game below it (referee/take5, referee/fivecrowns, …). Each imports only
// the standard library, the kernel they share (package rulebook) and other
// engines; this directory holds the tests that keep that true (TestLayering)
// and that write docs/RULES.md from the engines' catalogues.
package referee
