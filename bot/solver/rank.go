package solver

import (
	"sort"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/topn"
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
// a topn.Heap; keys are computed only for plays that tie with it.
type topRecorder struct {
	h topn.Heap[ranked]
}

func newTopRecorder(n int) *topRecorder {
	return &topRecorder{h: topn.New(n, func(a, b *ranked) bool { return better(b, a) })}
}

// Record is the movegen.PlayRecorder.
func (t *topRecorder) Record(m *move.Move) {
	if t.h.Full() {
		worst := t.h.Worst()
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
		t.h.Fix()
		return
	}
	c := *m
	c.Tiles = append([]move.Placement(nil), m.Tiles...)
	t.h.Push(ranked{c, c.Key()})
}

// moves returns the kept plays, in no particular order.
func (t *topRecorder) moves() []move.Move {
	items := t.h.Items()
	out := make([]move.Move, len(items))
	for i := range items {
		out[i] = items[i].m
	}
	return out
}
