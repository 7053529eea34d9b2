// Package firststeps checks that the README's two commands and first steps
// work as printed on a fresh machine: its test clones the repository's
// committed HEAD into a temporary directory, gives it a fresh HOME (no
// LEXICO_INDEX, no XDG_CACHE_HOME), runs `make run` and then every command
// of the README's "First steps" section, as the README prints it, and
// checks that each does what the README says it does.
//
// The commands are read from README.md itself (Steps), not copied into the
// test, so that the test fails when the README and the programs drift
// apart: a first step the test has no check for fails it too, until the
// test learns what that step promises.
//
// The whole run builds the programs and the default index from scratch and
// plays a match, about a minute on the 2-core machine, so it runs only with
// LEXICO_FIRST_STEPS=1 (make test-first-steps); make test runs only the
// cheap part, which reads the README and checks that its first steps are
// commands the test knows and name files that exist.
package firststeps
