package solver

import (
	"container/heap"
	"sort"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/variant"
)

// ranked is a move with its key, the last tie-break of the ranking.
type ranked struct {
	m   move.Move
	key string
}

// better is the solver's ranking: the higher score first, then the play
// using fewer tiles (it keeps more of the rack), then the move key, so that
// the order is total and the same on every run and for every generator.
func better(a, b *ranked) bool {
	if a.m.Score != b.m.Score {
		return a.m.Score > b.m.Score
	}
	if len(a.m.Tiles) != len(b.m.Tiles) {
		return len(a.m.Tiles) < len(b.m.Tiles)
	}
	return a.key < b.key
}

// Rank describes moves and orders them best first (see better), numbering
// them from 1. The scores ranked are the rules engine's (Describe's), which
// a generator's must equal.
func Rank(v *variant.Variant, b *board.Board, moves []move.Move) []Play {
	plays := make([]Play, len(moves))
	rs := make([]ranked, len(moves))
	idx := make([]int, len(moves))
	for i, m := range moves {
		plays[i] = Describe(v, b, m)
		rs[i] = ranked{m, m.Key()}
		rs[i].m.Score = plays[i].Score
		idx[i] = i
	}
	sort.Slice(idx, func(i, j int) bool { return better(&rs[idx[i]], &rs[idx[j]]) })
	out := make([]Play, len(plays))
	for r, i := range idx {
		out[r] = plays[i]
		out[r].Rank = r + 1
	}
	return out
}

// topRecorder keeps the n best plays by the full ranking, so a listing of
// the top n is exactly the first n of the whole ranked list, whichever plays
// tie at the cut-off (movegen.TopN keeps the first reported among ties, which
// depends on the generator's order). The worst kept play sits at the root of
// a min-heap; keys are computed only for plays that tie with it.
type topRecorder struct {
	n int
	h rankHeap
}

type rankHeap []ranked

func (h rankHeap) Len() int           { return len(h) }
func (h rankHeap) Less(i, j int) bool { return better(&h[j], &h[i]) }
func (h rankHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *rankHeap) Push(x any)        { *h = append(*h, x.(ranked)) }
func (h *rankHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// Record is the movegen.PlayRecorder.
func (t *topRecorder) Record(m *move.Move) {
	if len(t.h) == t.n {
		worst := &t.h[0]
		switch {
		case m.Score < worst.m.Score:
			return
		case m.Score == worst.m.Score && len(m.Tiles) > len(worst.m.Tiles):
			return
		}
		r := ranked{m: *m, key: m.Key()}
		if !better(&r, worst) {
			return
		}
		worst.m.Score, worst.m.Kind, worst.key = m.Score, m.Kind, r.key
		worst.m.Tiles = append(worst.m.Tiles[:0], m.Tiles...)
		heap.Fix(&t.h, 0)
		return
	}
	c := *m
	c.Tiles = append([]move.Placement(nil), m.Tiles...)
	heap.Push(&t.h, ranked{c, c.Key()})
}

// moves returns the kept plays, in no particular order.
func (t *topRecorder) moves() []move.Move {
	out := make([]move.Move, len(t.h))
	for i := range t.h {
		out[i] = t.h[i].m
	}
	return out
}
