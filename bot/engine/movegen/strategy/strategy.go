// Package strategy builds a move generator by name over an index file: the
// factory behind the --strategy flags of the commands, the benchmarks and
// the scripts. It lives apart from package movegen so that the generators
// (and the hot path that plays) do not import the index, and through it
// bbolt: a generator is built from a GADDAG, a word list or a dictionary,
// wherever they come from.
package strategy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/reference"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/quote"
)

// Names lists the names New accepts.
func Names() []string { return []string{"gaddag", "anagram", "exhaustive"} }

// New returns the strategy called name (any case) over idx: "gaddag" (the
// fastest, over the GADDAG stored in the index, never rebuilt at start-up),
// "anagram" (rack-subset lookups in the index fitted onto board slots) or
// "exhaustive" (plainly correct and slow, for tests and for checking the
// others); the last two are package reference's, built to check the first.
func New(name string, idx *index.Index) (movegen.Generator, error) {
	name = strings.ToLower(name)
	if !slices.Contains(Names(), name) {
		return nil, fmt.Errorf("%w %s (known: %s)", ErrUnknownStrategy, quote.String(name), strings.Join(Names(), ", "))
	}
	if idx == nil {
		return nil, fmt.Errorf("%w for strategy %q", ErrNoIndex, name)
	}
	switch name {
	case "gaddag":
		g := idx.GADDAG()
		if g == nil {
			return nil, fmt.Errorf("%w: index %s holds no GADDAG", ErrNoGADDAG, idx.Path())
		}
		return movegen.NewGADDAG(g, movegen.WithMultisets(idx.Multisets()), movegen.WithBlanks(idx.Blanks())), nil
	case "anagram":
		return newAnagram(idx)
	case "exhaustive":
		return reference.NewExhaustive(idx), nil
	}
	return nil, fmt.Errorf("%w %s (known: %s)", ErrUnknownStrategy, quote.String(name), strings.Join(Names(), ", "))
}

// newAnagram reads idx's words once into memory (the anagram generator's
// trie) and uses its GADDAG for the cross-check sets and its fragment Bloom
// filter.
func newAnagram(idx *index.Index) (movegen.Generator, error) {
	g := idx.GADDAG()
	if g == nil {
		return nil, fmt.Errorf("%w: index %s holds no GADDAG for the cross-check sets", ErrNoGADDAG, idx.Path())
	}
	var words []string
	if err := idx.Each(func(w string) bool { words = append(words, w); return true }); err != nil {
		return nil, fmt.Errorf("reading the words of %s: %w", idx.Path(), err)
	}
	return reference.NewAnagram(words, g, idx.Fragment), nil
}
