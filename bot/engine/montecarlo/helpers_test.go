package montecarlo_test

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/build/buildtest"
)

// fullGen is the GADDAG generator over the whole embedded list, once: the
// default index's GADDAG, read in place as a bot reads it (buildtest keeps
// one index file for every test binary and run, where building the GADDAG
// again costs a second).
var fullGen = sync.OnceValue(func() movegen.Generator {
	x, err := buildtest.Open(0, 0)
	if err != nil {
		panic(err)
	}
	return movegen.NewGADDAG(x.GADDAG())
})

// fullKeys numbers the playouts of every simulation over fullGen, as an
// engine's do: two simulations over one generator must not share a key.
var fullKeys = new(montecarlo.LeaveKeys)

func table(t testing.TB) *equity.Table {
	t.Helper()
	tb, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

func newPlayer(t testing.TB, policy string) *player.Static {
	t.Helper()
	pl, err := player.New(policy, fullGen(), table(t))
	if err != nil {
		t.Fatal(err)
	}
	return pl.Quick()
}

// newSim is the sim policy over fullGen, numbering its playouts as every
// simulation over fullGen does (fullKeys).
func newSim(t testing.TB) *player.Sim {
	t.Helper()
	pl := player.NewSim(fullGen(), table(t))
	pl.Simulator.Keys = fullKeys
	return pl
}

// snapshot is a position of a self-play game with what the mover cannot
// see: the opponent's rack and the bag.
type snapshot struct {
	pos     *position.Position
	oppRack tile.Rack
	bag     []byte
}

// game is three positions of a self-play game: at a chosen turn, the first
// with at most a rack in the bag (but not empty), and the first with the
// bag empty; nil where the game ended before.
type game struct{ mid, late, end *snapshot }

// selfPlay plays a seeded game between two equity players up to the bag's
// emptying and returns its positions (midTurn: the turn of game.mid).
func selfPlay(t testing.TB, v *variant.Variant, seed uint64, midTurn int) (g game) {
	t.Helper()
	pl := newPlayer(t, "equity")
	r := rand.New(rand.NewPCG(seed, 3))
	var bag []byte
	for i, n := range v.Distribution {
		for ; n > 0; n-- {
			bag = append(bag, tile.Byte(i))
		}
	}
	r.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	draw := func(rack *tile.Rack) {
		for rack.N < v.RackSize && len(bag) > 0 {
			rack.Add(bag[len(bag)-1])
			bag = bag[:len(bag)-1]
		}
	}
	var racks [2]tile.Rack
	var scores [2]int
	draw(&racks[0])
	draw(&racks[1])
	b := v.NewBoard()
	passes := 0
	for turn := 0; turn < 100 && passes < 2; turn++ {
		who := turn % 2
		p := &position.Position{Variant: v, Board: b, Rack: racks[who], BagCount: len(bag),
			FirstGo: turn == 0, MyScore: scores[who], OppScore: scores[1-who]}
		snap := func() *snapshot {
			c := p.Clone()
			return &snapshot{pos: c, oppRack: racks[1-who], bag: append([]byte(nil), bag...)}
		}
		if turn == midTurn {
			g.mid = snap()
		}
		if g.late == nil && len(bag) > 0 && len(bag) <= v.RackSize {
			g.late = snap()
		}
		if len(bag) == 0 {
			g.end = snap()
			return g
		}
		m := pl.Choose(context.Background(), p).Move
		switch m.Kind {
		case move.Play:
			res := rules.Check(p, m, nil)
			if !res.Legal {
				t.Fatalf("seed %d turn %d: the equity player's %s is refused: %s", seed, turn, m, res.Reason)
			}
			rules.Apply(b, m)
			racks[who], _ = m.Leave(racks[who])
			scores[who] += res.Score
			draw(&racks[who])
			passes = 0
		case move.Exchange:
			racks[who], _ = m.Leave(racks[who])
			draw(&racks[who])
			bag = append(m.Exchanged, bag...)
			passes = 0
		default:
			passes++
		}
		if racks[who].N == 0 {
			break
		}
	}
	return g
}

// candidates are the equity player's n best moves in p.
func candidates(t testing.TB, p *position.Position, n int) []move.Move {
	t.Helper()
	pl := newPlayer(t, "equity")
	pl.Top = n
	var out []move.Move
	for _, c := range pl.Choose(context.Background(), p).Top {
		out = append(out, c.Move)
	}
	return out
}
