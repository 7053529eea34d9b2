package solver

import (
	"sort"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/variant"
)

// Rank describes moves and orders them best first: by score, then (so the
// listing is the same on every run) by the fewest tiles used, then by the
// move's key. Rank numbers them from 1.
func Rank(v *variant.Variant, b *board.Board, moves []move.Move) []Play {
	plays := make([]Play, len(moves))
	keys := make([]string, len(moves))
	for i, m := range moves {
		plays[i] = Describe(v, b, m)
		keys[i] = m.Key()
	}
	idx := make([]int, len(plays))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(x, y int) bool {
		a, c := &plays[idx[x]], &plays[idx[y]]
		if a.Score != c.Score {
			return a.Score > c.Score
		}
		if len(a.Move.Tiles) != len(c.Move.Tiles) {
			return len(a.Move.Tiles) < len(c.Move.Tiles)
		}
		return keys[idx[x]] < keys[idx[y]]
	})
	out := make([]Play, len(plays))
	for r, i := range idx {
		out[r] = plays[i]
		out[r].Rank = r + 1
	}
	return out
}
