// Package player chooses the move to answer: it runs a move generator under
// a deadline, ranks what it finds with an equity.Calculator, weighs exchanges
// against plays, and always holds a best move so far, so that whatever the
// clock does there is an answer.
//
// Ranking happens inside the generator's callback rather than in a second
// pass over a TopN list: the valuation costs a few array lookups, so the
// best-so-far is the best by equity among all plays seen from the first
// play on (a greedy answer then refined would hold a worse move when the
// clock runs out in the middle). Exchanges, at most 127, are weighed after
// generation and that step stops when the budget is gone.
package player

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/lexico/lexico/bot/equity"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/movegen"
	"github.com/lexico/lexico/bot/position"
	"github.com/lexico/lexico/bot/tile"
)

// Generator is the move generator a player drives (movegen's strategies).
type Generator = movegen.Generator

// Player is a policy: a generator, a valuation, and whether exchanges
// compete with plays. It is safe for concurrent use if its Generator is.
type Player struct {
	Gen Generator
	// Equity ranks moves. equity.Score is the greedy policy.
	Equity equity.Calculator
	// Exchanges lets an exchange win over a play worth less. When false an
	// exchange is only the fallback when there is no play.
	Exchanges bool
	// Top is how many candidates Choice.Top reports (0: only the chosen).
	Top int
}

// Policies names the built-in policies for --policy.
var Policies = []string{"equity", "greedy"}

// New builds a named policy over gen: "greedy" (the highest score, seed
// 000's basic bot) or "equity" (score plus the leave's value from table,
// exchanging when that is worth more).
func New(policy string, gen Generator, table *equity.Table) (*Player, error) {
	switch policy {
	case "greedy":
		return &Player{Gen: gen, Equity: equity.Score{}}, nil
	case "equity", "":
		return &Player{Gen: gen, Equity: equity.Static{Table: table}, Exchanges: true}, nil
	}
	return nil, fmt.Errorf("%w %q (known: equity, greedy)", ErrPolicy, policy)
}

// Candidate is a move with its valuation and the tiles it keeps.
type Candidate struct {
	Move   move.Move
	Equity float64
	Leave  tile.Rack
}

// Choice is the answer and how it was reached.
type Choice struct {
	Candidate
	// Top holds the best candidates found, best first (Player.Top of them).
	Top []Candidate
	// Plays is the number of plays the generator produced in time.
	Plays int
	// Complete is false when the budget ran out before generation finished:
	// the answer is the best of the plays seen.
	Complete bool
	// Reason says why an exchange or pass was chosen ("" for a play).
	Reason string
}

// ExchangeAllowed reports whether the rules let the mover exchange: not on
// the first go, and only with at least ExchangeMinBag tiles in the bag.
func ExchangeAllowed(p *position.Position) bool {
	return !p.FirstGo && p.BagCount >= p.Variant.ExchangeMinBag && p.BagCount > 0 && p.Rack.N > 0
}

// Choose answers p before ctx is done. Generation runs in its own goroutine
// and feeds the best-so-far as it goes; when ctx ends first, Choose returns
// that best at once and the generator's remaining output is ignored. It
// never returns without a move: no play found means an exchange when
// allowed, else a pass.
func (pl *Player) Choose(ctx context.Context, p *position.Position) Choice {
	c := &collector{pl: pl, pos: p, keep: max(pl.Top, 1)}
	done := make(chan struct{})
	noTime := ctx.Err() != nil
	if !noTime {
		go func() {
			defer close(done)
			defer func() {
				if r := recover(); r != nil && r != errStopped {
					panic(r)
				}
			}()
			pl.Gen.Generate(p.Variant, p.Board, p.Rack, c.record)
		}()
		select {
		case <-done:
			c.complete = true
		case <-ctx.Done():
		}
	}
	c.stopped.Store(true)
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := Choice{Plays: c.plays, Complete: c.complete}

	allowed := ExchangeAllowed(p)
	if allowed && (pl.Exchanges || len(c.top) == 0) {
		c.addExchanges(ctx)
	}
	switch {
	case len(c.top) == 0:
		ch.Candidate = Candidate{Move: move.NewPass(), Leave: p.Rack}
		ch.Equity = pl.Equity.Equity(&ch.Move, p.Rack, p)
		switch {
		case noTime:
			ch.Reason = "no time left to search and exchanging is not allowed"
		case c.complete:
			ch.Reason = "no play found and exchanging is not allowed"
		default:
			ch.Reason = "no play found before the deadline and exchanging is not allowed"
		}
		ch.Top = []Candidate{ch.Candidate}
		return ch
	case c.top[0].Move.Kind == move.Exchange:
		switch {
		case c.plays == 0 && c.complete:
			ch.Reason = "no play found"
		case noTime:
			ch.Reason = "no time left to search"
		case c.plays == 0:
			ch.Reason = "no play found within the budget"
		default:
			ch.Reason = fmt.Sprintf("the exchange is worth %.1f, the best play %.1f", c.top[0].Equity, c.bestPlay)
		}
		if problem := equity.RackProblem(p.Rack); problem != "" {
			ch.Reason = "the rack has " + problem + "; " + ch.Reason
		}
	}
	ch.Candidate = c.top[0]
	// A copy: a recorder already past its stop check may still reach offer.
	ch.Top = slices.Clone(c.top[:min(len(c.top), max(pl.Top, 1))])
	return ch
}

// collector keeps the best candidates while the generator runs. Only the
// generator goroutine writes; mu guards the hand-over to Choose.
type collector struct {
	pl       *Player
	pos      *position.Position
	keep     int
	stopped  atomic.Bool
	mu       sync.Mutex
	top      []Candidate // best first, at most keep
	plays    int
	bestPlay float64
	complete bool
	exBuf    [tile.NumKinds * 2]byte
}

// errStopped unwinds a generator whose answer is no longer wanted.
var errStopped = errors.New("player: search stopped")

// record is the generator's callback: the hot path. It copies a move only
// when it enters the top list.
//
// Once Choose has answered, record panics with errStopped, which the
// generation goroutine recovers: the Generator interface has no way to be
// cancelled, and a search left running after its deadline (hundreds of
// milliseconds with two blanks on a crowded board) would pile up under load
// and starve the searches that still have a deadline to meet. The panic
// reaches the generator between two plays, where it holds no lock.
func (c *collector) record(m *move.Move) {
	if c.stopped.Load() {
		panic(errStopped)
	}
	leave := c.pos.Rack
	for _, pl := range m.Tiles {
		leave.Remove(pl.Tile())
	}
	eq := c.pl.Equity.Equity(m, leave, c.pos)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stopped.Load() {
		return // Choose has taken the answer while this play was valued
	}
	if c.plays == 0 || eq > c.bestPlay {
		c.bestPlay = eq
	}
	c.plays++
	c.offer(m, eq, leave)
}

// offer inserts a candidate if it is among the best kept. Called with mu held.
func (c *collector) offer(m *move.Move, eq float64, leave tile.Rack) {
	if len(c.top) == c.keep && eq <= c.top[len(c.top)-1].Equity {
		return
	}
	cand := Candidate{Move: copyMove(m), Equity: eq, Leave: leave}
	i := sort.Search(len(c.top), func(i int) bool { return c.top[i].Equity < eq })
	if len(c.top) < c.keep {
		c.top = append(c.top, Candidate{})
	}
	copy(c.top[i+1:], c.top[i:])
	c.top[i] = cand
}

func copyMove(m *move.Move) move.Move {
	out := *m
	out.Tiles = append([]move.Placement(nil), m.Tiles...)
	out.Exchanged = append([]byte(nil), m.Exchanged...)
	return out
}

// addExchanges offers every distinct exchange (each non-empty sub-multiset
// of the rack, at most 127 for seven tiles), largest first so that among
// equals (the greedy valuation) the whole rack goes back.
func (c *collector) addExchanges(ctx context.Context) {
	rack := c.pos.Rack
	var counts [tile.NumKinds]uint8
	var walk func(kind int, n int)
	walk = func(kind, n int) {
		if ctx.Err() != nil && len(c.top) > 0 {
			return
		}
		if kind == tile.NumKinds {
			if n == 0 {
				return
			}
			ex := c.exBuf[:0]
			var keep tile.Rack
			for i, k := range counts {
				for j := uint8(0); j < k; j++ {
					ex = append(ex, tile.Byte(i))
				}
				keep.Counts[i] = rack.Counts[i] - k
				keep.N += int(rack.Counts[i] - k)
			}
			m := move.Move{Kind: move.Exchange, Exchanged: ex}
			c.offer(&m, c.pl.Equity.Equity(&m, keep, c.pos), keep)
			return
		}
		for k := int(rack.Counts[kind]); k >= 0; k-- {
			counts[kind] = uint8(k)
			walk(kind+1, n+k)
		}
		counts[kind] = 0
	}
	walk(0, 0)
}
