// Package movegen finds every legal placement in a position. Strategies
// (GADDAG, exhaustive, ...) share one interface and report each play to a
// PlayRecorder, which decides what to keep: a caller that wants only the best
// move never pays for collecting thousands.
//
// Generators never allocate per generated move: the *move.Move handed to a
// recorder lives in the generator's reused buffers and is valid only during
// the call. A recorder that keeps a move copies it (AllPlays, TopN and Best
// do).
//
// A play is the set of tiles it places (move.Key): a single tile that forms a
// word both across and down is reported once, as rules.Score scores it (along
// its row when it touches a tile left or right of it, else down its column).
// Words already on the board are never re-validated, only the words the play
// forms.
package movegen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/tile"
	"github.com/lexico/lexico/bot/variant"
	"github.com/lexico/lexico/index"
)

// PlayRecorder receives each legal play with its score. m is valid only
// during the call: copy what you keep.
type PlayRecorder func(m *move.Move)

// Generator reports every legal play of rack on b under v to rec. It does
// not report passes or exchanges (whether those are allowed is the caller's
// business). Implementations are safe for concurrent use.
type Generator interface {
	Generate(v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder)
}

// BestFinder is a Generator that can find a highest-scoring play faster
// than by reporting every play to a Best recorder.
type BestFinder interface {
	FindBest(v *variant.Variant, b *board.Board, rack tile.Rack) (move.Move, bool)
}

// FindBest returns a highest-scoring play of rack on b, and false when there
// is none, using gen's own FindBest when it has one. Among equal scores it
// returns the play gen reports first.
func FindBest(gen Generator, v *variant.Variant, b *board.Board, rack tile.Rack) (move.Move, bool) {
	if bf, ok := gen.(BestFinder); ok {
		return bf.FindBest(v, b, rack)
	}
	var best Best
	gen.Generate(v, b, rack, best.Record)
	return best.Move, best.Found
}

// Strategies lists the names New accepts.
func Strategies() []string { return []string{"gaddag", "anagram", "exhaustive"} }

// New returns the strategy called name (any case) over idx: "gaddag" (the
// fastest, over the GADDAG stored in the index, never rebuilt at start-up),
// "anagram" (rack-subset lookups in the index fitted onto board slots) or
// "exhaustive" (plainly correct and slow, for tests and for checking the
// others).
func New(name string, idx *index.Index) (Generator, error) {
	name = strings.ToLower(name)
	if !slices.Contains(Strategies(), name) {
		return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownStrategy, name, strings.Join(Strategies(), ", "))
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
		return NewGADDAG(g, WithMultisets(idx.Multisets())), nil
	case "anagram":
		return newAnagramStrategy(idx)
	case "exhaustive":
		return NewExhaustive(idx), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownStrategy, name, strings.Join(Strategies(), ", "))
}
