package endgame

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"time"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
)

// A pre-endgame is a position with a few tiles in the bag: the mover does
// not know which of the unseen tiles are in the bag and which on the
// opponent's rack, nor their order, but every possibility (a draw) can be
// listed with its probability, and in each the rest of the game is again
// one of perfect information that Solver searches. macondo's preendgame
// package and MAGPIE's src/impl/endgame.c do the same for Scrabble.
//
// A draw here is the bag in draw order, the opponent holding the other
// unseen tiles. Order matters: a play of k tiles draws the bag's next k.
// Every order of the unseen tiles is equally likely, so a draw of b tiles
// s1..sb from unseen counts c has probability the product of
// c(si)/(u-i+1) over i, the counts falling as tiles are taken.

// DefaultCandidates is how many plays, by score, a pre-endgame compares
// (with the pass).
const DefaultCandidates = 12

// DefaultMaxDraws caps the draws listed; beyond it they are sampled.
const DefaultMaxDraws = 300

// MaxBag is the most tiles in the bag a pre-endgame takes: a rack's worth.
const MaxBag = 7

// PreEndgame ranks the moves of a pre-endgame by their win probability
// over the draws, then by their expected final margin, each move valued in
// each draw by the solver, or by a playout where the solver does not prove
// its value in time (Playout).
type PreEndgame struct {
	// Solver values each move in each draw (not safe for concurrent use,
	// so neither is PreEndgame).
	Solver *Solver
	// Candidates is how many of the highest-scoring plays are compared,
	// with the pass (0: DefaultCandidates).
	Candidates int
	// MaxDraws caps the draws: when there are more, MaxDraws of them are
	// drawn at random (from Seed), each as likely as the others (0:
	// DefaultMaxDraws).
	MaxDraws int
	Seed     uint64
	// Playout, when not nil, values a draw whose solve is not proven in
	// its share of the time: it plays st out to the game's end, both
	// sides, and returns the final margin from the view of the seat to
	// move, leaving st as it found it (player.Static.Playout: the static
	// player's, the simulation's one world). An unproven solve counts
	// nothing beyond its horizon, a few plies deep with full racks; a
	// playout counts the whole game. Nil: the unproven value stands.
	Playout func(st *state.State) (int, error)
	// WinsOnly values each move in each draw by who wins, asked of the
	// opponent's side (Solver.DecideAtLeast: can it win, can it tie),
	// instead of by the exact margin: settled far sooner, but the margin
	// then counts 1, 0 or -1 for a win, a tie or a loss (or the playout's,
	// where the question is not settled), so the ranking's second key
	// says little.
	WinsOnly bool
}

// Draw is one possibility: the bag in draw order (the last tile drawn
// first, as state.Deal takes it), the opponent's rack, and its
// probability.
type Draw struct {
	Bag    []byte
	Rack   tile.Rack
	Weight float64
}

// Ranked is a move's figures over the draws valued.
type Ranked struct {
	Move move.Move
	// Wins is the probability of winning (a tie counting half), Margin the
	// expected final margin, both over the draws valued, weighted.
	Wins, Margin float64
	// Draws is how many draws valued the move, Proven how many of those
	// values the solver proved.
	Draws, Proven int
}

// PreResult is PreEndgame.Solve's answer.
type PreResult struct {
	// Ranked is every candidate, best first: by Wins, then by Margin.
	Ranked []Ranked
	// Draws is the draws considered (listed or sampled); Sampled says
	// they were sampled; Valued how many of them every candidate was
	// valued in before the stop (the same ones for all).
	Draws   int
	Sampled bool
	Valued  int
	Nodes   int64
	Elapsed time.Duration
}

// Draws lists the possible draws of p: every order of bag tiles from the
// unseen ones, the rest on the opponent's rack, most likely first, or
// max of them sampled at random when there are more (sampled true; each
// then weighs the same).
func Draws(p *position.Position, max int, seed uint64) (draws []Draw, sampled bool, err error) {
	left, err := p.Variant.Unseen(p.Board, p.Rack)
	if err != nil {
		return nil, false, fmt.Errorf("%w: %v", ErrBag, err)
	}
	u := 0
	for _, n := range left {
		u += n
	}
	b := p.BagCount
	switch {
	case b < 1 || b > MaxBag:
		return nil, false, fmt.Errorf("%w: %d tiles in the bag, want 1 to %d", ErrBag, b, MaxBag)
	case u-b < 1 || u-b > p.Variant.RackSize:
		return nil, false, fmt.Errorf("%w: %d unseen tiles cannot be a bag of %d and a rack of at most %d",
			ErrBag, u, b, p.Variant.RackSize)
	}
	var all tile.Rack
	for k, n := range left {
		all.Counts[k], all.N = uint8(n), all.N+n
	}
	// Count the orders first: listing a million to keep three hundred
	// would take longer than valuing them.
	if count := countOrders(left, b, max+1); count > max {
		return sampleDraws(all, b, max, seed), true, nil
	}
	bag := make([]byte, b)
	var walk func(i int, rack tile.Rack, weight float64)
	walk = func(i int, rack tile.Rack, weight float64) {
		if i < 0 {
			draws = append(draws, Draw{Bag: slices.Clone(bag), Rack: rack, Weight: weight})
			return
		}
		// The tile drawn first is the bag's last (bag[b-1]).
		for k, n := range rack.Counts {
			if n == 0 {
				continue
			}
			w := weight * float64(n) / float64(rack.N)
			bag[i] = tile.Byte(k)
			r := rack
			r.Counts[k]--
			r.N--
			walk(i-1, r, w)
		}
	}
	walk(b-1, all, 1)
	sort.SliceStable(draws, func(i, j int) bool { return draws[i].Weight > draws[j].Weight })
	return draws, false, nil
}

// countOrders counts the distinct orders of b tiles from counts, stopping
// at limit.
func countOrders(counts [tile.NumKinds]int, b, limit int) int {
	if b == 0 {
		return 1
	}
	total := 0
	for k, n := range counts {
		if n == 0 {
			continue
		}
		counts[k]--
		total += countOrders(counts, b-1, limit-total)
		counts[k]++
		if total >= limit {
			return total
		}
	}
	return total
}

func sampleDraws(all tile.Rack, b, n int, seed uint64) []Draw {
	r := rand.New(rand.NewPCG(seed, 0xd4a3))
	tiles := all.Tiles()
	draws := make([]Draw, n)
	for i := range draws {
		r.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
		draws[i] = Draw{Bag: slices.Clone(tiles[:b]), Rack: tile.RackOf(tiles[b:]), Weight: 1 / float64(n)}
	}
	return draws
}

// Solve ranks p's candidates: draw by draw, most likely first, each
// candidate is played and the rest of the game solved, with an equal share
// of the time left, until every draw is valued or stop answers true. The
// draw being valued at the stop is left out for every candidate, so all
// are compared over the same draws. p's mover is to move and its
// opponent's rack is unknown; exchanges are not compared.
func (pe *PreEndgame) Solve(p *position.Position, deadline time.Time, stop func() bool) (PreResult, error) {
	start := time.Now()
	draws, sampled, err := pe.draws(p)
	if err != nil {
		return PreResult{}, err
	}
	cands := pe.candidates(p)
	res := PreResult{Draws: len(draws), Sampled: sampled, Ranked: make([]Ranked, len(cands))}
	for i, m := range cands {
		res.Ranked[i].Move = m
	}
	wins := make([]float64, len(cands))
	margins := make([]float64, len(cands))
	proven := make([]int, len(cands))
	weight := 0.0
	stopped := func() bool { return stop != nil && stop() || !deadline.IsZero() && !time.Now().Before(deadline) }
draws:
	for d, dr := range draws {
		st, err := state.FromPosition(p)
		if err != nil {
			return PreResult{}, err
		}
		if err := st.Deal(1, dr.Rack.Tiles(), dr.Bag); err != nil {
			return PreResult{}, err
		}
		var roundWins, roundMargins []float64
		var roundProven []bool
		for _, m := range cands {
			if stopped() {
				break draws
			}
			// An equal share of what is left for each solve to come.
			var solveStop func() bool
			if !deadline.IsZero() {
				left := (len(draws)-d)*len(cands) - len(roundWins)
				until := time.Now().Add(time.Until(deadline) / time.Duration(left))
				solveStop = func() bool { return stopped() || !time.Now().Before(until) }
			} else {
				solveStop = stop
			}
			margin, ok, err := pe.value(st, m, solveStop, &res.Nodes)
			if err != nil {
				return PreResult{}, err
			}
			win := 0.0
			switch {
			case margin > 0:
				win = 1
			case margin == 0:
				win = 0.5
			}
			roundWins = append(roundWins, win)
			roundMargins = append(roundMargins, float64(margin))
			roundProven = append(roundProven, ok)
		}
		if len(roundWins) < len(cands) {
			break // stopped part way through the draw: leave it out
		}
		for i := range cands {
			wins[i] += dr.Weight * roundWins[i]
			margins[i] += dr.Weight * roundMargins[i]
			if roundProven[i] {
				proven[i]++
			}
		}
		weight += dr.Weight
		res.Valued++
	}
	for i := range res.Ranked {
		r := &res.Ranked[i]
		r.Draws, r.Proven = res.Valued, proven[i]
		if weight > 0 {
			r.Wins, r.Margin = wins[i]/weight, margins[i]/weight
		}
	}
	sort.SliceStable(res.Ranked, func(i, j int) bool {
		a, b := res.Ranked[i], res.Ranked[j]
		if a.Wins != b.Wins {
			return a.Wins > b.Wins
		}
		return a.Margin > b.Margin
	})
	res.Elapsed = time.Since(start)
	return res, nil
}

// value plays m for seat 0, the mover, and solves the rest: the final
// margin from the mover's view, and whether proven.
func (pe *PreEndgame) value(st *state.State, m move.Move, stop func() bool, nodes *int64) (int, bool, error) {
	if err := st.Apply(m); err != nil {
		return 0, false, fmt.Errorf("endgame: candidate %v: %w", m, err)
	}
	defer st.Undo()
	if st.Over() {
		s := st.Scores()
		return s[0] - s[1], true, nil
	}
	// v is the mover's margin (the values asked of the opponent's side,
	// negated), ok whether proven.
	var v int
	var ok bool
	var err error
	if pe.WinsOnly {
		v, ok, err = pe.winner(st, stop, nodes)
	} else {
		var res Result
		res, err = pe.Solver.Solve(st, stop)
		*nodes += res.Nodes
		v, ok = -res.Value, res.Proven
	}
	switch {
	case err != nil:
		return 0, false, err
	case ok || pe.Playout == nil:
		return v, ok, nil
	}
	opp, err := pe.Playout(st)
	if err != nil {
		return 0, false, fmt.Errorf("endgame: playing out after %v: %w", m, err)
	}
	return -opp, false, nil
}

// winner asks st's mover (the opponent) whether it can win, then whether
// it can tie, and returns the margin from the other side's view: -1, 0 or
// 1 (ok false when a question was not settled before stop).
func (pe *PreEndgame) winner(st *state.State, stop func() bool, nodes *int64) (int, bool, error) {
	for _, at := range []int{1, 0} {
		d, err := pe.Solver.DecideAtLeast(st, at, stop)
		*nodes += d.Nodes
		if err != nil || !d.Proven {
			return 0, false, err
		}
		if d.Win {
			return -at, true, nil
		}
	}
	return 1, true, nil
}

// candidates are p's highest-scoring plays and the pass.
func (pe *PreEndgame) candidates(p *position.Position) []move.Move {
	n := pe.Candidates
	if n <= 0 {
		n = DefaultCandidates
	}
	// The n best by score: the generator's bounded search keeps them.
	var moves []move.Move
	pe.Solver.Gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: n,
		Record: func(m *move.Move) {
			c := *m
			c.Tiles = slices.Clone(m.Tiles)
			moves = append(moves, c)
		}})
	return append(moves, move.NewPass())
}

// Winning looks for a move that wins whatever the bag holds: the first of
// the candidates (the highest-scoring plays, then the pass) after which,
// in every possible draw, the opponent can neither win nor tie against
// any defence (Solver.DecideAtLeast from its side, proven). It answers
// ok false when no candidate is proven so before stop, or when the draws
// are too many to list (MaxDraws: a sample proves nothing for all). A
// candidate is dropped at its first draw that is not a proven win, so
// the losing ones cost little; each question may take a third of the time
// left at most, so that one hard draw does not take it all.
func (pe *PreEndgame) Winning(p *position.Position, deadline time.Time, stop func() bool) (m move.Move, ok bool, nodes int64, err error) {
	states, err := pe.drawStates(p)
	if err != nil || states == nil {
		return move.Move{}, false, 0, err
	}
	for _, c := range pe.candidates(p) {
		if stop != nil && stop() || !time.Now().Before(deadline) {
			break
		}
		wins, _, err := pe.everyDraw(states, c, deadline, stop, true, &nodes)
		switch {
		case err != nil:
			return move.Move{}, false, nodes, err
		case wins:
			return c, true, nodes, nil
		}
	}
	return move.Move{}, false, nodes, nil
}

// WinsEveryDraw asks of one move what Winning asks of each candidate:
// does m win in every draw? settled false when a draw's question was not
// settled before stop (each may take a third of the time left) and no
// draw was proven not a win; or when the draws are too many to list.
func (pe *PreEndgame) WinsEveryDraw(p *position.Position, m move.Move, deadline time.Time, stop func() bool) (wins, settled bool, nodes int64, err error) {
	states, err := pe.drawStates(p)
	if err != nil || states == nil {
		return false, false, 0, err
	}
	wins, settled, err = pe.everyDraw(states, m, deadline, stop, false, &nodes)
	return wins, settled, nodes, err
}

// everyDraw asks whether m wins in each of the draws' states, each
// question a third of the time left at most, and stops at the first draw
// proven not a win; at the first not settled too when hurry is set (a
// move that must be certified cannot be, and the time goes to the next).
func (pe *PreEndgame) everyDraw(states []*state.State, m move.Move, deadline time.Time, stop func() bool, hurry bool, nodes *int64) (wins, settled bool, err error) {
	stopped := func() bool { return stop != nil && stop() || !time.Now().Before(deadline) }
	settled = true
	for _, st := range states {
		if hurry && stopped() {
			return false, false, nil
		}
		until := time.Now().Add(time.Until(deadline) / 3)
		won, known, err := pe.winsIn(st, m, func() bool { return stopped() || !time.Now().Before(until) }, nodes)
		switch {
		case err != nil:
			return false, false, err
		case known && !won:
			return false, true, nil
		case !known && hurry:
			return false, false, nil
		case !known:
			settled = false
		}
	}
	return settled, settled, nil
}

// draws is p's draws as pe lists them (Draws, up to MaxDraws or its
// default), once pe has a generator to search them with.
func (pe *PreEndgame) draws(p *position.Position) (draws []Draw, sampled bool, err error) {
	if pe.Solver == nil || pe.Solver.Gen == nil {
		return nil, false, ErrNoGenerator
	}
	maxDraws := pe.MaxDraws
	if maxDraws <= 0 {
		maxDraws = DefaultMaxDraws
	}
	return Draws(p, maxDraws, pe.Seed)
}

// drawStates is a state for each of p's draws, the mover seat 0; nil when
// the draws are more than MaxDraws (a sample proves nothing for all).
func (pe *PreEndgame) drawStates(p *position.Position) ([]*state.State, error) {
	draws, sampled, err := pe.draws(p)
	if err != nil || sampled {
		return nil, err
	}
	states := make([]*state.State, len(draws))
	for i, dr := range draws {
		if states[i], err = state.FromPosition(p); err == nil {
			err = states[i].Deal(1, dr.Rack.Tiles(), dr.Bag)
		}
		if err != nil {
			return nil, err
		}
	}
	return states, nil
}

// winsIn reports whether c, played by st's mover (seat 0), is a proven
// win in st (the game ends with seat 0 ahead, or the opponent, to move
// after it, cannot reach a tie), and whether that was settled before
// stop. st is left as it was.
func (pe *PreEndgame) winsIn(st *state.State, c move.Move, stop func() bool, nodes *int64) (won, settled bool, err error) {
	if err := st.Apply(c); err != nil {
		return false, false, fmt.Errorf("endgame: candidate %v: %w", c, err)
	}
	defer st.Undo()
	if st.Over() {
		s := st.Scores()
		return s[0] > s[1], true, nil
	}
	d, err := pe.Solver.DecideAtLeast(st, 0, stop)
	*nodes += d.Nodes
	return d.Proven && !d.Win, d.Proven, err
}
