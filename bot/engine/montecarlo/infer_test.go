package montecarlo

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// inferCase is a position after an opponent's play, seen with the position
// before it (position.Last), and the tiles the opponent really kept.
type inferCase struct {
	p    position.Position
	kept tile.Rack
}

// equityGame plays a seeded game between two players of the static
// valuation (the inference's model of the opponent, exactly) and returns,
// for every play that kept tiles with the bag not empty after it, the next
// mover's position with that play seen.
func equityGame(t *testing.T, sim *Simulator, v *variant.Variant, seed uint64) []inferCase {
	t.Helper()
	st, err := state.Start(v, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	var cases []inferCase
	for turn := 0; turn < 60 && !st.Over(); turn++ {
		mover := st.View()
		o, err := newPlayout(sim, &mover, 0, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		sc := st.Scores()
		found, _ := o.bestPlay(mover.Rack, mover.MyScore-mover.OppScore, mover.BagCount)
		m := move.Move{Kind: move.Pass}
		if found {
			m = o.best
			m.Tiles = slices.Clone(m.Tiles)
		}
		// The position before the play, from the other side.
		before := position.Position{Variant: v, Board: st.Board().Clone(), BagCount: st.BagLen(),
			MyScore: sc[1-st.Turn()], OppScore: sc[st.Turn()]}
		kept, _ := m.Leave(mover.Rack)
		if err := st.Apply(m); err != nil {
			t.Fatal(err)
		}
		if m.Kind != move.Play || kept.N == 0 || st.BagLen() == 0 {
			continue
		}
		next := st.View()
		next.Board = next.Board.Clone() // the game goes on on st's
		next.Last = &position.Last{Before: &before, Score: next.OppScore - before.OppScore}
		cases = append(cases, inferCase{p: next, kept: kept})
	}
	return cases
}

// inferSim is a simulator of the static valuation over testGen.
func inferSim(t *testing.T) *Simulator {
	t.Helper()
	tb, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	return &Simulator{Gen: testGen(), Equity: equity.ScoreAndLeave{Table: tb}, Keys: testKeys, Seed: 5}
}

// never is a stop that never comes.
func never() bool { return false }

// overlap is how many tiles two racks have in common.
func overlap(a, b tile.Rack) int {
	n := 0
	for i := range a.Counts {
		n += int(min(a.Counts[i], b.Counts[i]))
	}
	return n
}

// Against an opponent that plays as the model says, the rack it really
// kept explains its play exactly (no shortfall), and the racks inferred
// explain it far better than racks drawn from the unseen tiles alone: the
// inference weighs what the play says.
func TestInferenceExplainsThePlay(t *testing.T) {
	sim, v := inferSim(t), variant.Multipliers
	r := rand.New(rand.NewPCG(9, 9))
	var inferredShort, drawnShort float64
	var inferredHits, drawnHits, racks, positions int
	for _, c := range equityGame(t, sim, v, 1) {
		if positions == 8 {
			break
		}
		unseen, err := Unseen(&c.p)
		if err != nil {
			t.Fatal(err)
		}
		in := sim.inference(&c.p, never)
		if in == nil || in.keep != c.kept.N {
			t.Fatalf("%v: the inference reads %+v from the play seen, the opponent kept %s", c.p.Last, in, c.kept)
		}
		if d, _ := in.shortfall(c.kept); d > 1e-9 {
			t.Fatalf("the opponent kept %s and played the best for its rack: a shortfall of %.2f, want 0", c.kept, d)
		}
		inferred := sim.infer(&c.p, unseen, 60, never)
		if inferred == nil {
			continue
		}
		positions++
		pool := tile.RackOf(unseen)
		for _, k := range inferred {
			kr := tile.RackOf(k)
			if kr.N != c.kept.N || overlap(kr, pool) != kr.N {
				t.Fatalf("inferred rack %s: want %d of the unseen tiles %s", kr, c.kept.N, pool)
			}
			d, _ := in.shortfall(kr)
			inferredShort += d
			inferredHits += overlap(kr, c.kept)
			// A draw of as many unseen tiles, as a world without
			// inference deals.
			u := slices.Clone(unseen)
			r.Shuffle(len(u), func(i, j int) { u[i], u[j] = u[j], u[i] })
			dr := tile.RackOf(u[:kr.N])
			d, _ = in.shortfall(dr)
			drawnShort += d
			drawnHits += overlap(dr, c.kept)
			racks++
		}
	}
	if positions < 8 {
		t.Fatalf("inferred on %d positions of a game: want 8", positions)
	}
	n := float64(racks)
	t.Logf("%d positions, %d racks: shortfall %.2f inferred, %.2f drawn; tiles really kept %d inferred, %d drawn",
		positions, racks, inferredShort/n, drawnShort/n, inferredHits, drawnHits)
	if inferredShort > 0.5*drawnShort {
		t.Errorf("the inferred racks fall %.2f points a rack short of explaining the play, random draws %.2f: want at most half", inferredShort/n, drawnShort/n)
	}
}

// No play seen, a pass, or a board that is not the one before plus a play:
// nothing is inferred.
func TestInferenceNeedsAPlaySeen(t *testing.T) {
	sim, v := inferSim(t), variant.Multipliers
	cases := equityGame(t, sim, v, 1)
	if len(cases) == 0 {
		t.Fatal("no play to infer from")
	}
	c := cases[len(cases)/2]
	unseen, err := Unseen(&c.p)
	if err != nil {
		t.Fatal(err)
	}
	p := c.p
	p.Last = nil
	if got := sim.infer(&p, unseen, InferTries, never); got != nil {
		t.Errorf("no play seen: %d racks inferred, want none", len(got))
	}
	pass := *c.p.Last.Before
	pass.Board = c.p.Board // nothing placed since: a pass or an exchange
	p.Last = &position.Last{Before: &pass}
	if got := sim.infer(&p, unseen, InferTries, never); got != nil {
		t.Errorf("a pass: %d racks inferred, want none", len(got))
	}
	other := *c.p.Last.Before
	other.Board = c.p.Last.Before.Board.Clone()
	for i, sq := range c.p.Board.Squares {
		if !sq.Empty() && !other.Board.Squares[i].Empty() {
			other.Board.Squares[i].Letter = 'A' + (sq.Letter-'A'+1)%26 // a tile that changed
			break
		}
	}
	p.Last = &position.Last{Before: &other, Score: c.p.Last.Score}
	if got := sim.infer(&p, unseen, InferTries, never); got != nil {
		t.Errorf("a board that is not the one before plus a play: %d racks inferred, want none", len(got))
	}
}

// A world deals the opponent the tiles inferred for it, the rest of the
// unseen tiles shuffled as before.
func TestDealGivesTheOpponentWhatItKept(t *testing.T) {
	unseen := []byte("AABEEINRST??Z")
	kept := []byte("?ZE")
	r := rand.New(rand.NewPCG(1, 1))
	var w world
	for i := 0; i < 20; i++ {
		w.deal(unseen, kept, 4, 7, r)
		if w.opp != 7 || len(w.tiles) != 11 {
			t.Fatalf("a rack of %d and %d tiles in all: want 7 and 11", w.opp, len(w.tiles))
		}
		if got := tile.RackOf(w.tiles[:len(kept)]); got != tile.RackOf(kept) {
			t.Fatalf("the opponent's rack begins %s: want %s", got, tile.RackOf(kept))
		}
		all := slices.Clone(w.tiles[:cap(w.tiles)][:len(unseen)])
		if tile.RackOf(all) != tile.RackOf(unseen) {
			t.Fatalf("the world's tiles %s are not the unseen %s", all, unseen)
		}
	}
}
