package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/scripts/internal/late"
)

// With the bag empty the opponent's rack is the unseen tiles, so the rest
// of the game is one of perfect information and the endgame solver values
// a move exactly: the reference of an endgame set needs no worlds. Each
// candidate is valued by solving the position after it to the game's end
// (proven), its points being the margin the plays from here on add (the
// final margin less the present spread), the same unit as a simulated
// candidate's; its Win is 1, ½ or 0 as that final margin is above, at or
// below 0. The solver is budgeted in nodes, not time, so the reference is
// the same on any machine and under any load.
//
// With a tile or two in the bag (reference -exact-bag), every way the
// unseen tiles can lie (a deal: which are in the bag, in what order, the
// rest on the opponent's rack) is as likely as any other, and a move is
// valued in each deal as above, the worlds of the reference being the
// deals. A move that draws the whole bag leaves a game of perfect
// information, so its value is exact; after one that leaves tiles in the
// bag (a pass, or a play of fewer tiles than the bag holds) the solve lets
// the opponent know the bag's order, which it cannot: such a move is
// valued a little low.

// errUnproven is a solve the node budget did not prove: the move is not
// valued rather than valued by a search cut at a horizon.
var errUnproven = errors.New("not proven within the node budget")

// deal is one way the unseen tiles can lie: the opponent's rack and the
// bag, in state.Deal's order.
type deal struct{ rack, bag []byte }

// maxDeals caps the deals a position is valued in: 9 unseen tiles with 2
// in the bag make 72.
const maxDeals = 100

// deals lists p's deals, each as likely as the others: with the bag empty
// the one, the opponent holding every unseen tile; with b tiles in the bag
// every ordered choice of b of the unseen tiles (copies of a letter
// counted apart, so that each deal weighs the same).
func deals(p *position.Position, unseen []byte) ([]deal, error) {
	b := p.BagCount
	n := 1
	for i := range b {
		n *= len(unseen) - i
	}
	if b > len(unseen) || n > maxDeals {
		return nil, fmt.Errorf("%d tiles in the bag of %d unseen: %d deals, more than the %d a solved reference values", b, len(unseen), n, maxDeals)
	}
	var out []deal
	var pick func(bag []byte, used []bool)
	pick = func(bag []byte, used []bool) {
		if len(bag) == b {
			var rack []byte
			for i, t := range unseen {
				if !used[i] {
					rack = append(rack, t)
				}
			}
			out = append(out, deal{rack: rack, bag: slices.Clone(bag)})
			return
		}
		for i, t := range unseen {
			if !used[i] {
				used[i] = true
				pick(append(bag, t), used)
				used[i] = false
			}
		}
	}
	pick(nil, make([]bool, len(unseen)))
	return out, nil
}

// solvedValue is the exact final margin, from p's mover's view, of playing
// m in p dealt d and both sides playing best after it.
func solvedValue(s *endgame.Solver, p *position.Position, d deal, m move.Move) (int, error) {
	st, err := dealState(p, d)
	if err != nil {
		return 0, err
	}
	if err := st.Apply(m); err != nil {
		return 0, err
	}
	if st.Over() {
		sc := st.Scores()
		return sc[0] - sc[1], nil
	}
	res, err := s.Solve(st, nil)
	if err != nil {
		return 0, err
	}
	if !res.Proven {
		return 0, fmt.Errorf("%s: %w (%d nodes, depth %d)", m, errUnproven, res.Nodes, res.Depth)
	}
	return -res.Value, nil // the opponent's final margin, from the mover's view
}

// solvedValues is m's solvedValue in each of ds, the first unproven one
// ending it.
func solvedValues(s *endgame.Solver, p *position.Position, ds []deal, m move.Move) ([]int, error) {
	out := make([]int, len(ds))
	for i, d := range ds {
		v, err := solvedValue(s, p, d, m)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// dealState is p dealt d: the opponent holding d.rack, the bag d.bag.
func dealState(p *position.Position, d deal) (*state.State, error) {
	if len(d.bag) != p.BagCount {
		return nil, fmt.Errorf("%d tiles in the bag, a deal of %d", p.BagCount, len(d.bag))
	}
	st, err := state.FromPosition(p)
	if err != nil {
		return nil, err
	}
	return st, st.Deal(1, d.rack, d.bag)
}

// newSolver is a solver over k's generator with a node budget (0: none).
func newSolver(k *late.Kit, nodes int64) *endgame.Solver {
	s := endgame.New(k.Gen)
	s.MaxNodes = nodes
	return s
}

// solvedReference is the reference of an endgame, or of a position with
// a tile or two in the bag valued over its deals: its n best static
// candidates and the pass (with the bag empty, the position solved first,
// and the solver's best move too) each valued exactly, threads at once.
// An endgame not proven itself within the node budget is marked Unproven,
// with no candidate (it is left out of the scores), as is a position none
// of whose candidates was proven in every deal; a candidate whose own
// solve is not proven in some deal is left out of the position's list.
func solvedReference(k *late.Kit, s setLine, o refOptions) (refPosition, error) {
	p := s.Pos
	unseen, err := montecarlo.Unseen(p)
	if err != nil {
		return refPosition{}, err
	}
	spread := p.MyScore - p.OppScore
	ds, err := deals(p, unseen)
	if err != nil {
		return refPosition{}, err
	}
	rp := refPosition{Line: s.Line, Gamestate: s.ID, Worlds: len(ds), Solved: true, SolveNodes: o.nodes,
		Bag: p.BagCount, Unseen: len(unseen), Spread: spread}
	extra := []move.Move{move.NewPass()}
	var root endgame.Result
	endgameRoot := p.BagCount == 0
	if endgameRoot {
		st, err := dealState(p, ds[0])
		if err != nil {
			return rp, err
		}
		if root, err = newSolver(k, o.nodes).Solve(st, nil); err != nil {
			return rp, err
		}
		if !root.Proven {
			rp.Unproven = true
			return rp, nil
		}
		extra = append(extra, root.Move)
	}
	statics, err := referenceCandidates(k, p, o.candidates)
	if err != nil {
		return rp, err
	}
	type valued struct {
		m      move.Move
		static float64
		rank   int
		points []float64
		err    error
	}
	var todo []valued
	for i, c := range statics {
		todo = append(todo, valued{m: c.Move, static: c.Equity, rank: i})
	}
	for _, m := range extra {
		if !slices.ContainsFunc(todo, func(v valued) bool { return v.m.Key() == m.Key() }) {
			todo = append(todo, valued{m: m, static: float64(m.Score), rank: -1})
		}
	}
	var wg sync.WaitGroup
	next := make(chan int, len(todo))
	for i := range todo {
		next <- i
	}
	close(next)
	for range o.threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sv := newSolver(k, o.nodes)
			for i := range next {
				vs, err := solvedValues(sv, p, ds, todo[i].m)
				todo[i].err = err
				for _, v := range vs {
					todo[i].points = append(todo[i].points, float64(v-spread))
				}
			}
		}()
	}
	wg.Wait()
	var ok []valued
	for _, v := range todo {
		if errors.Is(v.err, errUnproven) {
			continue
		}
		if v.err != nil {
			return rp, v.err
		}
		ok = append(ok, v)
	}
	// The best: the solver's with the bag empty (proven best of every
	// move), else the candidate of the highest mean over the deals.
	var bestKey string
	var best []float64
	if endgameRoot {
		bestKey, best = root.Move.Key(), []float64{float64(root.Value - spread)}
	} else if len(ok) > 0 {
		b := 0
		for i := range ok {
			if mean(ok[i].points) > mean(ok[b].points) {
				b = i
			}
		}
		bestKey, best = ok[b].m.Key(), ok[b].points
	}
	for _, v := range ok {
		if endgameRoot && v.points[0] > best[0] {
			return rp, fmt.Errorf("%s is worth %+.0f after it, more than the position's proven %+d: the solver disagrees with itself", v.m, v.points[0], root.Value-spread)
		}
		c, err := candidateFigures(v.m, p, v.points, best)
		if err != nil {
			return rp, err
		}
		c.StaticRank, c.Static = v.rank, round3(v.static)
		rp.Cands = append(rp.Cands, c)
	}
	if len(rp.Cands) == 0 {
		rp.Unproven = true
		return rp, nil
	}
	if rp.find(bestKey) == nil {
		return rp, fmt.Errorf("the solver's best move %s was not proven after it", root.Move)
	}
	rp.Best = bestKey
	slices.SortStableFunc(rp.Cands, func(a, b refCandidate) int {
		switch {
		case (a.Key == bestKey) != (b.Key == bestKey):
			if a.Key == bestKey {
				return -1
			}
			return 1
		case a.Mean > b.Mean:
			return -1
		case a.Mean < b.Mean:
			return 1
		}
		return 0
	})
	return rp, nil
}

// solvedExtra values moves the solved reference r of position s lacks,
// each exactly as the reference valued its candidates, over the same
// deals; a move whose solve is not proven within r's node budget in some
// deal is left unvalued (reported, not written), an illegal one written
// with its reason. Its DiffSE is the standard error of its own points, the
// best's per deal not being stored.
func solvedExtra(k *late.Kit, s setLine, r *refPosition, ms []chosen) ([]extraMove, error) {
	p := s.Pos
	unseen, err := montecarlo.Unseen(p)
	if err != nil {
		return nil, err
	}
	ds, err := deals(p, unseen)
	if err != nil {
		return nil, err
	}
	if len(ds) != r.Worlds {
		return nil, fmt.Errorf("%d deals, the reference %d: another set?", len(ds), r.Worlds)
	}
	best := r.find(r.Best)
	bests := make([]float64, len(ds))
	for i := range bests {
		bests[i] = best.Mean
	}
	sv := newSolver(k, r.SolveNodes)
	var out []extraMove
	for _, c := range ms {
		m, illegal := checkChosen(k, s, c)
		if illegal != nil {
			out = append(out, *illegal)
			continue
		}
		vs, err := solvedValues(sv, p, ds, m)
		if errors.Is(err, errUnproven) {
			fmt.Fprintf(os.Stderr, "extra: line %d: %v: left unvalued\n", s.Line, err)
			continue
		}
		if err != nil {
			return nil, err
		}
		points := make([]float64, len(vs))
		for i, v := range vs {
			points[i] = float64(v - r.Spread)
		}
		if p.BagCount == 0 && points[0] > best.Mean {
			return nil, fmt.Errorf("%s is worth %+.0f, more than the reference's best %s (%+.0f): another build, index or node budget?", m, points[0], best.Key, best.Mean)
		}
		fig, err := candidateFigures(m, p, points, bests)
		if err != nil {
			return nil, err
		}
		out = append(out, asExtra(k, s, m, fig))
	}
	return out, nil
}
