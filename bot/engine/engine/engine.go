// Package engine is the one value that owns what choosing a move reads: the
// index (opened read-only), the move generator over it, the leave
// valuation, the endgame solvers' tables and the searches in flight. Every
// front end (run, serve, play, league, the web page) opens one engine and
// makes its policies from it, and its Close waits for the searches still
// reading the index before unmapping it.
//
// It sits in the engine's layer, above the packages it ties together
// (movegen, equity, montecarlo, endgame, player) and below the platform and
// the match, which take an engine rather than its parts. Nothing in it is
// kept for the whole process: two engines, or any number of games and
// seats on one, share nothing they have not been handed.
package engine

import (
	"fmt"
	"sync"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/index"
)

// Options say how an engine is built.
type Options struct {
	// Strategy names the move generator (strategy.Names; "": gaddag, the
	// fast one).
	Strategy string
	// Leaves values the tiles a move keeps; nil: the embedded valuation
	// (equity.DefaultTable). Its learned tables are read when the engine
	// opens, before any answer's budget is made, rather than inside the
	// first search that asks for them.
	Leaves *equity.Table
	// Detach copies what the searches read out of the index file
	// (index.Index.Detach: tens of milliseconds, about 70 MB), so that a
	// file truncated or written over under a long-running engine cannot
	// kill it with SIGBUS. A one-move command skips it: the copy would
	// cost every move its start-up.
	Detach bool
}

// Engine owns an index, the generator over it, the leave valuation and
// what its policies share (player.Shared). It is safe for concurrent use
// by any number of games and seats.
type Engine struct {
	index  *index.Index // nil for an engine over a generator alone (New)
	gen    movegen.Generator
	leaves *equity.Table
	shared *player.Shared

	closeOnce sync.Once
	closeErr  error
}

// Open opens the index at path read-only and builds an engine over it.
func Open(path string, o Options) (*Engine, error) {
	x, err := index.Open(path)
	if err != nil {
		return nil, err
	}
	return FromIndex(x, o)
}

// FromIndex builds an engine over x, an index already open (the commands'
// resolution of the default index, build.OpenIndex), which the engine then
// owns: it is closed on an error here, and by Close.
func FromIndex(x *index.Index, o Options) (*Engine, error) {
	name := o.Strategy
	if name == "" {
		name = "gaddag"
	}
	gen, err := strategy.New(name, x)
	if err != nil {
		x.Close()
		return nil, strategyError{err}
	}
	if o.Detach {
		if err := x.Detach(); err != nil {
			x.Close()
			return nil, fmt.Errorf("index %s: %w", x.Path(), err)
		}
	}
	e, err := New(gen, o)
	if err != nil {
		x.Close()
		return nil, err
	}
	e.index = x
	return e, nil
}

// New builds an engine over gen, with no index of its own (a generator
// built in memory: tests and tools); Close then only waits for the
// searches.
func New(gen movegen.Generator, o Options) (*Engine, error) {
	if gen == nil {
		return nil, ErrNoGenerator
	}
	t := o.Leaves
	if t == nil {
		var err error
		if t, err = equity.DefaultTable(); err != nil {
			return nil, err
		}
	}
	t.ReadShipped()
	return &Engine{gen: gen, leaves: t, shared: player.NewShared()}, nil
}

// Index is the engine's index; nil for an engine built by New.
func (e *Engine) Index() *index.Index { return e.index }

// Generator is the move generator every policy of the engine drives.
func (e *Engine) Generator() movegen.Generator { return e.gen }

// Leaves is the engine's leave valuation (read-only).
func (e *Engine) Leaves() *equity.Table { return e.leaves }

// Policy builds the named policy (player.Policies, player.New) valuing
// leaves by table (nil: the engine's), sharing the engine's solvers and
// counted among its searches.
func (e *Engine) Policy(name string, table *equity.Table) (player.Policy, error) {
	if table == nil {
		table = e.leaves
	} else {
		table.ReadShipped()
	}
	return e.shared.New(name, e.gen, table)
}

// Wait waits until no search of the engine's policies is still running.
func (e *Engine) Wait() { e.shared.Wait() }

// Close waits for the searches still running (a search outlives its
// answer by the moment it takes to see its stop), then closes the index.
// It is safe to call more than once; an engine is not used after.
func (e *Engine) Close() error {
	e.closeOnce.Do(func() {
		e.shared.Wait()
		if e.index != nil {
			e.closeErr = e.index.Close()
		}
	})
	return e.closeErr
}
