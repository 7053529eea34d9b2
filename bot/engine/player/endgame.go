package player

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
)

// Endgame is how the endgame solver (package endgame) decided the
// simulation policy's move: with the bag empty it searches the rest of
// the game exactly.
type Endgame struct {
	// Kind says what the solver proved.
	Kind EndgameKind
	// Proven: the value is the game's (searched to its end in every line
	// that decides it); for Won, the win is.
	Proven bool
	// Depth is the plies of the endgame's deepest finished search, Nodes
	// the positions searched.
	Depth int
	Nodes int64
	// Value is the endgame's final margin with best play on both sides;
	// for Won, the least the move reaches against any defence.
	Value int
	// Line is the endgame's principal line, the move first.
	Line []move.Move
}

// endgameBudget is the endgame's time when ctx has no deadline (the sim's
// DefaultIterations plays the same part).
const endgameBudget = time.Second

// untimed is the endgame's time when ctx has no deadline and its searches
// are capped in positions (EndgameNodes): long enough never to bind.
const untimed = 1000 * time.Hour

// endgameDeadline is when the endgame's searches must stop: ctx's
// deadline, else endgameBudget from now, or, where EndgameNodes caps every
// search, no time at all (untimed), so that the node budget alone bounds
// them and a seeded analysis's answers do not depend on how fast the
// machine was in that second.
func (pl *Sim) endgameDeadline(ctx context.Context) time.Time {
	if deadline, ok := ctx.Deadline(); ok {
		return deadline
	}
	if pl.EndgameNodes > 0 {
		return time.Now().Add(untimed)
	}
	return time.Now().Add(endgameBudget)
}

// endgameShare is the share of the time left an endgame's solver gets.
// The simulation beside it (endgame) plays its one world in a fraction of
// that; the rest is the answer's way out.
const endgameShare = 0.9

// endgame answers a position with the bag empty. Its simulation is one
// world, a playout a candidate, soon played; so the solver and it run side
// by side, the simulation on the cores the solver leaves, and the solver
// has nearly all the time left rather than a share before the simulation:
// a solve proves more the longer it runs, and the simulation needs little.
// A proven answer of the solver's is taken, the simulation's otherwise.
func (pl *Sim) endgame(ctx context.Context, p *position.Position, static Choice) Choice {
	simCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	sim := *pl.Simulator
	threads := sim.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	sim.Threads = max(1, threads-1) // the solver takes one
	mine := static
	mine.Top = slices.Clone(static.Top) // simulate may append the pass
	simulated := make(chan Choice, 1)
	go func() { simulated <- pl.simulate(simCtx, p, mine, &sim) }()
	if ch, solved := pl.solveEnd(ctx, p, static); solved {
		cancel()
		<-simulated // stopped at once: no goroutine outlives the move
		return ch
	}
	return <-simulated
}

// decideShare is the share of the solver's time that asking whether the
// mover can win (endgame.Solver.Decide) may take before the exact solve:
// most endgames are settled in a few milliseconds, and the rest is
// Solve's, so the cap costs the exact value little where Decide cannot
// settle the question.
const decideShare = 1.0 / 3

// solveShare is the share of the time left after a proven win that the
// exact solve may take; a win whose value it does not prove is raised in
// the rest (endgame.Solver.Raise: a move proven to win by more). Raise's
// questions prove a margin without every move's value, so they gain
// points where Solve is cut short (a won endgame's points lost a move at
// 1 s about halved on the quality benchmark's endgame set); what the
// share costs is the solves that would have finished in the last quarter.
const solveShare = 0.75

// solveEnd hands an endgame (the bag empty) to the solver, with
// endgameShare of the time left, and reports whether its answer replaces
// ch's: a proven value does, else a proven win. The solver first asks
// whether the mover can win at all (Decide), a question settled in many
// endgames whose exact value is not proven in time, then solves for the
// value with the time left, the table holding the first search's bounds;
// after a proven win, with solveShare of it, and Raise looks for a larger
// proven margin in the rest. A proven value maximises the margin; a proven
// win wins by at least what Raise proved, which is what a game asks,
// where the simulation's answer could lose it against a better defence
// than the static player it models. An unproven value is
// not played: it is a search cut at a horizon it counts nothing beyond,
// and played out it does worse than the simulation, which plays every
// line to the end. (Pre-endgames go to preEndgame.)
func (pl *Sim) solveEnd(ctx context.Context, p *position.Position, ch Choice) (Choice, bool) {
	if p.BagCount > 0 || p.Rack.N == 0 {
		return ch, false
	}
	s := pl.solver()
	defer pl.Shared.putSolver(s)
	deadline := time.Now().Add(time.Duration(float64(time.Until(pl.endgameDeadline(ctx))) * endgameShare))
	stop := func() bool { return ctx.Err() != nil || !time.Now().Before(deadline) }
	unseen, err := montecarlo.Unseen(p)
	if err != nil || len(unseen) == 0 || len(unseen) > p.Variant.RackSize {
		return ch, false
	}
	st, err := state.FromPosition(p)
	if err == nil {
		err = st.Deal(1, unseen, nil)
	}
	if err != nil {
		return ch, false
	}
	decideBy := time.Now().Add(time.Duration(float64(time.Until(deadline)) * decideShare))
	dec, err := s.Decide(st, func() bool { return stop() || !time.Now().Before(decideBy) })
	if err != nil {
		return ch, false
	}
	solveStop := stop
	if dec.Win {
		solveBy := time.Now().Add(time.Duration(float64(time.Until(deadline)) * solveShare))
		solveStop = func() bool { return stop() || !time.Now().Before(solveBy) }
	}
	res, err := s.Solve(st, solveStop)
	if err != nil {
		return ch, false
	}
	if !res.Proven {
		if !dec.Win {
			return ch, false
		}
		// An error leaves g the last margin proven, the win at least.
		g, _ := s.Raise(st, endgame.Guarantee{Move: dec.Move, Margin: 1}, res.Value, stop)
		ch.Endgame = &Endgame{Kind: Won, Proven: true, Depth: dec.Depth, Nodes: dec.Nodes + res.Nodes + g.Nodes, Value: g.Margin}
		if g.Best {
			ch.Endgame.Kind, ch.Endgame.Line = Solved, []move.Move{g.Move}
		}
		ch.Candidate = candidateOf(p, g.Move, float64(g.Margin))
		ch.Top = []Candidate{ch.Candidate}
		ch.Reason = ""
		if g.Move.Kind == move.Pass {
			ch.Reason = "the endgame solver proved that passing wins"
		}
		return ch, true
	}
	ch.Endgame = &Endgame{Kind: Solved, Proven: res.Proven, Depth: res.Depth, Nodes: res.Nodes,
		Value: res.Value, Line: res.Line}
	ch.Candidate = candidateOf(p, res.Move, float64(res.Value))
	ch.Top = make([]Candidate, 0, max(pl.Top, 1))
	for _, v := range res.Moves[:min(len(res.Moves), max(pl.Top, 1))] {
		c := candidateOf(p, v.Move, float64(v.Value))
		c.Bound = !v.Exact
		ch.Top = append(ch.Top, c)
	}
	ch.Reason = ""
	if res.Move.Kind == move.Pass {
		ch.Reason = "the endgame solver's best line starts with a pass"
	}
	return ch, true
}

// solver is a solver of pl.Shared's (Shared.solver) readied for pl; the
// caller hands it back (Shared.putSolver).
func (pl *Sim) solver() *endgame.Solver {
	s := pl.Shared.solver()
	s.Gen, s.MaxNodes = pl.Gen, pl.EndgameNodes
	return s
}

// preEndgameShare is the share of the time left that a pre-endgame's
// search for a sure win may take; the simulation has the rest.
const preEndgameShare = 0.25

// preEndgame answers a position with a few tiles in the bag: a move that
// wins whatever the bag holds (endgame.PreEndgame.Winning: in every draw
// the opponent can neither win nor tie against it) when the solver finds
// one in preEndgameShare of the time, else the simulation's answer with
// the rest. The search gives up on a candidate at its first draw that is
// not a proven win, so it costs little where there is none; the full
// ranking by win probability (PreEndgame.Solve) proves too little within
// a move's time to be played, and an unproven ranking is weaker than the
// simulation's.
func (pl *Sim) preEndgame(ctx context.Context, p *position.Position, static Choice) Choice {
	if ch, ok := pl.sureWin(ctx, p, static); ok {
		return ch
	}
	return pl.simulate(ctx, p, static, pl.Simulator)
}

// sureWin is preEndgame's search: ch with a sure win, or ch and false.
func (pl *Sim) sureWin(ctx context.Context, p *position.Position, ch Choice) (Choice, bool) {
	deadline := time.Now().Add(time.Duration(float64(time.Until(pl.endgameDeadline(ctx))) * preEndgameShare))
	s := pl.solver()
	defer pl.Shared.putSolver(s)
	pe := &endgame.PreEndgame{Solver: s}
	m, found, nodes, err := pe.Winning(p, deadline, func() bool { return ctx.Err() != nil })
	if err != nil || !found {
		return ch, false
	}
	ch.Endgame = &Endgame{Kind: WonWhateverDrawn, Proven: true, Nodes: nodes}
	ch.Candidate = candidateOf(p, m, 0)
	ch.Top = []Candidate{ch.Candidate}
	ch.Reason = ""
	if m.Kind == move.Pass {
		ch.Reason = "the pre-endgame solver proved that passing wins whatever the bag holds"
	}
	return ch, true
}

// candidateOf is m as a Candidate valued eq, with the tiles it keeps.
func candidateOf(p *position.Position, m move.Move, eq float64) Candidate {
	leave := p.Rack
	if m.Kind == move.Play {
		leave, _ = m.Leave(p.Rack)
	}
	return Candidate{Move: m, Equity: eq, Leave: leave}
}

// Playout plays st out to the game's end, both sides choosing as pl does, and returns the final margin from the view of the
// seat to move in st, leaving st as it found it: a simulation's world, for
// a caller that knows every tile (endgame.PreEndgame.Playout).
func (pl *Static) Playout(st *state.State) (int, error) {
	seat, applied := st.Turn(), 0
	defer func() {
		for ; applied > 0; applied-- {
			st.Undo()
		}
	}()
	for !st.Over() {
		p := st.View()
		m := pl.Choose(context.Background(), &p).Move
		if err := st.Apply(m); err != nil {
			return 0, fmt.Errorf("the static player's %v: %w", m, err)
		}
		applied++
	}
	s := st.Scores()
	return s[seat] - s[1-seat], nil
}
