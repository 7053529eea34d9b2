package movegen

import (
	"sort"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/internal/topn"
)

// AllPlays keeps every play. Tiles are copied into large shared chunks, so
// keeping n plays costs O(n / chunk) allocations, not n, and none once
// Reset has chunks enough from earlier positions: the moves and tiles of
// one position are then written over those of the last.
type AllPlays struct {
	Moves []move.Move
	// slab is the chunk being filled; chunks every chunk allocated, of
	// which the first used are in use since the last Reset.
	slab   []move.Placement
	chunks [][]move.Placement
	used   int
}

const slabChunk = 4096

// copyTiles copies ts into the slab, taking the next chunk when it is full.
func (a *AllPlays) copyTiles(ts []move.Placement) []move.Placement {
	if cap(a.slab)-len(a.slab) < len(ts) {
		if a.used < len(a.chunks) && cap(a.chunks[a.used]) >= len(ts) {
			a.slab = a.chunks[a.used][:0]
		} else {
			a.slab = make([]move.Placement, 0, max(slabChunk, len(ts)))
			a.chunks = append(a.chunks, nil)
			copy(a.chunks[a.used+1:], a.chunks[a.used:])
			a.chunks[a.used] = a.slab
		}
		a.used++
	}
	start := len(a.slab)
	a.slab = append(a.slab, ts...)
	return a.slab[start:len(a.slab):len(a.slab)]
}

// Record is the PlayRecorder: pass a.Record as Args.Record.
func (a *AllPlays) Record(m *move.Move) {
	c := *m
	c.Tiles = a.copyTiles(m.Tiles)
	a.Moves = append(a.Moves, c)
}

// Reset forgets the plays and keeps the storage for the next position:
// the moves reported so far, and their tiles, must no longer be used
// (copy them to keep them).
func (a *AllPlays) Reset() {
	clear(a.Moves)
	a.Moves = a.Moves[:0]
	a.slab, a.used = nil, 0
}

// SortByScore orders the plays best first; equal scores by move key so the
// order is the same whatever the strategy.
func (a *AllPlays) SortByScore() { SortByScore(a.Moves) }

// SortByScore orders moves best first, ties by move key.
func SortByScore(ms []move.Move) {
	keys := make([]string, len(ms))
	idx := make([]int, len(ms))
	for i := range ms {
		keys[i] = ms[i].Key()
		idx[i] = i
	}
	sort.Slice(idx, func(x, y int) bool {
		a, b := idx[x], idx[y]
		if ms[a].Score != ms[b].Score {
			return ms[a].Score > ms[b].Score
		}
		return keys[a] < keys[b]
	})
	out := make([]move.Move, len(ms))
	for i, j := range idx {
		out[i] = ms[j]
	}
	copy(ms, out)
}

// TopN keeps the n highest-scoring plays in a bounded heap (topn.Heap):
// memory and work per play stay O(log n) whatever the number of plays. Among
// equal scores at the cut, which are kept depends only on the order the
// plays are reported in.
type TopN struct {
	h topn.Heap[move.Move]
}

// NewTopN keeps the best n plays (n >= 1).
func NewTopN(n int) *TopN {
	return &TopN{h: topn.New(n, func(a, b *move.Move) bool { return a.Score < b.Score })}
}

// Record is the PlayRecorder.
func (t *TopN) Record(m *move.Move) {
	if t.h.Full() {
		w := t.h.Worst()
		if m.Score <= w.Score {
			return
		}
		// Reuse the evicted play's tile storage.
		w.Score = m.Score
		w.Kind = m.Kind
		w.Tiles = append(w.Tiles[:0], m.Tiles...)
		t.h.Fix()
		return
	}
	c := *m
	c.Tiles = append(make([]move.Placement, 0, 8), m.Tiles...)
	t.h.Push(c)
}

// Moves returns the kept plays best first (ties by move key).
func (t *TopN) Moves() []move.Move {
	out := append([]move.Move(nil), t.h.Items()...)
	SortByScore(out)
	return out
}

// Reset empties the recorder.
func (t *TopN) Reset() { t.h.Reset() }

// Best keeps the single highest-scoring play (the first reported among equal
// scores).
type Best struct {
	Move  move.Move
	Found bool
}

// Record is the PlayRecorder.
func (b *Best) Record(m *move.Move) {
	if b.Found && m.Score <= b.Move.Score {
		return
	}
	b.Found = true
	tiles := b.Move.Tiles
	b.Move = *m
	b.Move.Tiles = tiles
	b.Move.Tiles = append(b.Move.Tiles[:0], m.Tiles...)
}

// Reset forgets the kept play.
func (b *Best) Reset() { b.Found = false; b.Move = move.Move{Tiles: b.Move.Tiles[:0]} }
