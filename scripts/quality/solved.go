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

// errUnproven is a solve the node budget did not prove: the move is not
// valued rather than valued by a search cut at a horizon.
var errUnproven = errors.New("not proven within the node budget")

// solvedValue is the exact final margin, from p's mover's view, of playing
// m in p and both sides playing best after it.
func solvedValue(s *endgame.Solver, p *position.Position, unseen []byte, m move.Move) (int, error) {
	st, err := endgameState(p, unseen)
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

// endgameState is p with the opponent holding the unseen tiles.
func endgameState(p *position.Position, unseen []byte) (*state.State, error) {
	if p.BagCount != 0 {
		return nil, fmt.Errorf("%d tiles in the bag: a solved reference needs the bag empty", p.BagCount)
	}
	st, err := state.FromPosition(p)
	if err != nil {
		return nil, err
	}
	return st, st.Deal(1, unseen, nil)
}

// newSolver is a solver over k's generator with a node budget (0: none).
func newSolver(k *late.Kit, nodes int64) *endgame.Solver {
	s := endgame.New(k.Gen)
	s.MaxNodes = nodes
	return s
}

// solvedReference is the reference of an endgame: the position solved,
// then its n best static candidates, the pass and the solver's best move
// each valued exactly, threads at once. A position not proven itself
// within the node budget is marked Unproven, with no candidate (it is left
// out of the scores); a candidate whose own solve is not proven is left
// out of the position's list.
func solvedReference(k *late.Kit, s setLine, o refOptions) (refPosition, error) {
	p := s.Pos
	unseen, err := montecarlo.Unseen(p)
	if err != nil {
		return refPosition{}, err
	}
	spread := p.MyScore - p.OppScore
	rp := refPosition{Line: s.Line, Gamestate: s.ID, Worlds: 1, Solved: true, SolveNodes: o.nodes,
		Bag: 0, Unseen: len(unseen), Spread: spread}
	st, err := endgameState(p, unseen)
	if err != nil {
		return rp, err
	}
	root, err := newSolver(k, o.nodes).Solve(st, nil)
	if err != nil {
		return rp, err
	}
	if !root.Proven {
		rp.Unproven = true
		return rp, nil
	}
	statics, err := referenceCandidates(k, p, o.candidates)
	if err != nil {
		return rp, err
	}
	type valued struct {
		m      move.Move
		static float64
		rank   int
		value  int
		err    error
	}
	var todo []valued
	for i, c := range statics {
		todo = append(todo, valued{m: c.Move, static: c.Equity, rank: i})
	}
	for _, m := range []move.Move{move.NewPass(), root.Move} {
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
				todo[i].value, todo[i].err = solvedValue(sv, p, unseen, todo[i].m)
			}
		}()
	}
	wg.Wait()
	best := float64(root.Value - spread)
	for _, v := range todo {
		if errors.Is(v.err, errUnproven) {
			continue
		}
		if v.err != nil {
			return rp, v.err
		}
		points := float64(v.value - spread)
		if points > best {
			return rp, fmt.Errorf("%s is worth %+d after it, more than the position's proven %+d: the solver disagrees with itself", v.m, v.value, root.Value)
		}
		c, err := candidateFigures(v.m, p, []float64{points}, []float64{best})
		if err != nil {
			return rp, err
		}
		c.StaticRank, c.Static = v.rank, round3(v.static)
		rp.Cands = append(rp.Cands, c)
	}
	bestKey := root.Move.Key()
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

// solvedExtra values moves the solved reference r of endgame s lacks, each
// exactly as the reference valued its candidates; a move whose solve is
// not proven within r's node budget is left unvalued (reported, not
// written), an illegal one written with its reason.
func solvedExtra(k *late.Kit, s setLine, r *refPosition, ms []chosen) ([]extraMove, error) {
	p := s.Pos
	unseen, err := montecarlo.Unseen(p)
	if err != nil {
		return nil, err
	}
	best := r.find(r.Best)
	sv := newSolver(k, r.SolveNodes)
	var out []extraMove
	for _, c := range ms {
		m, illegal := checkChosen(k, s, c)
		if illegal != nil {
			out = append(out, *illegal)
			continue
		}
		v, err := solvedValue(sv, p, unseen, m)
		if errors.Is(err, errUnproven) {
			fmt.Fprintf(os.Stderr, "extra: line %d: %v: left unvalued\n", s.Line, err)
			continue
		}
		if err != nil {
			return nil, err
		}
		points := float64(v - r.Spread)
		if points > best.Mean {
			return nil, fmt.Errorf("%s is worth %+.0f, more than the reference's best %s (%+.0f): another build, index or node budget?", m, points, best.Key, best.Mean)
		}
		fig, err := candidateFigures(m, p, []float64{points}, []float64{best.Mean})
		if err != nil {
			return nil, err
		}
		out = append(out, asExtra(k, s, m, fig))
	}
	return out, nil
}
