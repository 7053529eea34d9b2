// Package player holds the policies that choose the move to answer
// (Policy): the static search (Static: the equity and greedy policies) runs
// a move generator under a deadline, ranks what it finds with an
// equity.Calculator, weighs exchanges against plays, and always holds a
// best move so far, so that whatever the clock does there is an answer.
// The simulation's policy (Sim) then spends the rest of its budget ranking
// the static search's best candidates again by package montecarlo's
// simulation of the next turns, or, near the end, by the endgame solver.
//
// A valuation that is the score plus a value of the leave (the equity and
// greedy policies: equity.LeaveValuer) is searched by the generator's
// bounded search, which keeps the best candidates without valuing the
// other plays and reports each new best as it finds it, so a deadline
// still leaves the best so far. Any other valuation ranks every play in
// the generator's callback. Exchanges, at most 127, are weighed after the
// search and that step stops when the budget is gone.
package player

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/internal/topn"
)

// Generator is the move generator a policy drives (movegen's strategies).
type Generator = movegen.Generator

// Static is the static search's policy (equity, greedy): a generator, a
// valuation, and whether exchanges compete with plays. It answers in
// milliseconds and is safe for concurrent use if its Generator is.
type Static struct {
	// Policy names the policy (Equity or Greedy), as answers report it.
	Policy string
	Gen    Generator
	// Equity ranks moves. equity.Score is the greedy policy.
	Equity equity.Calculator
	// Exchanges lets an exchange win over a play worth less. When false an
	// exchange is only the fallback when there is no play.
	Exchanges bool
	// Top is how many candidates Choice.Top reports (0: only the chosen).
	Top int
	// Shared is what the policy shares with the other policies over Gen:
	// the searches still running that Shared.Wait waits for before the
	// index is closed, the endgame solvers kept from move to move, the
	// simulations' leave keys. New gives each policy its own; an engine
	// (bot/engine/engine) gives its policies the engine's.
	Shared *Shared
}

// Sim is the simulation's policy: the static search (the equity policy)
// finds the best candidates, then the rest of the budget ranks them again
// by playing the game on from each of them in random worlds (package
// montecarlo): stronger play for the whole budget's CPU instead of a few
// milliseconds of it. Near the end the position chooses the stage
// (StageOf): the endgame solver with the bag empty, a search for a sure
// win with a few tiles in it (endgame.go).
type Sim struct {
	// Static finds the candidates, and answers alone when the clock leaves
	// no time to think (Policy.Quick); its Top is how many the choice
	// lists.
	Static
	// Simulator ranks the candidates again.
	Simulator *montecarlo.Simulator
	// Candidates is how many of the search's best candidates the
	// simulation compares (0: DefaultSimCandidates; at least Top, so that
	// every candidate listed has its figures). More finds the move the
	// static ranking placed low, fewer gives each candidate more worlds.
	Candidates int
	// NoEndgame keeps the policy from handing endgames and pre-endgames to
	// the endgame solver (endgame.go): the simulation decides them too, as
	// before the solver.
	NoEndgame bool
	// EndgameNodes, when above 0, caps each search of an endgame (the
	// question of a win, the exact value, and Raise's questions after a
	// proven win, all of them one search) at that many positions, as
	// the simulation's MaxIterations caps its worlds. Without a deadline
	// (a context that has none) the cap alone bounds the searches, so the
	// answer no longer depends on the machine's speed (for tests and
	// seeded analyses), where the clock gives what the machine could
	// afford; under a deadline both bind.
	EndgameNodes int64
}

// DefaultSimCandidates is the candidates the simulation compares when
// Sim.Candidates is not set. The best move by a long simulation is the
// static search's 11th to 25th in 9 of the benchmark's 250 positions; a race
// (montecarlo.DefaultAllocation) drops the candidates clearly behind
// after a few dozen worlds, so 25 cost little more than the LEXI_PI
// roadmap's 10; past 25 the benchmark's best is almost never found
// (docs/lab/quality.md).
const DefaultSimCandidates = 25

// PreEndgameSimCandidates is the candidates the simulation compares, at
// least, with 1 to PreEndgameSimBag tiles in the bag, where every world is
// played to the game's end and the candidates are ranked by wins. A side
// behind then needs the play that can still win, which the static ranking
// often places below its 25th (a set-up, a play that keeps a bingo or
// opens a line); the race drops the plays that never win after a few
// dozen worlds, so the 15 more cost little. With 5 to 7 in the bag a world
// costs more and the unseen tiles vary more, so the default's 25 keep
// their worlds there (the pre-endgame benchmark: docs/lab/quality.md).
const PreEndgameSimCandidates = 40

// PreEndgameSimBag is the most tiles in the bag at which the simulation
// compares PreEndgameSimCandidates.
const PreEndgameSimBag = 4

// EndgameSimCandidates is the candidates the simulation compares, at
// least, once the bag is empty: every world is then the same (the unseen
// tiles are the opponent's rack), so the simulation plays one world, to the
// game's end, a candidate costs one playout, and a deadline keeps those
// played (montecarlo's playOne). Comparing more finds the endgame play the
// static ranking placed low (a set-up, a block, the pass); each more
// costs one playout, and the gain shrinks as the list grows. 500 is about
// every play of a 7-tile rack, so nothing the static ranking missed is
// left out (the measurements: docs/lab/endgame.md).
const EndgameSimCandidates = 500

// MaxCandidates caps what a policy is asked to list or simulate (the
// flags behind Static.Top and Sim.Candidates): a rack has a few thousand
// plays at most (2,355 with two blanks in data/gamestates/middle-blanks.json),
// and a simulation of more candidates than that gives each less than a
// world in any budget. A larger number is a typo; the command lines refuse
// it rather than spend the budget on it.
const MaxCandidates = 10000

// simSearchShare is the share of the budget the simulation's policy gives
// the search that finds its candidates before simulating them. The search
// takes milliseconds on most positions, so this is a cap for the crowded
// ones with blanks, which still leaves the simulation three quarters.
const simSearchShare = 0.25

// Candidate is a move with its valuation and the tiles it keeps.
type Candidate struct {
	Move move.Move
	// Equity is the move's value: score plus the value of its leave, or,
	// when the endgame solver decided (Choice.Endgame of Kind "endgame"),
	// the final margin with best play on both sides.
	Equity float64
	// Bound is set when Equity is only an upper bound: the endgame solver
	// showed the move cannot beat the one it chose, not by how much.
	Bound bool
	Leave tile.Rack
}

// Choice is the answer and how it was reached.
type Choice struct {
	Candidate
	// Policy names the policy that answered: the player's, or its static
	// search's ("equity" for sim) when the clock left no time for more.
	Policy string
	// Top holds the best candidates found, best first (Static.Top of them).
	Top []Candidate
	// Plays is the number of plays valued: every play the generator
	// produced in time, or, when Bounded, the plays that were each the
	// best so far when found, and at least the candidates kept.
	Plays int
	// Bounded is set when the generator's bounded search found the best
	// candidates without valuing every play (the policy's valuation is
	// score plus a value of the leave, equity.LeaveValuer).
	Bounded bool
	// Complete is false when the budget ran out before generation finished:
	// the answer is the best of the plays seen.
	Complete bool
	// Reason says why an exchange or pass was chosen ("" for a play).
	Reason string
	// Simulation is the simulation's verdict when the player simulates
	// (Sim), nil otherwise.
	Simulation *Simulation
	// Endgame is the endgame solver's verdict when it decided instead of
	// the simulation (endgame.go), nil otherwise.
	Endgame *Endgame
}

// Simulation is how the simulation policy ranked its candidates.
type Simulation struct {
	// Candidates is how many candidates were compared, Iterations in how
	// many worlds each, Plies the turns played after each.
	Candidates, Iterations, Plies int
	// ByWins: ranked by win rate, every simulated game having ended;
	// otherwise by Rank.
	ByWins bool
	// Rank is what the candidates were ranked by (montecarlo.Report.Rank).
	Rank montecarlo.Ranking
	// Inferred is how many racks the opponent may have kept the worlds
	// were dealt from (montecarlo.Report.Inferred; 0: none).
	Inferred int
	// Results pairs with Choice.Top: the simulation's figures of each
	// candidate listed.
	Results []montecarlo.Result
	// Err says why nothing was simulated (the static ranking stands).
	Err error
}

// Choose answers p before ctx is done: the static search for a share of
// the budget, then the simulation of its best candidates until ctx is
// done, or, near the end, what the position's stage asks (StageOf).
func (pl *Sim) Choose(ctx context.Context, p *position.Position) Choice {
	searchCtx := ctx
	if deadline, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		share := time.Duration(float64(time.Until(deadline)) * simSearchShare)
		searchCtx, cancel = context.WithDeadline(ctx, time.Now().Add(share))
		defer cancel()
	}
	n := pl.Candidates
	if n <= 0 {
		n = DefaultSimCandidates
	}
	switch {
	case p.BagCount == 0:
		n = max(n, EndgameSimCandidates)
	case p.BagCount <= PreEndgameSimBag:
		n = max(n, PreEndgameSimCandidates)
	}
	static := pl.choose(searchCtx, p, max(pl.Top, n, 1))
	stage := StageOf(p)
	if pl.NoEndgame {
		stage = StageMidgame
	}
	var ch Choice
	switch stage {
	case StageEndgame:
		ch = pl.endgame(ctx, p, static) // endgame.go: the solver beside the simulation
	case StagePreEndgame:
		ch = pl.preEndgame(ctx, p, static) // endgame.go: a sure win, else the simulation
	default:
		ch = pl.simulate(ctx, p, static, pl.Simulator)
	}
	ch.Policy = pl.Name()
	return ch
}

// Choose answers p before ctx is done with the static search: the best
// plays by the policy's valuation (the generator's bounded search).
// Generation runs in its own goroutine and feeds the best-so-far as it
// goes; when ctx ends first, Choose returns that best at once and the
// generator's remaining output is ignored. It never returns without a
// move: no play found means an exchange when allowed, else a pass.
func (pl *Static) Choose(ctx context.Context, p *position.Position) Choice {
	ch := pl.choose(ctx, p, max(pl.Top, 1))
	ch.Policy = pl.Policy
	return ch
}

// simulate ranks ch's candidates again by simulator s (pl.Simulator, or a copy)
// and trims them to pl.Top. With fewer than two candidates, or no world
// simulated in time, the search's ranking stands.
func (pl *Sim) simulate(ctx context.Context, p *position.Position, ch Choice, s *montecarlo.Simulator) Choice {
	show := max(pl.Top, 1)
	if p.BagCount == 0 && !slices.ContainsFunc(ch.Top, func(c Candidate) bool { return c.Move.Kind == move.Pass }) {
		// With the bag empty a pass can be the best play (two in a row end
		// the game): the search never offers it, the playout values it.
		pass := Candidate{Move: move.NewPass(), Leave: p.Rack}
		pass.Equity = pl.Equity.Equity(&pass.Move, p.Rack, p)
		ch.Top = append(ch.Top, pass)
	}
	sim := &Simulation{Candidates: len(ch.Top), Plies: s.Plies}
	ch.Simulation = sim
	if len(ch.Top) < 2 {
		ch.Top = ch.Top[:min(len(ch.Top), show)]
		return ch
	}
	moves := make([]move.Move, len(ch.Top))
	for i, c := range ch.Top {
		moves[i] = c.Move
	}
	rep, err := s.Simulate(ctx, p, moves)
	sim.Err = err
	if err == nil {
		// The simulation's own plies: more in an end game.
		sim.Iterations, sim.ByWins, sim.Plies, sim.Rank, sim.Inferred = rep.Iterations, rep.ByWins, rep.Plies, rep.Rank, rep.Inferred
	}
	if err != nil || rep.Iterations == 0 {
		ch.Top = ch.Top[:min(len(ch.Top), show)]
		return ch
	}
	top := make([]Candidate, 0, min(len(rep.Order), show))
	for _, i := range rep.Order[:min(len(rep.Order), show)] {
		top = append(top, ch.Top[i])
		sim.Results = append(sim.Results, rep.Results[i])
	}
	best, staticBest := ch.Top[rep.Order[0]], ch.Top[0]
	switch {
	case best.Move.Kind != move.Exchange:
		ch.Reason = ""
	case staticBest.Move.Kind != move.Exchange:
		ch.Reason = fmt.Sprintf("the simulation values the exchange at %.1f, the search's best play at %.1f",
			rep.Results[rep.Order[0]].Equity, rep.Results[0].Equity)
	}
	ch.Candidate, ch.Top = best, top
	return ch
}

// choose is the search: the keep best candidates by pl.Equity.
func (pl *Static) choose(ctx context.Context, p *position.Position, keep int) Choice {
	c := &collector{pl: pl, pos: p, top: newTop(keep)}
	// The search sends once when it ends; the buffer lets it end after
	// Choose has returned.
	done := make(chan bool, 1)
	noTime := ctx.Err() != nil
	if !noTime {
		if deadline, ok := ctx.Deadline(); ok {
			c.deadline = deadline
		}
		pl.Shared.start()
		if lv, ok := pl.Equity.(equity.LeaveValuer); ok {
			c.bounded = true
			go c.searchBounded(lv, keep, done)
		} else {
			go c.search(done)
		}
		select {
		case finished := <-done:
			c.complete = finished
		case <-ctx.Done():
		}
	}
	c.stopped.Store(true)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.taken = true
	ch := Choice{Plays: c.plays, Complete: c.complete, Bounded: c.bounded}

	// The rule the answer is judged by (rules.Check), and a tile to give back.
	allowed := rules.ExchangeAllowed(p) == nil && p.Rack.N > 0
	if allowed && (pl.Exchanges || c.top.Len() == 0) {
		c.addExchanges(ctx)
	}
	// Best first. No offer follows the hand-over: stopped was set before mu
	// was taken, and record checks it again under mu, so the candidates
	// handed out (whose storage a later offer would reuse) stay as they are.
	top := c.top.Best()
	switch {
	case len(top) == 0:
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
	case top[0].Move.Kind == move.Exchange:
		switch {
		case ch.Plays == 0 && c.complete:
			ch.Reason = "no play found"
		case noTime:
			ch.Reason = "no time left to search"
		case ch.Plays == 0:
			ch.Reason = "no play found within the budget"
		default:
			ch.Reason = fmt.Sprintf("the exchange is worth %.1f, the best play %.1f", top[0].Equity, c.bestPlay)
		}
		if problem := equity.RackProblem(p.Rack); problem != "" {
			ch.Reason = "the rack has " + problem + "; " + ch.Reason
		}
	}
	ch.Candidate = top[0].Candidate
	ch.Top = make([]Candidate, len(top))
	for i := range top {
		ch.Top[i] = top[i].Candidate
	}
	return ch
}

// collector keeps the best candidates while the generator runs. Only the
// search's goroutines write; mu guards the hand-over to Choose.
type collector struct {
	pl       *Static
	pos      *position.Position
	stopped  atomic.Bool
	mu       sync.Mutex
	top      topn.Heap[kept] // at most keep, the worst at the root
	seq      int             // candidates offered to top so far
	plays    int             // plays valued
	deadline time.Time       // the budget's end (zero: none)
	bestPlay float64
	complete bool
	exBuf    [tile.NumKinds * 2]byte
	exMove   move.Move // the exchange addExchanges offers (offer copies it)
	// taken is set, under mu, once Choose has taken the answer.
	taken bool
	// bounded: the generator's bounded search found the candidates, and
	// kept holds what it reported at its end.
	bounded bool
	kept    []move.Move
}

// search generates every play, valuing each (record), until it finishes
// or c.stop ends it, and sends on done whether it finished. A search that
// cuts itself at the deadline wakes Choose directly, on the core it frees,
// sooner than the deadline's timer would on a busy machine.
//
// A search left running once Choose has answered (hundreds of milliseconds
// with two blanks on a crowded board) would pile up under load and starve
// the searches that still have a deadline to meet, hence the stop.
func (c *collector) search(done chan<- bool) {
	defer c.pl.Shared.end()
	p := c.pos
	done <- c.pl.Gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Stop: c.stop, Record: c.record})
}

// searchBounded runs the generator's bounded search for the keep best
// plays by pl.Equity, which values a play as its score plus a value of its
// leave (lv), so the search walks only what can beat the keep-th best
// found so far. Each play that becomes the best so far is valued as it is
// found (record), so a deadline leaves the best so far, as with search;
// the plays kept replace those at the end (settle), and it sends on done
// whether the search finished.
func (c *collector) searchBounded(lv equity.LeaveValuer, keep int, done chan<- bool) {
	defer c.pl.Shared.end()
	p := c.pos
	lv = equity.ForVariant(lv, p.Variant)
	finished := c.pl.Gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: keep,
		Leave:  func(r tile.Rack) float64 { return lv.LeaveValue(r, p) },
		Leaves: equity.SubLeaves(lv, p),
		Stop:   c.stop,
		Better: c.record,
		Record: func(m *move.Move) { c.kept = append(c.kept, copyMove(m)) },
	})
	c.settle()
	done <- finished
}

// settle makes the plays the bounded search kept the candidates, unless
// Choose has already answered: they are the best of what it searched, the
// plays record heard of among them.
func (c *collector) settle() {
	if len(c.kept) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.taken {
		return
	}
	c.top.Reset()
	for i := range c.kept {
		m := &c.kept[i]
		eq, leave := c.valuation(m)
		if i == 0 {
			c.bestPlay = eq
		}
		c.seq++
		c.top.Push(kept{Candidate{Move: *m, Equity: eq, Leave: leave}, c.seq})
	}
	c.plays = max(c.plays, len(c.kept))
}

// stop is the searches' stop: Choose has answered, or the budget is spent.
// The searches watch the clock themselves: when they busy every core, the
// goroutine woken by the deadline would wait for the scheduler to preempt
// one (up to 10 ms) before it could answer. The generator asks before each
// anchor and every few tens of microseconds within one; a look at the
// monotonic clock (time.Until of a context's deadline) costs about 30 ns,
// less than valuing one play.
func (c *collector) stop() bool {
	if c.stopped.Load() {
		return true
	}
	if !c.deadline.IsZero() && time.Until(c.deadline) < 0 {
		c.stopped.Store(true)
		return true
	}
	return false
}

// record values a play and offers it to the top list: the hot path of a
// search that values every play. It copies a move only when it enters the
// top list.
func (c *collector) record(m *move.Move) {
	if c.stopped.Load() {
		return // a play found before the generator's next question to stop
	}
	eq, leave := c.valuation(m)
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

// valuation is m's equity and the tiles it keeps.
func (c *collector) valuation(m *move.Move) (eq float64, leave tile.Rack) {
	leave = c.pos.Rack
	for _, pl := range m.Tiles {
		leave.Remove(pl.Tile())
	}
	return c.pl.Equity.Equity(m, leave, c.pos), leave
}

// kept is a candidate in the collector's top list, with the order it was
// offered in: among equal equities the first offered ranks first, and is
// the one kept at the cut.
type kept struct {
	Candidate
	seq int
}

// newTop is an empty top list of n candidates, ordered by lower equity,
// then offered later.
func newTop(n int) topn.Heap[kept] {
	return topn.New(n, func(a, b *kept) bool {
		return a.Equity < b.Equity || (a.Equity == b.Equity && a.seq > b.seq)
	})
}

// offer keeps a candidate if it is among the best. Called with mu held.
// Once the list is full, a candidate that makes it takes the storage of the
// one it evicts, so the hot path allocates only while the list fills.
func (c *collector) offer(m *move.Move, eq float64, leave tile.Rack) {
	if c.top.Full() && eq <= c.top.Worst().Equity {
		return
	}
	c.seq++
	if c.top.Full() {
		w := c.top.Worst()
		w.Move = copyMoveInto(w.Move, m)
		w.Equity, w.Leave, w.seq = eq, leave, c.seq
		c.top.Fix()
		return
	}
	c.top.Push(kept{Candidate{Move: copyMove(m), Equity: eq, Leave: leave}, c.seq})
}

// samePlay reports whether two plays place the same tiles, in any order.
func samePlay(a, b *move.Move) bool {
	if a.Kind != b.Kind || len(a.Tiles) != len(b.Tiles) || len(a.Exchanged) != len(b.Exchanged) {
		return false
	}
	for _, p := range a.Tiles {
		if !slices.Contains(b.Tiles, p) {
			return false
		}
	}
	return a.Kind != move.Exchange || string(a.Exchanged) == string(b.Exchanged)
}

func copyMove(m *move.Move) move.Move {
	out := *m
	out.Tiles = append([]move.Placement(nil), m.Tiles...)
	out.Exchanged = append([]byte(nil), m.Exchanged...)
	return out
}

// copyMoveInto is copyMove reusing dst's storage; an empty list is nil, as
// copyMove leaves it.
func copyMoveInto(dst move.Move, m *move.Move) move.Move {
	tiles, ex := dst.Tiles[:0], dst.Exchanged[:0]
	dst = *m
	dst.Tiles, dst.Exchanged = nil, nil
	if len(m.Tiles) > 0 {
		dst.Tiles = append(tiles, m.Tiles...)
	}
	if len(m.Exchanged) > 0 {
		dst.Exchanged = append(ex, m.Exchanged...)
	}
	return dst
}

// addExchanges offers every distinct exchange (each non-empty sub-multiset
// of the rack, at most 127 for seven tiles), largest first so that among
// equals (the greedy valuation) the whole rack goes back. It runs in every
// static search that may exchange, so it allocates nothing: the exchange
// offered is the collector's own scratch move (offer copies what it keeps),
// and the walk is a method, not a recursive closure.
func (c *collector) addExchanges(ctx context.Context) {
	var counts [tile.NumKinds]uint8
	c.exchanges(ctx, &counts, 0, 0)
}

// exchanges offers the exchanges of counts[:kind] (n tiles) with every
// choice of the rack's tiles of kind and after.
func (c *collector) exchanges(ctx context.Context, counts *[tile.NumKinds]uint8, kind, n int) {
	if ctx.Err() != nil && c.top.Len() > 0 {
		return
	}
	rack := &c.pos.Rack
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
		m := &c.exMove
		*m = move.Move{Kind: move.Exchange, Exchanged: ex}
		c.offer(m, c.pl.Equity.Equity(m, keep, c.pos), keep)
		return
	}
	for k := int(rack.Counts[kind]); k >= 0; k-- {
		counts[kind] = uint8(k)
		c.exchanges(ctx, counts, kind+1, n+k)
	}
	counts[kind] = 0
}
