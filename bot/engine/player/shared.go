package player

import (
	"sync"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/winprob"
)

// Shared is what the policies over one generator share, and what whoever
// closes the index under that generator must wait for: an engine
// (bot/engine/engine) owns one and hands it to every policy it makes. No
// state is kept for the whole process, so two engines, or two games of
// one, never wait on each other's searches. The zero value counts searches
// and keeps solvers, but numbers no playouts (NewShared); a policy whose
// Shared is nil counts no searches and keeps no solver from move to move.
type Shared struct {
	// searches counts the search goroutines still running. One outlives
	// the Choose that started it by the time it takes to see its stop
	// (microseconds, more when the machine is busy), and all that time it
	// reads the index's memory map: closing the index then unmaps the
	// pages under it, a fault that kills the process after its answer.
	mu   sync.Mutex
	n    int
	idle sync.Cond
	// solvers keeps endgame solvers (and their 24 MiB tables) from move to
	// move; a Solver serves one search at a time.
	solvers sync.Pool
	// keys numbers the simulations' playouts over the generator
	// (montecarlo.Simulator.Keys); nil: no leave values are reused
	// between searches.
	keys *montecarlo.LeaveKeys
	// winProbs are the shipped win probability tables the simulations rank
	// by (montecarlo.Simulator.WinProbs), read once for this Shared when
	// its first simulation policy is made, not inside a search.
	winProbsOnce sync.Once
	winProbs     winprob.Set

	// FreshSolvers, set before the first search, gives every endgame
	// search a solver of its own with an empty table, so that a move's
	// answer depends on its position alone: seeded runs that must
	// reproduce need it (scripts/quality's self-play). A table kept from
	// move to move, or dropped from the pool by the garbage collector at
	// any moment, changes which of two equal lines a search finds first,
	// and so the game after it. It costs the work the table would have
	// carried to the next move, and a fresh 24 MiB table a search.
	FreshSolvers bool
}

// winProbSet is the shipped win probability tables, read on the first
// call (nil for a nil Shared: read afresh).
func (s *Shared) winProbSet() winprob.Set {
	if s == nil {
		set, _ := winprob.ReadShipped()
		return set
	}
	s.winProbsOnce.Do(func() { s.winProbs, _ = winprob.ReadShipped() })
	return s.winProbs
}

// NewShared is a Shared whose simulations number their playouts, so that
// a search may reuse the leave values an earlier one found: for the owner
// of a generator (an engine), since every simulation over the generator
// must then take its policies from this Shared, or two valuations could
// share a key.
func NewShared() *Shared { return &Shared{keys: new(montecarlo.LeaveKeys)} }

func (s *Shared) start() {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.n++
	s.mu.Unlock()
}

func (s *Shared) end() {
	if s == nil {
		return
	}
	s.mu.Lock()
	if s.n--; s.n == 0 && s.idle.L != nil {
		s.idle.Broadcast()
	}
	s.mu.Unlock()
}

// Wait waits until no search of a policy sharing s is still running: call
// it after the last answer and before closing the index the searches
// read. New searches started meanwhile are waited for too.
func (s *Shared) Wait() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.idle.L == nil {
		s.idle.L = &s.mu
	}
	for s.n > 0 {
		s.idle.Wait()
	}
}

// solver is an endgame solver over gen, from the pool when s is set (its
// table kept from move to move: the next move of a game finds this one's
// work, most often its proof, in it); the caller hands it back with
// putSolver.
func (s *Shared) solver() *endgame.Solver {
	var sv *endgame.Solver
	if s != nil && !s.FreshSolvers {
		sv, _ = s.solvers.Get().(*endgame.Solver)
	}
	if sv == nil {
		sv = &endgame.Solver{KeepTable: true}
	}
	return sv
}

func (s *Shared) putSolver(sv *endgame.Solver) {
	if s != nil && !s.FreshSolvers {
		s.solvers.Put(sv)
	}
}

// leaveKeys is what numbers the playouts of s's simulations; nil for a
// nil s or one not made by NewShared (no leave values reused between
// searches).
func (s *Shared) leaveKeys() *montecarlo.LeaveKeys {
	if s == nil {
		return nil
	}
	return s.keys
}
