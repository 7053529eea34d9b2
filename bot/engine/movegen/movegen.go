// Package movegen finds every legal placement in a position. Strategies
// (GADDAG, exhaustive, ...) share one interface and report each play to a
// PlayRecorder, which decides what to keep: a caller that wants only the best
// move never pays for collecting thousands. Generators are built from their
// data (a GADDAG, a word list, a dictionary), not from an index file: the
// package does not import the index (nor bbolt); package strategy builds one
// by name over an index.
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
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
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

// StoppableGenerator is a Generator that can be stopped part way, for a
// caller with a deadline.
//
// GenerateUntil reports plays to rec as Generate does, and asks stop before
// each unit of work (an anchor of the GADDAG generator, a lookup of the
// anagram generator, a starting square of the exhaustive one) and, within
// one, every few hundred steps of its walk: a unit usually takes
// microseconds, but with two blanks one can take many milliseconds, part
// of them without a play. Between two questions there are at most about
// half a millisecond of work, so a stop is obeyed that soon, and asking
// that seldom costs nothing measurable even when stop reads the clock. At
// the first true answer it returns without reporting another play. It
// reports whether it finished: true when every play was reported, exactly
// as by Generate; false when stop ended it. A nil stop never stops.
//
// stop is a plain func() bool, not a context.Context, so that any
// condition serves at the cost of one call: an atomic.Bool's Load, a
// context (func() bool { return ctx.Err() != nil }), or a look at the
// clock itself, which a context cannot offer: its deadline is signalled by
// a timer that, while the searches busy every core, waits for one.
type StoppableGenerator interface {
	Generator
	GenerateUntil(v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder, stop func() bool) (finished bool)
}

// GenerateUntil runs gen until it has reported every play or stop answers
// true, and reports whether it finished (see StoppableGenerator). A gen
// that is not a StoppableGenerator cannot be cut short: it runs to its end,
// but stop is asked before each play, and once it has answered true no
// further play is reported and GenerateUntil returns false.
func GenerateUntil(gen Generator, v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder, stop func() bool) (finished bool) {
	if sg, ok := gen.(StoppableGenerator); ok {
		return sg.GenerateUntil(v, b, rack, rec, stop)
	}
	if stop == nil {
		gen.Generate(v, b, rack, rec)
		return true
	}
	stopped := stop()
	if !stopped {
		gen.Generate(v, b, rack, func(m *move.Move) {
			if !stopped && !stop() {
				rec(m)
				return
			}
			stopped = true
		})
	}
	return !stopped
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

// StoppableBestFinder is a BestFinder that can be stopped part way.
// FindBestUntil returns what FindBest returns when it finishes (finished
// true); when stop ends it first, the best play of the part searched, if
// any. stop is asked between two units of work, as by GenerateUntil. When
// better is not nil it is told each play that beats every play found
// before it, as it is found, so a caller cut short by a deadline holds the
// best so far even if the search never returns in time; the last play told
// may tie with the one returned, which among equals is Generate's first.
// Both may be called from several goroutines at once: they must be safe
// for concurrent use, and better must copy what it keeps.
type StoppableBestFinder interface {
	BestFinder
	FindBestUntil(v *variant.Variant, b *board.Board, rack tile.Rack, stop func() bool, better PlayRecorder) (m move.Move, found, finished bool)
}

// FindBestUntil is FindBest that stops when stop answers true, using gen's
// own FindBestUntil when it has one, else GenerateUntil with a Best
// recorder. finished is false when stop ended the search: the play
// returned, if any, is then the best of the part searched. better, if not
// nil, is told each new best as it is found (see StoppableBestFinder).
func FindBestUntil(gen Generator, v *variant.Variant, b *board.Board, rack tile.Rack, stop func() bool, better PlayRecorder) (m move.Move, found, finished bool) {
	if bf, ok := gen.(StoppableBestFinder); ok {
		return bf.FindBestUntil(v, b, rack, stop, better)
	}
	return findBestByGenerating(gen, v, b, rack, stop, better)
}

// findBestByGenerating is FindBestUntil for a generator with no search of
// its own: every play, the best kept.
func findBestByGenerating(gen Generator, v *variant.Variant, b *board.Board, rack tile.Rack, stop func() bool, better PlayRecorder) (m move.Move, found, finished bool) {
	var best Best
	rec := best.Record
	if better != nil {
		rec = func(m *move.Move) {
			if !best.Found || m.Score > best.Move.Score {
				best.Record(m)
				better(m)
			}
		}
	}
	finished = GenerateUntil(gen, v, b, rack, rec, stop)
	return best.Move, best.Found, finished
}
