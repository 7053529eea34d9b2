// Package playertest holds a fixture the tests above the engine share: a
// player over the embedded default dictionary's GADDAG (the default index's,
// read in place as a bot reads it: buildtest keeps one index file for every
// test binary and run) and that dictionary as a rules.Dictionary, built
// from the list itself, to judge what the player answers.
package playertest

import (
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/build/buildtest"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/wordlist"
)

// Words is a rules.Dictionary over a set of words.
type Words map[string]bool

// Contains reports whether w is one of the words.
func (d Words) Contains(w string) bool { return d[w] }

// The fixture is test-only state, written once per test binary (under
// once) to save reading the whole list in every test, and every player it
// makes shares one Shared as an engine's policies do: the simulations'
// leave keys must differ between any two searches over gen.
var (
	once sync.Once
	gen  movegen.Generator
	// shared is what every policy over gen shares, as an engine's do (its
	// simulations' playouts numbered from one count).
	shared *player.Shared
	table  *equity.Table
	dict   Words
	err    error
)

// Embedded is a player of policy with the default leave table over the
// embedded dictionary, and that dictionary.
func Embedded(tb testing.TB, policy string) (player.Policy, Words) {
	tb.Helper()
	once.Do(func() {
		var words []string
		if words, err = wordlist.DefaultWords(wordlist.DefaultMinLen, wordlist.DefaultMaxLen); err != nil {
			return
		}
		if table, err = equity.DefaultTable(); err != nil {
			return
		}
		dict = Words{}
		for _, w := range words {
			dict[w] = true
		}
		var x *index.Index
		if x, err = buildtest.Open(0, 0); err != nil {
			return
		}
		gen = movegen.NewGADDAG(x.GADDAG())
		shared = player.NewShared()
	})
	if err != nil {
		tb.Fatalf("the embedded dictionary's player: %v", err)
	}
	pl, perr := shared.New(policy, gen, table)
	if perr != nil {
		tb.Fatal(perr)
	}
	return pl, dict
}
