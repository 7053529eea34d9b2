package montecarlo

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/movegentest"
	"github.com/lexico/lexico/bot/engine/winprob"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/race"
)

// testGen is the GADDAG generator of real games over short words
// (movegentest.Short).
var testGen = movegentest.Short

// testKeys numbers the playouts of every simulation over testGen.
var testKeys = new(LeaveKeys)

// A world costs no allocation: the game state, its journal and the
// playout's buffers are reused from one world to the next, which is what
// lets a simulation play millions of worlds in its budget. Counted on
// whole games (EndPlies), with a play, an exchange and a pass for
// candidates.
func TestAWorldAllocatesNothing(t *testing.T) {
	race.SkipAllocCounts(t)
	gen := testGen()
	tb, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	v := variant.Multipliers
	st, err := state.Start(v, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for range 8 {
		var best movegen.Best
		rack, _ := st.Rack(st.Turn())
		gen.Search(movegen.Args{Variant: v, Board: st.Board(), Rack: rack, Record: best.Record})
		if !best.Found || st.Apply(best.Move) != nil {
			t.Fatal("the opening moves were not played")
		}
	}
	p := st.View()
	p.Board = p.Board.Clone()
	var best movegen.Best
	gen.Search(movegen.Args{Variant: v, Board: p.Board, Rack: p.Rack, Record: best.Record})
	cands := []move.Move{best.Move, move.NewExchange(p.Rack.Tiles()[:2]), move.NewPass()}

	sim := &Simulator{Gen: gen, Equity: equity.ScoreAndLeave{Table: tb}, Keys: testKeys}
	unseen, err := Unseen(&p)
	if err != nil {
		t.Fatal(err)
	}
	// A whole game, and two plies whose margin goes through the win
	// probability table.
	wp := winprob.Shipped(&v.Distribution)
	if wp == nil {
		t.Fatal("no win probability table for the multipliers bag")
	}
	o, err := newPlayout(sim, &p, EndPlies, wp, nil)
	if err != nil {
		t.Fatal(err)
	}
	short, err := newPlayout(sim, &p, 2, wp, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.check(cands, unseen); err != nil {
		t.Fatal(err)
	}
	if err := short.check(cands, unseen); err != nil {
		t.Fatal(err)
	}
	var w world
	r := rand.New(rand.NewPCG(1, 2))
	ended := 0
	allocs := testing.AllocsPerRun(20, func() {
		w.deal(unseen, nil, p.BagCount, v.RackSize, r)
		for i := range cands {
			out, ok := o.run(&cands[i], &w)
			if !ok {
				t.Fatal("a world was cut short with no stop")
			}
			if out.ended {
				ended++
			}
			if out, ok := short.run(&cands[i], &w); !ok || out.ended || !(out.wp > 0 && out.wp < 1) {
				t.Fatalf("two plies: %+v, %v: want a game going on and a chance of winning strictly between 0 and 1", out, ok)
			}
		}
	})
	if allocs != 0 || ended == 0 {
		t.Errorf("%v allocations a world (%d games played to their end)", allocs, ended)
	}
}

// The opponent's reply a world shares among its candidates (reply.go) is
// worth what a search of the whole board after each candidate finds: on
// positions of seeded games of both variants, every candidate (plays of
// every kind, an exchange and the pass) in several worlds. Most of the
// replies must come from the shared search (a reply of a line the
// candidate left alone, or the lines it changed searched to beat it),
// or this would test the fallback alone.
func TestSharedReplyIsTheBest(t *testing.T) {
	gen := testGen()
	tb, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	compared, shared := 0, 0
	for i, v := range []*variant.Variant{variant.Classic, variant.Multipliers} {
		for seed := uint64(1); seed <= 3; seed++ {
			st, err := state.Start(v, seed+uint64(10*i), 0)
			if err != nil {
				t.Fatal(err)
			}
			for turn := 0; turn < 14 && !st.Over(); turn++ {
				rack, _ := st.Rack(st.Turn())
				var all movegen.AllPlays
				gen.Search(movegen.Args{Variant: v, Board: st.Board(), Rack: rack, Record: all.Record})
				plays := all.Moves
				if len(plays) == 0 {
					break
				}
				if turn >= 4 && turn%2 == 0 {
					p := st.View()
					p.Board = p.Board.Clone()
					c, s := compareReplies(t, gen, tb, &p, plays, seed)
					compared, shared = compared+c, shared+s
				}
				var best movegen.Best
				gen.Search(movegen.Args{Variant: v, Board: st.Board(), Rack: rack, Record: best.Record})
				if st.Apply(best.Move) != nil {
					t.Fatal("a best play was refused")
				}
			}
		}
	}
	if compared < 300 || shared*2 < compared {
		t.Fatalf("%d replies compared, %d of them from the shared search", compared, shared)
	}
	t.Logf("%d replies compared, %d from the shared search", compared, shared)
}

// compareReplies checks the shared reply against a whole search after
// each of a dozen candidates of p (plays, an exchange, the pass) in five
// worlds, and returns how many it compared and how many came from the
// shared search.
func compareReplies(t *testing.T, gen movegen.Generator, tb *equity.Table, p *position.Position, plays []move.Move, seed uint64) (compared, shared int) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	var cands []move.Move
	for range 10 {
		cands = append(cands, plays[r.IntN(len(plays))])
	}
	cands = append(cands, move.NewPass())
	if p.BagCount >= p.Variant.RackSize && p.Rack.N >= 2 {
		cands = append(cands, move.NewExchange(p.Rack.Tiles()[:2]))
	}
	sim := &Simulator{Gen: gen, Equity: equity.ScoreAndLeave{Table: tb}, Keys: testKeys}
	unseen, err := Unseen(p)
	if err != nil {
		t.Fatal(err)
	}
	o, err := newPlayout(sim, p, 2, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.lines == nil {
		t.Fatal("the playout does not share its replies")
	}
	if err := o.check(cands, unseen); err != nil {
		t.Fatal(err)
	}
	value := func(rack tile.Rack, m *move.Move) float64 {
		left := rack
		for _, pl := range m.Tiles {
			left.Remove(pl.Tile())
		}
		return float64(m.Score) + o.leave(left)
	}
	var w world
	for range 5 {
		w.deal(unseen, nil, p.BagCount, p.Variant.RackSize, r)
		for i := range cands {
			c := &cands[i]
			for o.st.Undo() {
			}
			if err := o.st.Deal(1, w.tiles[:w.opp], w.tiles[w.opp:]); err != nil {
				t.Fatal(err)
			}
			if o.shared.seq != w.seq {
				o.searchReplies(c, &w)
			}
			if _, ok := o.apply(*c); !ok || o.st.Over() {
				continue
			}
			rack, _ := o.st.Rack(1)
			lead, bag := o.lead(1), o.st.BagLen()
			found, finished, whole := o.bestReply(c, rack, lead, bag)
			if !whole {
				shared++
			}
			got := o.best
			got.Tiles = append([]move.Placement(nil), got.Tiles...)
			wantFound, _ := o.bestPlay(rack, lead, bag)
			if !finished || found != wantFound {
				t.Fatalf("%v then %s: reply found %v (finished %v), the whole search %v", p.Rack, c, found, finished, wantFound)
			}
			if found {
				if g, w := value(rack, &got), value(rack, &o.best); math.Abs(g-w) > 0.002 {
					t.Errorf("%v then %s: the shared reply %s is worth %.3f, the best %s %.3f", p.Rack, c, got, g, o.best, w)
				}
			}
			compared++
		}
	}
	return compared, shared
}
