package endgame

import (
	"math"
	"time"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
)

// Decision is Decide's answer: whether the seat to move can end the game
// ahead whatever the opponent plays.
type Decision struct {
	// Proven: the search settled the question, one way (Win) or the other
	// (no move wins: the best the mover can force is a draw or a loss).
	Proven bool
	// Win: Move ends the game with the mover ahead against every defence
	// (Proven is then true).
	Win  bool
	Move move.Move
	// Depth is the deepest iteration finished or, for a win, the one that
	// found it; Nodes the positions searched over all of them.
	Depth   int
	Nodes   int64
	Elapsed time.Duration
}

// Decide searches st from the seat to move for a move that wins: the game
// ending with the mover's score above the opponent's, against any defence.
// It is Solve's search asked a yes-or-no question: each root move's line
// is searched with a null window at the winning margin, and a position
// needs only one move that answers it (or proof that none does), not its
// exact value, so it settles endgames Solve cannot prove in the same
// time; but its move wins without maximising the margin, so a proven
// Solve is the better answer where there is one. Like Solve it deepens
// iteratively until the question is settled, MaxDepth is reached or stop
// answers true, and leaves st as it found it; its table entries are
// bounds Solve can use (with KeepTable, a Solve of the same position
// after it starts from them).
func (s *Solver) Decide(st *state.State, stop func() bool) (Decision, error) {
	return s.DecideAtLeast(st, 1, stop)
}

// DecideAtLeast is Decide for a final margin of at least margin instead of
// 1 (a win): 0 asks whether the mover can avoid losing. Win then means
// that Move reaches it against any defence.
func (s *Solver) DecideAtLeast(st *state.State, margin int, stop func() bool) (Decision, error) {
	start := time.Now()
	sr, done, err := s.begin(st, stop)
	if err != nil {
		return Decision{}, err
	}
	defer done()
	d := sr.decide(margin)
	d.Nodes, d.Elapsed = sr.nodes, time.Since(start)
	return d, sr.err
}

// decide is DecideAtLeast's iterative deepening.
func (s *search) decide(margin int) Decision {
	h, spread, root := s.rootOf()
	return s.decideFrom(h, spread, root, margin)
}

// decideFrom is decide from a root already generated: Raise asks its
// questions of one search, the root's moves made once.
func (s *search) decideFrom(h hashes, spread int, root *plyMoves, margin int) Decision {
	// The gain (the margin the rest of the game adds to the mover's lead)
	// that reaches the final margin asked.
	target := int32(margin - spread)
	values := make([]int32, len(root.moves))
	exacts := make([]bool, len(root.moves)) // unused: sortRoot keeps them alongside
	scratch := make([]rootEntry, len(root.moves))
	limit := maxPly - 1
	if s.MaxDepth > 0 {
		limit = min(limit, s.MaxDepth)
	}
	var d Decision
	for depth := 1; depth <= limit; depth++ {
		lost := true
		for i := range root.moves {
			g := &root.moves[i]
			// From the opponent's view after g: at most g.score - target
			// (a fail low) is a win for the mover.
			a := g.score - target
			child, proven, ok := s.child(root, g, 1, below(g, depth), a, a+1, h)
			if !ok {
				return d
			}
			v := g.score - child
			values[i] = v
			if v >= target && proven {
				m := root.move(g)
				m.Tiles = append([]move.Placement(nil), m.Tiles...)
				d.Proven, d.Win, d.Move, d.Depth = true, true, m, depth
				return d
			}
			lost = lost && proven && v < target
		}
		d.Depth = depth
		if lost {
			d.Proven = true
			return d
		}
		// The moves nearest a win first in the next iteration.
		sortRoot(root, values, exacts, scratch)
	}
	return d
}

// Guarantee is a move and the final margin it reaches against any
// defence, proven: Raise's answer.
type Guarantee struct {
	Move move.Move
	// Margin is the final margin Move reaches whatever the opponent plays
	// (the mover's score less the opponent's when the game ends).
	Margin int
	// Best: no move reaches more, so Margin is the endgame's value and
	// Move a best move.
	Best bool
	// Tests is how many questions (DecideAtLeast's, asked of one search)
	// Raise asked, Nodes the positions they searched.
	Tests int
	Nodes int64
}

// raiseStep is the first step Raise takes above a margin with no guess
// beyond it: a few points, the size of a better finish's usual gain.
const raiseStep = 4

// Raise looks for a move that guarantees a larger final margin than g's,
// asking DecideAtLeast's question for margins above g.Margin until the largest
// margin proven reachable and the smallest proven out of reach meet
// (Best: the endgame's value, proven) or stop answers true. It climbs
// towards guess (a horizon's value, say) from below, halving the gap at
// each question, then steps past it, doubling the step, while the
// answers are yes; after the first no it halves the gap between the two.
// A question that stop cuts short, or an error, leaves g the last proven
// answer, so the move returned always guarantees what it says.
//
// It is how a proven win is made a large one when Solve cannot prove the
// value in time: each question is a null-window search that needs one
// move reaching the margin, not every move's value. All of them are one
// search: the root's moves are made once, the table keeps the bounds of
// the questions before (with or without KeepTable), and MaxNodes caps
// them together. What it trades: a question above the value costs a
// proof that nothing reaches it, about a Solve's work, so the climb asks
// below the guess first, where a yes comes cheap, and each no is asked
// once.
func (s *Solver) Raise(st *state.State, g Guarantee, guess int, stop func() bool) (Guarantee, error) {
	if stop == nil {
		stop = func() bool { return false }
	}
	sr, done, err := s.begin(st, stop)
	if err != nil {
		return g, err
	}
	defer done()
	h, spread, root := sr.rootOf()
	above := math.MaxInt // the smallest margin proven out of reach
	step := raiseStep
	for !g.Best && !stop() {
		var next int
		switch {
		case above < math.MaxInt:
			next = g.Margin + max(1, (above-g.Margin)/2)
		case guess > g.Margin:
			next = g.Margin + (guess-g.Margin+1)/2
		default:
			next = g.Margin + step
			step *= 2
		}
		before := sr.nodes
		d := sr.decideFrom(h, spread, root, next)
		g.Tests++
		g.Nodes += sr.nodes - before
		if sr.err != nil {
			return g, sr.err
		}
		switch {
		case !d.Proven:
			return g, nil // cut short
		case d.Win:
			g.Move, g.Margin = d.Move, next
		default:
			above = next
		}
		g.Best = g.Margin+1 >= above
	}
	return g, nil
}
