// Package movegen finds the legal placements of a rack in a position. Every
// generator has one entry point, Search, taking an Args value: report every
// play as it is found (Keep 0), or keep only the Keep best by score or by
// equity (score plus a value of the tiles kept), which the GADDAG generator
// finds by bounds without generating the rest (shadow.go). Generators are
// built from their data (a GADDAG, a word list, a dictionary), not from an
// index file: the package does not import the index (nor bbolt); package
// strategy builds one by name over an index. The generator that plays is
// the GADDAG generator (gaddag.go, its bounded search shadow.go and
// keep.go); the generators that check it by other means, plainly correct
// and slow, are in package reference.
//
// A search computes every square's cross-check set from the board, unless
// it is given a CrossSets table (Args.Cross) that a game's state keeps up
// to date as moves are applied and taken back: searches that follow one
// game move by move (the endgame solver, the simulation's playouts) read
// the table instead (crossset.go).
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

// PlayRecorder receives a play. m is valid only during the call: copy what
// you keep.
type PlayRecorder func(m *move.Move)

// Args is what a search is asked: the position, what to keep, how to value
// a play, when to stop and where to report.
type Args struct {
	Variant *variant.Variant
	Board   *board.Board
	Rack    tile.Rack

	// Keep is how many plays the search keeps. 0 reports every legal play
	// to Record as it is found, in the generator's order. n > 0 keeps the
	// n best by value (among equal values, the one the generator's order
	// reaches first) and reports them to Record, best first, when the
	// search ends: the GADDAG generator then walks only the placements
	// whose bound can beat the n-th best found so far.
	Keep int

	// Leave, when not nil, values the tiles a play keeps: a kept play's
	// value is its score plus Leave of its leave, in points, so the best
	// play is the best by equity. Nil ranks by score alone. It is asked
	// once per sub-multiset of the rack when the search starts (at most
	// 128 calls for seven tiles), never per play, and must not depend on
	// anything but its argument during the search. Unused when Keep is 0.
	Leave func(leave tile.Rack) float64

	// Leaves, when not nil, values every leave of a rack at once, as Leave
	// would value each: it writes values[i] = Leave(rack.SubRack(i)) for
	// every i < rack.SubRacks() and reports whether it did; when it did
	// not, Leave is asked. A learned table
	// values a rack's 128 leaves in a fraction of the time Leave takes
	// (equity.SubLeaveValuer).
	Leaves func(rack *tile.Rack, values []float64) bool

	// LeaveKey, when not 0, says that Leave values every leave as it did
	// in the earlier searches given the same LeaveKey: a search of a rack
	// such a search valued may then take those values instead of asking
	// Leave again. A simulation's playouts search the same opponent's rack
	// after each candidate, each time valuing its 128 leaves alike. The
	// key is the caller's promise: two valuations that differ must never
	// share one, in any search of the generator. 0: Leave is asked.
	LeaveKey uint64

	// Stop, when not nil, is asked before each unit of work (an anchor, a
	// lookup, a starting square) and, within one, every few hundred steps
	// of the walk: a unit usually takes microseconds, but with two blanks
	// one can take many milliseconds. At its first true answer the search
	// returns without reporting another play as found (a Keep search
	// still reports what it kept), and Search returns false.
	//
	// It is a plain func() bool, not a context.Context, so that any
	// condition serves at the cost of one call: an atomic.Bool's Load, a
	// context (func() bool { return ctx.Err() != nil }), or a look at the
	// clock itself, which a context cannot offer: its deadline is
	// signalled by a timer that, while the searches busy every core,
	// waits for one.
	Stop func() bool

	// Record receives the plays: every one as found (Keep 0), or the kept
	// ones best first at the end.
	Record PlayRecorder

	// Cross, when not nil, is the table of cross sets kept for Board as
	// moves are applied to it (CrossSets, attached to the game's state),
	// which the GADDAG generator reads instead of computing every square's
	// cross set from the board. The plays are the same with it or without.
	// Other generators, and a table of another board, ignore it.
	Cross *CrossSets

	// Beat, when not nil and Keep > 0, is a play of Rack valued by the
	// caller's earlier search (one of a board that differs from Board only
	// on the lines this search leaves out, say: SearchLines): only plays
	// valued above it are kept, so every anchor whose bound cannot beat it
	// is passed over. It is valued as the search values its plays (its
	// score, plus Leave of Rack less its tiles), so a play of equal value
	// is not kept, and need not be a play of Board. With nothing above
	// it, nothing is reported.
	Beat *move.Move
	// Better, when not nil and Keep > 0, is told each play that becomes
	// the best found so far, as it is found, so a caller cut short by a
	// deadline holds the best so far even if the search never returns in
	// time. It may be called from two goroutines at once: it must be safe
	// for concurrent use and copy what it keeps.
	Better PlayRecorder
}

// Generator is a move generator. Implementations are safe for concurrent
// use.
type Generator interface {
	// Search finds the plays of a.Rack on a.Board under a.Variant as a
	// asks (see Args), and reports whether it finished: false when a.Stop
	// ended it (the plays reported are then those of the part searched).
	// It never reports passes or exchanges: whether those are allowed is
	// the caller's business.
	Search(a Args) (finished bool)
}
