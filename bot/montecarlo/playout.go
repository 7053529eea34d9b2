package montecarlo

import (
	"math/rand/v2"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/movegen"
	"github.com/lexico/lexico/bot/position"
	"github.com/lexico/lexico/bot/rules"
	"github.com/lexico/lexico/bot/tile"
)

// world is one guess at what the mover cannot see: the unseen tiles in a
// random order, the opponent's rack first, then the bag in draw order. Every
// candidate of a round is played out in the same world (common random
// numbers), so the differences between candidates are not drowned by the
// luck of the draw.
type world struct {
	tiles []byte
	opp   int // how many of tiles are the opponent's rack
}

// deal shuffles unseen into w with r: the opponent holds what the bag does
// not (at most a rack), the rest is the bag.
func (w *world) deal(unseen []byte, bagCount, rackSize int, r *rand.Rand) {
	w.tiles = append(w.tiles[:0], unseen...)
	r.Shuffle(len(w.tiles), func(i, j int) { w.tiles[i], w.tiles[j] = w.tiles[j], w.tiles[i] })
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
}

// playout plays candidates out. One per goroutine: it owns its buffers, so
// a playout allocates nothing.
type playout struct {
	sim   *Simulator
	p     *position.Position
	plies int // turns played after the candidate at most
	board *board.Board
	bag   []byte
	pos   position.Position // the simulated mover's view, for the equity
	stop  func() bool

	// The best play of the simulated turn being searched.
	best      move.Move
	bestTiles [tile.NumKinds]move.Placement
	bestEq    float64
	found     bool
	record    movegen.PlayRecorder
	// pass is what leaveValue values: a field, since a local would escape
	// through the Calculator interface at every move.
	pass move.Move
}

func newPlayout(s *Simulator, p *position.Position, plies int, stop func() bool) *playout {
	o := &playout{sim: s, p: p, plies: plies, board: p.Board.Clone(), stop: stop}
	o.pos = *p
	o.pos.Board = o.board
	o.record = o.recordPlay
	return o
}

// run plays candidate m out in world w. It returns false when stop ended
// it part way (the outcome is then meaningless).
func (o *playout) run(m *move.Move, w *world) (outcome, bool) {
	p := o.p
	copy(o.board.Squares, p.Board.Squares)
	o.bag = append(o.bag[:0], w.tiles[w.opp:]...)
	var racks [2]tile.Rack // 0: the mover, 1: the opponent
	racks[0] = p.Rack
	for _, t := range w.tiles[:w.opp] {
		racks[1].Add(t)
	}
	var scores [2]int
	// leaves is the value of the tiles each side kept at its last move,
	// taken when it moved (before drawing, with the bag as it was then),
	// as the static valuation takes it: the value of the draw to come is
	// in the tiles kept, and a full rack is no leave. 0 before a side has
	// moved.
	var leaves [2]float64
	passes := 0
	ended := false

	// The candidate itself.
	switch m.Kind {
	case move.Play:
		for _, pl := range m.Tiles {
			racks[0].Remove(pl.Tile())
		}
		rules.Apply(o.board, *m)
		scores[0] = m.Score
		leaves[0] = o.leaveValue(racks[0])
		o.draw(&racks[0])
		ended = racks[0].N == 0
	case move.Exchange:
		for _, t := range m.Exchanged {
			racks[0].Remove(t)
		}
		leaves[0] = o.leaveValue(racks[0])
		o.draw(&racks[0])
		// The tiles go back under the bag: drawn last, as near to the
		// referee's reshuffle as a fixed world allows. Shifted in place:
		// m is shared by every goroutine of the simulation.
		n := len(m.Exchanged)
		o.bag = append(o.bag, m.Exchanged...)
		copy(o.bag[n:], o.bag[:len(o.bag)-n])
		copy(o.bag, m.Exchanged)
	case move.Pass:
		leaves[0] = o.leaveValue(racks[0])
		passes = 1
	}

	side := 1
	for ply := 0; ply < o.plies && !ended; ply++ {
		found, ok := o.bestPlay(racks[side], scores[side]-scores[1-side], len(o.bag))
		if !ok {
			return outcome{}, false
		}
		if found {
			for _, pl := range o.best.Tiles {
				racks[side].Remove(pl.Tile())
			}
			rules.Apply(o.board, o.best)
			scores[side] += o.best.Score
			leaves[side] = o.leaveValue(racks[side])
			o.draw(&racks[side])
			passes = 0
			ended = racks[side].N == 0
		} else {
			leaves[side] = o.leaveValue(racks[side])
			passes++
			ended = passes >= 2
		}
		side = 1 - side
	}

	out := outcome{value: float64(scores[0] - scores[1]), ended: ended}
	if !ended {
		out.value += leaves[0] - leaves[1]
	}
	out.margin = float64(p.MyScore-p.OppScore) + out.value
	return out, true
}

// draw fills r from the bag up to a full rack.
func (o *playout) draw(r *tile.Rack) {
	for r.N < o.p.Variant.RackSize && len(o.bag) > 0 {
		last := len(o.bag) - 1
		r.Add(o.bag[last])
		o.bag = o.bag[:last]
	}
}

// leaveValue is what the static valuation gives for keeping r now, with
// the bag as it is: the equity of a pass that keeps it (a move's equity is
// its score plus that).
func (o *playout) leaveValue(r tile.Rack) float64 {
	o.pass = move.Move{Kind: move.Pass}
	o.pos.Rack = r
	o.pos.BagCount = len(o.bag)
	return o.sim.Equity.Equity(&o.pass, r, &o.pos)
}

// bestPlay finds the simulated mover's play: the best by the static
// valuation (no exchanges: they are rare and would cost a search of their
// own). lead is the mover's lead in the simulation so far, for a valuation
// that weighs the score. It reports whether a play was found, and false in
// ok when stop ended the search.
func (o *playout) bestPlay(rack tile.Rack, lead, bag int) (found, ok bool) {
	o.pos.Rack = rack
	o.pos.BagCount = bag
	o.pos.MyScore, o.pos.OppScore = lead, 0
	o.found = false
	finished := movegen.GenerateUntil(o.sim.Gen, o.p.Variant, o.board, rack, o.record, o.stop)
	return o.found, finished
}

// recordPlay is the recorder of bestPlay: the hot path of a simulation.
func (o *playout) recordPlay(m *move.Move) {
	leave := o.pos.Rack
	for _, pl := range m.Tiles {
		leave.Remove(pl.Tile())
	}
	eq := o.sim.Equity.Equity(m, leave, &o.pos)
	if o.found && eq <= o.bestEq {
		return
	}
	o.found, o.bestEq = true, eq
	o.best = *m
	o.best.Tiles = o.bestTiles[:copy(o.bestTiles[:], m.Tiles)]
}
