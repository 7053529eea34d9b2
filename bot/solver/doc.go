// Package solver is a board-file solver after the README of scrabblizer, a
// Words With Friends solver in Scala (us.zuercher.scrabblizer; "the seed" in
// this package's comments): it reads a board drawn as text and a hand, lists
// the best plays under a rule set (Lexico or Words With Friends), and writes
// a chosen play back into the board file.
//
// The solver holds no rules of its own: the board, bag and premiums come from
// a variant.Variant, scoring from package rules, plays from a
// movegen.Generator. It adds what a person at a keyboard needs: the file
// format, the tile-bag sanity checks, a ranked and described list of plays,
// and an interactive loop.
package solver
