package state

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

// benchPlays are the plays of four random seeded games with the state
// each was played from: the steps a search takes. Exchanges are left out:
// their cost is the bag's shuffle, the same whichever way back, and a
// search near the end, where the bag is empty, has none.
func benchPlays(b *testing.B) (states []*State, plays []move.Move) {
	var all movegen.AllPlays
	for seed := uint64(1); seed <= 4; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		s, err := Start(variant.Multipliers, seed, 0)
		if err != nil {
			b.Fatal(err)
		}
		for !s.Over() {
			m := randomMove(s, r, &all)
			if m.Kind == move.Play {
				c := new(State)
				copyInto(c, s)
				states, plays = append(states, c), append(plays, m)
			}
			mustApply(b, s, m)
		}
	}
	return states, plays
}

// copyInto is apply-on-copy's way back, measured against Undo: src copied
// into dst's storage, as a search would keep a state per depth. Not in the
// package: Undo was the cheaper (docs/lab/state.md).
func copyInto(dst, src *State) {
	if dst.board == nil || len(dst.board.Squares) != len(src.board.Squares) {
		dst.board = src.board.Clone()
	} else {
		copy(dst.board.Squares, src.board.Squares)
		copy(dst.board.Premiums, src.board.Premiums)
	}
	b, j, bg := dst.board, dst.j, dst.bag
	bg.CopyFrom(&src.bag)
	*dst = *src
	dst.board, dst.bag = b, bg
	dst.j = journal{entries: j.entries[:0], squares: j.squares[:0], tiles: j.tiles[:0]}
}

// BenchmarkWayBack times the two ways back for a search, per play of
// random Multipliers games: apply the play and Undo it, or copy the state
// and apply the play to the copy. The two alternate by blocks of a
// thousand plays within one run, so that the machine's swings in speed
// (up to 2x from minute to minute on a shared host) fall on both alike;
// the metrics are the mean time of each. Past results: docs/lab/state.md.
//
//	go test -run '^$' -bench WayBack ./bot/game/state/
func BenchmarkWayBack(b *testing.B) {
	states, plays := benchPlays(b)
	scratch := new(State)
	const block = 1000
	var undo, copied time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for done := 0; done < b.N; done += block {
		n := min(block, b.N-done)
		start := time.Now()
		for i := range n {
			k := (done + i) % len(states)
			if err := states[k].Apply(plays[k]); err != nil {
				b.Fatal(err)
			}
			states[k].Undo()
		}
		mid := time.Now()
		for i := range n {
			k := (done + i) % len(states)
			copyInto(scratch, states[k])
			if err := scratch.Apply(plays[k]); err != nil {
				b.Fatal(err)
			}
		}
		undo, copied = undo+mid.Sub(start), copied+time.Since(mid)
	}
	b.ReportMetric(float64(undo.Nanoseconds())/float64(b.N), "ns/undo")
	b.ReportMetric(float64(copied.Nanoseconds())/float64(b.N), "ns/copy")
}

// The benchmark's copy is a faithful copy: applying to it gives the state
// applying to the original gives. (A test, so the comparison stays fair.)
func TestCopyIntoIsACopy(t *testing.T) {
	s, _ := Start(variant.Multipliers, 9, 1)
	m := bestPlay(t, s)
	c := new(State)
	copyInto(c, s)
	mustApply(t, s, m)
	mustApply(t, c, m)
	a, b := snapshot(s), snapshot(c)
	b.moves = a.moves
	if !a.equal(b) || !slices.Equal(s.Bag(), c.Bag()) {
		t.Fatalf("the copy and the original differ after the same play:\n%+v\n%+v", a, b)
	}
}
