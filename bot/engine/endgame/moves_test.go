package endgame

import (
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/game/variant"
)

// TestDeriveIsGeneration: along random lines of play from real self-play
// endgames (both racks full as the bag emptied), the moves the search
// derives from one of the mover's earlier lists (search.movesAt, derive)
// are exactly the moves a whole generation finds, with the same scores,
// each once.
func TestDeriveIsGeneration(t *testing.T) {
	s := New(gen())
	scratch := newPlyMoves()
	compared := 0
	for seed := uint64(1); seed < 16; seed++ {
		v := variant.Multipliers
		if seed%2 == 0 {
			v = variant.Classic
		}
		st := selfPlay(t, v, seed, 0)
		if st == nil {
			continue
		}
		st = fromMover(t, st)
		if err := s.ready(st); err != nil {
			t.Fatal(err)
		}
		sr := &search{Solver: s, st: st}
		r := rand.New(rand.NewPCG(seed, 3))
		applied := 0
		for ply := 0; ply < 10 && !st.Over(); ply++ {
			p := s.plies[ply]
			if ply == 0 {
				sr.generate(p, nil)
				sr.generateOpponent()
			} else {
				sr.movesAt(ply, p)
				sr.generate(scratch, nil)
				got, want := map[string]int32{}, map[string]int32{}
				for i := range p.moves {
					k := p.move(&p.moves[i]).Key()
					if _, dup := got[k]; dup {
						t.Errorf("seed %d ply %d: %s derived twice", seed, ply, k)
					}
					got[k] = p.moves[i].score
				}
				for i := range scratch.moves {
					want[scratch.move(&scratch.moves[i]).Key()] = scratch.moves[i].score
				}
				if len(got) != len(want) {
					t.Errorf("seed %d ply %d: %d moves derived, %d generated", seed, ply, len(got), len(want))
				}
				for k, w := range want {
					if g, ok := got[k]; !ok || g != w {
						t.Errorf("seed %d ply %d: %s derived %v with %d, generated with %d", seed, ply, k, ok, g, w)
					}
				}
				compared++
			}
			if ply > 0 && r.IntN(3) == 0 {
				// As if the search had not listed this position's moves
				// (its stored move cut off): a later turn derives from an
				// earlier list.
				p.whole = false
			}
			// Mostly plays, so that the board fills; a pass now and then.
			g := &p.moves[r.IntN(len(p.moves))]
			if len(p.moves) > 1 && r.IntN(4) > 0 {
				g = &p.moves[r.IntN(len(p.moves)-1)]
			}
			s.played[ply] = p.slab[g.at : g.at+max(g.n, 0)]
			if err := st.Apply(p.move(g)); err != nil {
				t.Fatal(err)
			}
			applied++
		}
		for ; applied > 0; applied-- {
			st.Undo()
		}
	}
	if compared < 50 {
		t.Fatalf("only %d lists compared", compared)
	}
	t.Logf("%d derived lists equal a whole generation", compared)
}
