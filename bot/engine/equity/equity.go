// Package equity values a move beyond its score: what the tiles kept are
// worth for the next turns, and, once the bag is empty, what the tiles still
// held will cost.
//
// Calculator is the extension point: a player ranks moves by a Calculator, so
// a simulation- or learning-based valuation plugs in without touching the
// player. ScoreAndLeave (score plus a leave Table) is the default; Score
// ranks by points alone (the greedy bot).
package equity

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/lexico/lexico/bot/engine/leaves"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/data"
)

// Calculator values move m, which keeps leave, in position p. Higher is
// better; the unit is points. Implementations must be safe for concurrent use
// and should not allocate: they are called for every generated move.
type Calculator interface {
	Equity(m *move.Move, leave tile.Rack, p *position.Position) float64
}

// LeaveValuer is a Calculator whose value of a play is the play's score
// plus a value of the tiles it keeps (LeaveValue), given the position. A
// move generator's bounded search can then find the best play by that
// value without valuing every play (movegen.Args.Leave).
type LeaveValuer interface {
	Calculator
	// LeaveValue is what keeping leave adds to a play's score in p, where
	// p.Rack is the rack before the play.
	LeaveValue(leave tile.Rack, p *position.Position) float64
}

// Score is the greedy valuation: a move is worth its points, nothing more.
type Score struct{}

// Equity implements Calculator.
func (Score) Equity(m *move.Move, _ tile.Rack, _ *position.Position) float64 {
	return float64(m.Score)
}

// LeaveValue implements LeaveValuer: a leave is worth nothing.
func (Score) LeaveValue(tile.Rack, *position.Position) float64 { return 0 }

// LeaveKey implements LeaveKeyer: every leave is worth nothing anywhere.
func (Score) LeaveKey(*position.Position) (uint64, bool) { return 1, true }

// ScoreAndLeave is score plus the table value of the leave
// (Table.LeaveValue: the learned value when a learned table fits the bag,
// else the model). While the bag holds at least Table.FadeBag tiles the
// leave counts in full; below that its weight falls linearly to 0. With the bag empty the leave's face value counts
// against the move (Table.TilesLeftWeight), and going out earns the unseen
// tiles' face value (Table.GoOutWeight): the endgame is about points on racks,
// not about draws that will never come.
type ScoreAndLeave struct{ Table *Table }

// Equity implements Calculator.
func (s ScoreAndLeave) Equity(m *move.Move, leave tile.Rack, p *position.Position) float64 {
	eq := float64(m.Score)
	if m.Kind == move.Exchange {
		eq -= s.Table.ExchangeCost
	}
	return eq + s.LeaveValue(leave, p)
}

// LeaveValue implements LeaveValuer: the part of Equity that depends on the
// tiles kept.
func (s ScoreAndLeave) LeaveValue(leave tile.Rack, p *position.Position) float64 {
	return s.leaveValue(leave, p, nil, false)
}

// leaveValue is LeaveValue, with the learned table for p's variant given
// (learned, found) or looked up (found false).
func (s ScoreAndLeave) leaveValue(leave tile.Rack, p *position.Position, learned *leaves.Table, found bool) float64 {
	t := s.Table
	if p.BagCount > 0 {
		w := 1.0
		if bag := float64(p.BagCount); bag < t.FadeBag {
			w = bag / t.FadeBag
		}
		if leave.N == 0 {
			return 0
		}
		if !found {
			learned = t.LearnedFor(p.Variant)
		}
		return w * t.leaveValueIn(learned, leave)
	}
	if leave.N == 0 {
		return t.GoOutWeight * float64(unseenValue(p))
	}
	return -t.TilesLeftWeight * float64(faceValue(leave, &p.Variant.Values))
}

// LeaveKeyer is a LeaveValuer that can tell when it values every leave
// alike in two positions, so that a search may reuse the values
// (movegen.Args.LeaveKey).
type LeaveKeyer interface {
	// LeaveKey is the same for two positions of one variant whose leaves
	// it values alike, and different otherwise; ok is false when the
	// values depend on more of p than it can say in a key.
	LeaveKey(p *position.Position) (key uint64, ok bool)
}

// LeaveKey implements LeaveKeyer: with the bag holding FadeBag tiles or
// more every leave counts in full, below that its weight is the bag's;
// with the bag empty the values depend on the board (the unseen tiles).
func (s ScoreAndLeave) LeaveKey(p *position.Position) (uint64, bool) {
	switch {
	case p.BagCount <= 0:
		return 0, false
	case float64(p.BagCount) >= s.Table.FadeBag:
		return 1, true
	}
	return 1 + uint64(p.BagCount), true
}

// ForVariant is lv for the positions of variant v, with what depends on
// the variant alone looked up once: a search values a hundred leaves of one
// position (movegen.Args.Leave), and finding the learned table that fits
// v's bag compares the bags each time. The values are lv's; a position of
// another variant is valued as lv values it. lv itself when there is
// nothing to look up.
func ForVariant(lv LeaveValuer, v *variant.Variant) LeaveValuer {
	if s, ok := lv.(ScoreAndLeave); ok && s.Table != nil && v != nil {
		return scoreAndLeaveIn{ScoreAndLeave: s, v: v, learned: s.Table.LearnedFor(v)}
	}
	return lv
}

// scoreAndLeaveIn is ScoreAndLeave for the positions of one variant (ForVariant).
type scoreAndLeaveIn struct {
	ScoreAndLeave
	v       *variant.Variant
	learned *leaves.Table
}

// LeaveValue implements LeaveValuer.
func (s scoreAndLeaveIn) LeaveValue(leave tile.Rack, p *position.Position) float64 {
	return s.leaveValue(leave, p, s.learned, p.Variant == s.v)
}

// SubLeaveValuer is a LeaveValuer that can value every leave of a rack at
// once, faster than leave by leave (movegen.Args.Leaves).
type SubLeaveValuer interface {
	// SubLeaveValues writes dst[i] = LeaveValue(r.SubRack(i), p) for
	// every i < r.SubRacks(), and reports whether it could (false: ask
	// LeaveValue).
	SubLeaveValues(r *tile.Rack, p *position.Position, dst []float64) bool
}

// SubLeaves is lv's way to value every leave of a rack at once in p, for
// movegen.Args.Leaves, or nil when lv has none (movegen then asks Leave).
// p is read when the func is called, so a caller may change it between
// searches.
func SubLeaves(lv LeaveValuer, p *position.Position) func(*tile.Rack, []float64) bool {
	all, ok := lv.(SubLeaveValuer)
	if !ok {
		return nil
	}
	return func(r *tile.Rack, dst []float64) bool { return all.SubLeaveValues(r, p, dst) }
}

// SubLeaveValues implements SubLeaveValuer when a learned table values the
// leaves of p and the bag is not empty: the values LeaveValue gives, the
// table read by ranks added up kind by kind.
func (s scoreAndLeaveIn) SubLeaveValues(r *tile.Rack, p *position.Position, dst []float64) bool {
	t := s.Table
	if s.learned == nil || p.Variant != s.v || p.BagCount <= 0 {
		return false
	}
	n := r.SubRacks()
	if len(dst) < n {
		return false
	}
	w := 1.0
	if bag := float64(p.BagCount); bag < t.FadeBag {
		w = bag / t.FadeBag
	}
	s.learned.SubValues(r, dst)
	for i := range dst[:n] {
		x := dst[i]
		if x != x { // not in the table: the model's
			x = t.Value(r.SubRack(i))
		}
		dst[i] = w * x
	}
	dst[0] = 0 // the empty leave, as LeaveValue
	return true
}

func faceValue(r tile.Rack, values *[tile.NumKinds]int) int {
	v := 0
	for i, n := range r.Counts {
		v += int(n) * values[i]
	}
	return v
}

// unseenValue is the face value of the tiles neither on the board nor on our
// rack (variant.Unseen): with the bag empty, the opponent's rack. It is 0
// when the variant's distribution does not account for the tiles seen (a
// variant built from a gamestate may not know its bag): going out then earns
// no bonus rather than one counted from a bag that never existed.
func unseenValue(p *position.Position) int {
	left, err := p.Variant.Unseen(p.Board, p.Rack)
	if err != nil {
		return 0
	}
	v := 0
	for i, n := range left {
		v += n * p.Variant.Values[i]
	}
	return v
}

// DefaultTable is the embedded valuation: the hand-tuned model
// data/leaves-hand.csv, with the learned tables shipped in data/leaves/ for
// the bags they fit, each read in place the first time a game of its bag
// asks it (or at once: ReadShipped). Each call parses a new Table, whose
// owner (an engine, bot/engine/engine) shares it between its players:
// parsing the model takes microseconds, and no table is kept for the
// whole process.
func DefaultTable() (*Table, error) {
	t, err := Parse(bytes.NewReader(data.DefaultLeavesCSV))
	if err != nil {
		return nil, fmt.Errorf("data/leaves-hand.csv: %w", err)
	}
	for _, f := range data.LearnedLeaves() {
		bag, err := leaves.ReadBag(f.Head(leaves.HeadLen))
		if err != nil {
			return nil, fmt.Errorf("data/leaves/%s.leaves: %w", f.Name, err)
		}
		t.shipped = append(t.shipped, &shippedTable{bag: bag, file: f})
	}
	return t, nil
}

// shippedTable is a learned table embedded in the binary, read in place
// (leaves.TableInPlace: no copy, no checksum) the first time a game of its
// bag asks it.
type shippedTable struct {
	bag  [tile.NumKinds]uint8
	file data.LearnedLeaf
	once sync.Once
	t    *leaves.Table
}

// table is the table, read once; nil if it cannot be read (the model then
// values the leaves: TestShippedTablesRead keeps that from shipping).
func (s *shippedTable) table() *leaves.Table {
	s.once.Do(func() {
		s.t, _ = leaves.TableInPlace(s.file.Data)
	})
	return s.t
}

// ReadShipped reads now the shipped tables not read yet. An engine calls
// it when it opens, before any budget is made, so that no answer's search
// waits on it, and the first answers of a burst, the ones with no tail
// measured yet to hold back, least of all; reading one in place costs
// little, but its first lookups fault its pages in.
func (t *Table) ReadShipped() {
	for _, s := range t.shipped {
		s.table()
	}
}

// HandTable is the embedded hand-tuned model alone, without learned tables.
func HandTable() (*Table, error) { return Parse(bytes.NewReader(data.DefaultLeavesCSV)) }
