package movegen

import (
	"math"
	"slices"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/internal/topn"
)

// valueScale is the fixed point in which plays are compared and bounded:
// 1/1024 of a point. Integers keep the bounds exact for scores (a score of
// s is s*valueScale) and let a play's rank be one int64 (rank); a leave
// value is rounded to the nearest 1/1024, so two plays whose equities
// differ by less than that compare equal.
const valueScale = 1024

// fixedScore is a score in fixed point, clamped to what a bound holds.
func fixedScore(score int) int32 {
	return int32(min(score, math.MaxInt32/valueScale)) * valueScale
}

// noBound is the bound of what cannot hold a play; it ranks below every
// play.
const noBound = math.MinInt32

// fixedValue is x points in fixed point, clamped to what a bound holds.
func fixedValue(x float64) int32 {
	v := math.Round(x * valueScale)
	switch {
	case v != v: // NaN: worth nothing rather than anything
		return noBound + 1
	case v <= noBound:
		return noBound + 1
	case v > math.MaxInt32:
		return math.MaxInt32
	}
	return int32(v)
}

// rank orders plays as a Keep search prefers them: higher value first, then
// the earlier in the generator's order (order: the anchor's position in
// it). A placement with bound b can only produce plays ranked at most
// rank(b, its order).
func rank(value int32, order int32) int64 { return int64(value)<<32 | int64(0x7fffffff-order) }

// above is the highest rank a play of the given value can have: a bar at it
// keeps only plays worth more (Args.Beat), a play of that value ranking
// at most rank(value, 0) whatever its order.
func above(value int32) int64 { return rank(value, 0) }

// noPlay ranks below every play and every bound but noBound's.
const noPlay = int64(noBound)<<32 | 0x7fffffff

// kept is a play a keeper holds, with its rank and the sequence it was
// offered in (among equal ranks, the first offered ranks first).
type kept struct {
	rank int64
	seq  int64
	m    move.Move
}

// worseKept orders a keeper's heap: the worst at its root.
func worseKept(a, b *kept) bool { return a.rank < b.rank || a.rank == b.rank && a.seq > b.seq }

// keeper holds the n best plays offered. Its storage is reused from one
// search to the next, so a warm keeper does not allocate.
type keeper struct {
	h   topn.Heap[kept]
	n   int
	seq int64
}

// reset empties k for a search keeping n plays.
func (k *keeper) reset(n int) {
	if k.n != n {
		k.h, k.n = topn.New(n, worseKept), n
	}
	k.h.Truncate()
	k.seq = 0
}

// bar is the rank a play must beat to be kept: the worst kept once k is
// full, else noPlay.
func (k *keeper) bar() int64 {
	if k.h.Full() {
		return k.h.Worst().rank
	}
	return noPlay
}

// offer keeps m if it ranks above the bar, and reports whether it did.
func (k *keeper) offer(r int64, m *move.Move) bool {
	if r <= k.bar() {
		return false
	}
	k.seq++
	if k.h.Full() {
		w := k.h.Worst()
		w.rank, w.seq = r, k.seq
		tiles := keptTiles(w.m.Tiles, m.Tiles)
		w.m = *m
		w.m.Tiles = tiles
		k.h.Fix()
		return true
	}
	// Reuse the tile storage a previous search left (report truncates).
	var tiles []move.Placement
	if sp := k.h.Spare(); sp != nil {
		tiles = sp.m.Tiles
	}
	c := kept{rank: r, seq: k.seq, m: *m}
	c.m.Tiles = keptTiles(tiles, m.Tiles)
	k.h.Push(c)
	return true
}

// keptTiles copies ts into the storage of kept, made room for a whole
// rack when it has too little: a kept play is replaced by longer ones as
// a search goes on, and growing the storage tile by tile allocated again
// and again in a keeper that is otherwise reused.
func keptTiles(kept, ts []move.Placement) []move.Placement {
	if cap(kept) < len(ts) {
		kept = make([]move.Placement, 0, max(len(ts), maxRack))
	}
	return append(kept[:0], ts...)
}

// report hands the kept plays to rec best first, and empties k.
func (k *keeper) report(rec PlayRecorder) {
	items := k.h.Items()
	slices.SortFunc(items, func(a, b kept) int {
		switch {
		case worseKept(&b, &a):
			return -1
		case worseKept(&a, &b):
			return 1
		}
		return 0
	})
	if rec != nil {
		for i := range items {
			rec(&items[i].m)
		}
	}
	k.h.Truncate()
}

// leaveOf is the rack less the tiles m places.
func leaveOf(rack tile.Rack, m *move.Move) tile.Rack {
	for _, pl := range m.Tiles {
		rack.Remove(pl.Tile())
	}
	return rack
}

// SearchByGenerating is Search for a generator that can only generate
// every play: generate reports each play to rec and asks stop as Args.Stop
// says, and reports whether it finished. With Keep 0 the plays go straight
// to a.Record; otherwise each is valued and the a.Keep best kept, the order
// of generation being the order among equals. The reference generators
// (package reference: anagram, exhaustive) and test doubles are written
// this way.
func SearchByGenerating(a Args, generate func(rec PlayRecorder, stop func() bool) bool) bool {
	if a.Keep <= 0 {
		return generate(a.Record, a.Stop)
	}
	var k keeper
	k.reset(a.Keep)
	best := noPlay
	value := func(m *move.Move) int32 {
		v := fixedScore(m.Score)
		if a.Leave != nil {
			v = addValue(v, fixedValue(a.Leave(leaveOf(a.Rack, m))))
		}
		return v
	}
	floor := noPlay
	if a.Beat != nil {
		floor = above(value(a.Beat))
	}
	finished := generate(func(m *move.Move) {
		// The generator's order among equals: seq, with order fixed.
		r := rank(value(m), 0)
		if r <= floor {
			return
		}
		if k.offer(r, m) && r > best && a.Better != nil {
			best = r
			a.Better(m)
		}
	}, a.Stop)
	k.report(a.Record)
	return finished
}

// addValue adds two fixed-point values without leaving int32.
func addValue(a, b int32) int32 {
	s := int64(a) + int64(b)
	return int32(max(min(s, math.MaxInt32), noBound+1))
}
