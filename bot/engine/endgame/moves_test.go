package endgame

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/tile"
)

// TestDeriveIsGeneration: along random lines of play from real self-play
// endgames (both racks full as the bag emptied), the moves the search
// derives from one of the mover's earlier lists (search.movesAt, derive)
// are exactly the moves a whole generation finds, with the same scores,
// each once.
func TestDeriveIsGeneration(t *testing.T) {
	s := New(gen())
	scratch := newPlyMoves()
	compared, afters := 0, 0
	eachEndgame(t, s, 16, func(seed uint64, sr *search) {
		st := sr.st
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
				sameMoves(t, fmt.Sprintf("seed %d ply %d", seed, ply), p, scratch)
				compared++
			}
			if ply > 0 && r.IntN(3) == 0 {
				// As if the search had not listed this position's moves
				// (its stored move cut off): a later turn derives from an
				// earlier list.
				p.whole = false
			}
			// Half the time the other seat's plays here are made first
			// (buildAfter), as the search makes them once two positions
			// below have derived their lists: they must be its whole
			// generation, and the next turn derives from them.
			s.afterOK[ply] = false
			if r.IntN(2) == 0 {
				sr.buildAfter(ply)
				if !s.afterOK[ply] {
					t.Fatalf("seed %d ply %d: no list of the other seat made", seed, ply)
				}
				afters++
				a := s.after[ply]
				seat := 1 - st.Turn()
				rack, _ := st.Rack(seat)
				scratch.reset(s.z, rack.N, st.Board())
				s.Gen.Search(movegen.Args{Variant: st.Variant(), Board: st.Board(), Rack: rack, Record: scratch.rec})
				scratch.addPass()
				sameMoves(t, fmt.Sprintf("seed %d ply %d, the other seat's", seed, ply), a, scratch)
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
	})
	if compared < 50 || afters < 30 {
		t.Fatalf("only %d lists compared, %d of the other seat", compared, afters)
	}
	t.Logf("%d derived lists and %d of the other seat equal a whole generation", compared, afters)
}

// sameMoves reports the differences between got, a derived list, and
// want, a whole generation of the same seat on the same board: the same
// moves, each once, with the same scores.
func sameMoves(t *testing.T, what string, got, want *plyMoves) {
	t.Helper()
	g, w := map[string]int32{}, map[string]int32{}
	for i := range got.moves {
		k := got.move(&got.moves[i]).Key()
		if _, dup := g[k]; dup {
			t.Errorf("%s: %s derived twice", what, k)
		}
		g[k] = got.moves[i].score
	}
	for i := range want.moves {
		w[want.move(&want.moves[i]).Key()] = want.moves[i].score
	}
	if len(g) != len(w) {
		t.Errorf("%s: %d moves derived, %d generated", what, len(g), len(w))
	}
	for k, ws := range w {
		if gs, ok := g[k]; !ok || gs != ws {
			t.Errorf("%s: %s derived %v with %d, generated with %d", what, k, ok, gs, ws)
		}
	}
}

// blocks, asked before a move is played, says what ChangedLines marks after it
// (the rule TestDeriveIsGeneration checks): whether the move changes the
// line of an opponent's play, for every pair of a mover's move and an
// opponent's line on self-play endgames. The search passes over a move
// that blocks nothing by the opponent's way out, so a line missed here
// would value a move that blocks it as one that does not.
func TestBlocksIsChanged(t *testing.T) {
	s := New(gen())
	opp := newPlyMoves()
	var pairs, blocked, byRunEnd int
	eachEndgame(t, s, 12, func(seed uint64, sr *search) {
		st := sr.st
		p := s.plies[0]
		sr.generate(p, nil)
		rack, _ := st.Rack(1)
		opp.reset(s.z, rack.N, st.Board())
		s.Gen.Search(movegen.Args{Variant: st.Variant(), Board: st.Board(), Rack: rack, Record: opp.rec})
		type line struct {
			down bool
			n    int16
		}
		lines := map[line]*genMove{}
		for i := range opp.moves {
			g := &opp.moves[i]
			lines[line{g.down, g.line}] = g
		}
		for i := range p.moves {
			g := &p.moves[i]
			if g.pass() {
				continue
			}
			got := map[line]bool{}
			for l, o := range lines {
				got[l] = sr.blocks(p, g, o)
			}
			ts := p.slab[g.at : g.at+g.n]
			if err := st.Apply(p.move(g)); err != nil {
				t.Fatal(err)
			}
			var across, down uint64
			movegen.ChangedLines(st.Board(), ts, &across, &down)
			st.Undo()
			for l, b := range got {
				mask := across
				if l.down {
					mask = down
				}
				want := mask>>uint(l.n)&1 != 0
				if b != want {
					t.Fatalf("seed %d: %v blocks line %v: %v, ChangedLines says %v", seed, p.move(g), l, b, want)
				}
				pairs++
				if b {
					blocked++
					onLine := false
					for _, x := range ts {
						if l.down && int16(x.Col) == l.n || !l.down && int16(x.Row) == l.n {
							onLine = true
						}
					}
					if !onLine {
						byRunEnd++
					}
				}
			}
		}
	})
	if pairs < 10000 || byRunEnd < 100 || blocked == pairs {
		t.Fatalf("%d pairs, %d blocked, %d by a run's end only: the test checks too little", pairs, blocked, byRunEnd)
	}
	t.Logf("%d pairs, %d blocked, %d by a run's end only", pairs, blocked, byRunEnd)
}

// TestFavourOutInTwo: in the mover's whole list of real self-play
// endgames, every play whose leave is exactly the tiles of another play
// is raised by outInTwoBonus, plays that go out and the pass are not, and
// the filter's collisions raise few others.
func TestFavourOutInTwo(t *testing.T) {
	s := New(gen())
	plays, raised, wrong := 0, 0, 0
	eachEndgame(t, s, 16, func(seed uint64, sr *search) {
		p := s.plies[0]
		sr.generate(p, nil)
		before := make([]int32, len(p.moves))
		for i := range p.moves {
			before[i] = p.moves[i].order
		}
		rack, _ := sr.st.Rack(sr.st.Turn())
		p.favourOutInTwo(&rack, &s.leaves)
		// The multisets the plays place, counted plainly.
		placed := map[[tile.NumKinds]int]bool{}
		counts := func(g *genMove) (c [tile.NumKinds]int) {
			for _, pl := range p.slab[g.at : g.at+g.n] {
				c[kind(pl)]++
			}
			return c
		}
		for i := range p.moves {
			if g := &p.moves[i]; !g.pass() {
				placed[counts(g)] = true
			}
		}
		for i := range p.moves {
			g := &p.moves[i]
			up := g.order - before[i]
			if g.pass() || int(g.n) == rack.N {
				if up != 0 {
					t.Fatalf("seed %d: %v raised by %d", seed, p.move(g), up)
				}
				continue
			}
			plays++
			var leave [tile.NumKinds]int
			used := counts(g)
			for k := range leave {
				leave[k] = int(rack.Counts[k]) - used[k]
			}
			switch {
			case placed[leave] && up != outInTwoBonus:
				t.Fatalf("seed %d: %v keeps the tiles of another play, raised by %d", seed, p.move(g), up)
			case placed[leave]:
				raised++
			case up != 0:
				wrong++
			}
		}
	})
	if raised < 20 {
		t.Fatalf("only %d plays of %d keep another play's tiles", raised, plays)
	}
	if wrong*50 > plays {
		t.Fatalf("%d of %d plays raised with no play of their leave", wrong, plays)
	}
	t.Logf("%d of %d plays keep another play's tiles; %d raised by a collision", raised, plays, wrong)
}
