package montecarlo

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"sync/atomic"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/winprob"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
)

// world is one guess at what the mover cannot see: the unseen tiles in a
// random order, the opponent's rack first, then the bag in draw order. Every
// candidate of a round is played out in the same world (common random
// numbers), so the differences between candidates are not drowned by the
// luck of the draw.
type world struct {
	tiles []byte
	opp   int    // how many of tiles are the opponent's rack
	seq   uint64 // counts the deals, so a playout knows a new world (from 1)
}

// deal shuffles unseen into w with r: the opponent holds what the bag does
// not (at most a rack), the rest is the bag. kept, when not nil, is tiles of
// unseen the opponent holds for certain (inference: what it kept at its last
// play); they lead its rack and the rest is shuffled.
func (w *world) deal(unseen, kept []byte, bagCount, rackSize int, r *rand.Rand) {
	w.seq++
	w.tiles = append(w.tiles[:0], unseen...)
	n := 0
	for _, t := range kept {
		for i := n; i < len(w.tiles); i++ {
			if w.tiles[i] == t {
				w.tiles[n], w.tiles[i] = w.tiles[i], w.tiles[n]
				n++
				break
			}
		}
	}
	rest := w.tiles[n:]
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	w.opp = min(len(w.tiles)-bagCount, rackSize)
	// Tiles beyond a rack and the bag (a distribution larger than the
	// game's) are left out of the game.
	w.tiles = w.tiles[:w.opp+bagCount]
}

// outcome is one candidate played out in one world.
type outcome struct {
	// value is the candidate's score plus the points the mover's side
	// gained over the opponent's in the turns simulated after it, plus, if
	// the game did not end, the value of the tiles the mover kept at its
	// last move less that of the opponent's: the unit of equity, points.
	value float64
	// margin is the mover's lead at the end of the simulation: the real
	// scores' difference plus value.
	margin float64
	// ended is set when the simulated game ended (a rack emptied with the
	// bag empty, or two passes in a row).
	ended bool
	// wp is the mover's chance of winning from the end of the simulation:
	// the result where the game ended, else margin through the win
	// probability table (0 without one).
	wp float64
}

// playout plays candidates out. One per goroutine: it owns its state and
// buffers, so a playout allocates nothing.
type playout struct {
	sim   *Simulator
	p     *position.Position
	plies int // turns played after the candidate at most
	// wp is the win probability table the final margins go through (nil:
	// ranked by points, no need).
	wp *winprob.Table
	// st is the game from p, the mover seat 0, played on in each world and
	// taken back to p (Undo) before the next.
	st *state.State
	// cross is the cross sets st keeps for the generator (nil when it
	// cannot read them): each simulated turn's search reads them instead of
	// computing them from the whole board.
	cross *movegen.CrossSets
	pos   position.Position // the simulated mover's view, for the equity
	stop  func() bool

	// The best play of the simulated turn being searched.
	best      move.Move
	bestTiles [tile.NumKinds]move.Placement
	bestEq    float64
	found     bool
	record    movegen.PlayRecorder
	// leave is the valuation's value of a leave in pos, when the
	// valuation is an equity.LeaveValuer (nil otherwise).
	leave func(tile.Rack) float64
	// leaves values every leave of a rack at once when the valuation can
	// (movegen.Args.Leaves; nil otherwise).
	leaves func(*tile.Rack, []float64) bool
	// keyer, when the valuation is one, says when two searches value the
	// leaves alike (movegen.Args.LeaveKey): the opponent's rack is the
	// same after each candidate of a world. Its keys are this playout's,
	// id making them no other's.
	keyer equity.LeaveKeyer
	id    uint64
	// lines is the generator when the opponent's replies are shared by
	// the candidates of a world (reply.go): it searches some lines only,
	// the valuation is a leave valuation that has keys, and the board has
	// at most 64 lines a way (movegen.ChangedLines). shared is the world's
	// search of them.
	lines       lineSearcher
	shared      replies
	recordReply movegen.PlayRecorder // keepReply, made once: a method value allocates
	// w is the world the playout plays in when it plays rounds (a race's
	// phases): one world for the playout's life, so that its deal count
	// (seq) is never that of another world the replies were searched in.
	w world
	// pass is what leaveValue values: a field, since a local would escape
	// through the Calculator interface at every move.
	pass move.Move
	// kept is the inference's racks (infer.go), the opponent's for certain
	// in the worlds, world k taking kept[k mod len]; nil: none inferred.
	kept [][]byte
}

// keptIn is what the opponent holds for certain in world k (nil: nothing).
func (o *playout) keptIn(k uint64) []byte {
	if len(o.kept) == 0 {
		return nil
	}
	return o.kept[k%uint64(len(o.kept))]
}

// LeaveKeys numbers playouts for their leave keys (movegen.Args.LeaveKey),
// which must differ between any two searches of one generator that value
// leaves differently: so every Simulator over a generator shares one
// LeaveKeys (an engine's, bot/engine/engine), and no count is kept for the
// whole process. The zero value is ready to use.
type LeaveKeys struct{ n atomic.Uint64 }

// next is a number no playout numbered by k had; 0 for a nil k: no keys.
func (k *LeaveKeys) next() uint64 {
	if k == nil {
		return 0
	}
	return k.n.Add(1)
}

func newPlayout(s *Simulator, p *position.Position, plies int, wp *winprob.Table, stop func() bool) (*playout, error) {
	st, err := state.FromPosition(p)
	if err != nil {
		return nil, err
	}
	st.Reserve(plies + 1) // the candidate and the simulated turns
	o := &playout{sim: s, p: p, plies: plies, wp: wp, st: st, stop: stop}
	if o.cross = movegen.NewCrossSets(s.Gen, p.Variant); o.cross != nil {
		st.Track(o.cross)
	}
	o.pos = *p
	o.pos.Board = st.Board()
	o.record = o.recordPlay
	o.recordReply = o.keepReply
	if lv, ok := s.Equity.(equity.LeaveValuer); ok {
		lv = equity.ForVariant(lv, p.Variant)
		o.leave = func(r tile.Rack) float64 { return lv.LeaveValue(r, &o.pos) }
		o.leaves = equity.SubLeaves(lv, &o.pos)
		if o.id = s.Keys.next(); o.id != 0 {
			o.keyer, _ = lv.(equity.LeaveKeyer)
		}
		if o.keyer != nil && p.Board.Size <= 64 { // lines past the 64th are not marked
			o.lines, _ = s.Gen.(lineSearcher)
		}
	}
	return o, nil
}

// check reports the first candidate the game cannot play (tiles the mover
// does not hold, a square off the board or taken), in a world dealt in
// tile order: an error, before any world is played, rather than a
// candidate that would fail in every one.
func (o *playout) check(cands []move.Move, unseen []byte) error {
	opp := min(len(unseen)-o.p.BagCount, o.p.Variant.RackSize)
	if err := o.st.Deal(1, unseen[:opp], unseen[opp:opp+o.p.BagCount]); err != nil {
		return err
	}
	for i := range cands {
		if err := o.st.Apply(cands[i]); err != nil {
			return fmt.Errorf("%w: candidate %d, %v: %w", ErrBadCandidate, i, cands[i], err)
		}
		o.st.Undo()
	}
	return nil
}

// run plays candidate m out in world w. It returns false when stop ended
// it part way (the outcome is then meaningless).
func (o *playout) run(m *move.Move, w *world) (outcome, bool) {
	st := o.st
	for st.Undo() { // back to p, from the last world or from check
	}
	// The world has the shape check dealt: a rack and the bag's count.
	if st.Deal(1, w.tiles[:w.opp], w.tiles[w.opp:]) != nil {
		return outcome{}, false
	}
	if o.lines != nil && o.plies > 0 && o.shared.seq != w.seq {
		o.searchReplies(m, w)
	}
	// leaves is the value of the tiles each side kept at its last move,
	// taken when it moved (before drawing, with the bag as it was then),
	// as the static valuation takes it: the value of the draw to come is
	// in the tiles kept, and a full rack is no leave. 0 before a side has
	// moved.
	var leaves [2]float64
	var ok bool
	if leaves[0], ok = o.apply(*m); !ok {
		return outcome{}, false // check played it: cannot happen
	}
	for ply := 0; ply < o.plies && !st.Over(); ply++ {
		side := st.Turn()
		rack, _ := st.Rack(side)
		var found, finished bool
		if ply == 0 && o.lines != nil && o.shared.seq == w.seq {
			found, finished, _ = o.bestReply(m, rack, o.lead(side), st.BagLen())
		} else {
			found, finished = o.bestPlay(rack, o.lead(side), st.BagLen())
		}
		if !finished {
			return outcome{}, false
		}
		next := move.Move{Kind: move.Pass}
		if found {
			next = o.best
		}
		if leaves[side], ok = o.apply(next); !ok {
			return outcome{}, false // the generator's plays fit the state: cannot happen
		}
	}

	out := outcome{value: float64(o.lead(0)), ended: st.Over()}
	if !out.ended {
		out.value += leaves[0] - leaves[1]
	}
	out.margin = float64(o.p.MyScore-o.p.OppScore) + out.value
	opp, _ := st.Rack(1)
	out.wp = chance(o.wp, out.margin, out.ended, st.BagLen()+opp.N, st.Turn() == 0)
	return out, true
}

// chance is the mover's chance of winning at a simulation's end, from its
// lead margin: the result where the game ended, else the table's chance
// with unseen tiles it cannot see and toMove whether it moves next; 0
// without a table (ranked by points, the win rate says the rest).
func chance(t *winprob.Table, margin float64, ended bool, unseen int, toMove bool) float64 {
	switch {
	case t == nil:
		return 0
	case ended:
		return result(margin)
	}
	return t.P(margin, unseen, toMove)
}

// result is a finished game's result for the side whose final margin
// this is: 1 a win, 1/2 a tie, 0 a loss.
func result(margin float64) float64 { return 0.5 + 0.5*float64(cmp.Compare(margin, 0)) }

// lead is the points side gained over the other since the candidate's
// position (the simulated turns, the candidate's own included).
func (o *playout) lead(side int) int {
	sc := o.st.Scores()
	gained := [2]int{sc[0] - o.p.MyScore, sc[1] - o.p.OppScore}
	return gained[side] - gained[1-side]
}

// apply plays m for the side to move and returns the value of the tiles it
// keeps, taken before it draws (leaves in run). m is copied: the
// candidates are shared by every goroutine of the simulation.
func (o *playout) apply(m move.Move) (leave float64, ok bool) {
	kept, _ := o.st.Rack(o.st.Turn())
	switch m.Kind {
	case move.Play:
		for _, pl := range m.Tiles {
			kept.Remove(pl.Tile())
		}
	case move.Exchange:
		for _, t := range m.Exchanged {
			kept.Remove(t)
		}
	}
	bag := o.st.BagLen()
	if o.st.Apply(m) != nil {
		return 0, false
	}
	return o.leaveValue(kept, bag), true
}

// leaveValue is what the static valuation gives for keeping r with bag
// tiles in the bag: the equity of a pass that keeps it (a move's equity is
// its score plus that).
func (o *playout) leaveValue(r tile.Rack, bag int) float64 {
	o.pass = move.Move{Kind: move.Pass}
	o.pos.Rack = r
	o.pos.BagCount = bag
	return o.sim.Equity.Equity(&o.pass, r, &o.pos)
}

// bestPlay finds the simulated mover's play: the best by the static
// valuation (no exchanges: they are rare and would cost a search of their
// own). lead is the mover's lead in the simulation so far, for a valuation
// that weighs the score. It reports whether a play was found, and false in
// finished when stop ended the search.
//
// A valuation that is the score plus a value of the leave
// (equity.LeaveValuer, as the static and greedy ones are) is searched by
// the generator's bounds, which find the best play without valuing the
// others; any other values every play.
func (o *playout) bestPlay(rack tile.Rack, lead, bag int) (found, finished bool) {
	o.setPos(rack, lead, bag)
	o.found = false
	finished = o.sim.Gen.Search(o.args(rack))
	return o.found, finished
}

// setPos makes pos the simulated mover's view: rack, its lead in the
// simulation so far, and the bag.
func (o *playout) setPos(rack tile.Rack, lead, bag int) {
	o.pos.Rack = rack
	o.pos.BagCount = bag
	o.pos.MyScore, o.pos.OppScore = lead, 0
}

// args asks for the best play of rack on the board as pos values it (set
// by setPos), reported to recordPlay.
func (o *playout) args(rack tile.Rack) movegen.Args {
	a := movegen.Args{Variant: o.p.Variant, Board: o.st.Board(), Rack: rack, Record: o.record, Stop: o.stop, Cross: o.cross}
	if o.leave != nil {
		a.Keep, a.Leave, a.Leaves = 1, o.leave, o.leaves
		if o.keyer != nil {
			if k, ok := o.keyer.LeaveKey(&o.pos); ok && k < 1<<16 {
				a.LeaveKey = o.id<<16 | k
			}
		}
	}
	return a
}

// recordPlay is the recorder of bestPlay: the hot path of a simulation
// that values every play.
func (o *playout) recordPlay(m *move.Move) {
	eq := 0.0
	if o.leave == nil {
		leave := o.pos.Rack
		for _, pl := range m.Tiles {
			leave.Remove(pl.Tile())
		}
		eq = o.sim.Equity.Equity(m, leave, &o.pos)
		if o.found && eq <= o.bestEq {
			return
		}
	}
	o.found, o.bestEq = true, eq
	o.best = *m
	o.best.Tiles = o.bestTiles[:copy(o.bestTiles[:], m.Tiles)]
}
