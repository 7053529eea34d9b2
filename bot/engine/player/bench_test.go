package player

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// crowdedPosition plays a seeded greedy game on the Multipliers board until
// at most 8 tiles are left in the bag, then hands the mover two blanks: the
// hardest case for the clock (a full board means many anchors, two blanks
// multiply the words each anchor can take). real is the rack the mover
// really holds: with the tiles on the board, the two blanks may be more
// than the set has, which a simulation refuses.
func crowdedPosition(b testing.TB, gen movegen.Generator) (p *position.Position, real tile.Rack) {
	g := newGame(variant.Multipliers, 7)
	greedy := &Static{Gen: gen, Equity: equity.Score{}}
	turn := 0
	for ; len(g.bag) > 8; turn++ {
		who := turn % 2
		p := g.pos
		p.Rack, p.BagCount = g.racks[who], len(g.bag)
		ch := greedy.Choose(context.Background(), p)
		if ch.Move.Kind != move.Play {
			b.Fatalf("greedy self-play stalled at turn %d", turn)
		}
		rules.Apply(p.Board, ch.Move)
		p.FirstGo = false
		g.racks[who], _ = ch.Move.Leave(g.racks[who])
		g.draw(who)
	}
	p, real = g.pos.Clone(), g.racks[turn%2]
	p.Rack, _ = tile.ParseRack("??AEIRS")
	p.BagCount = len(g.bag)
	return p, real
}

// BenchmarkAnswerCrowded50ms is the deadline figure of docs/lab/player.md: the
// time from receiving a late-game position with MoveTime 50 ms to holding
// the answer, under the default clock (budget 45 ms). It reports p50, p99
// and max of that time, the share of searches that finished in budget, and
// how good the answers were: their mean equity, the full search's best, and
// the share of answers that were that best.
func BenchmarkAnswerCrowded50ms(b *testing.B) {
	benchmarkAnswerCrowded(b, "equity", 50*time.Millisecond)
}

// BenchmarkAnswerCrowdedSim500ms is the same for the sim policy with
// MoveTime 500 ms (budget 450 ms), on the mover's real rack: the search
// gets a quarter of the budget, then the simulation, whose worlds run to
// the game's end here (6 tiles in the bag), must stop on time.
func BenchmarkAnswerCrowdedSim500ms(b *testing.B) {
	benchmarkAnswerCrowded(b, "sim", 500*time.Millisecond)
}

func benchmarkAnswerCrowded(b *testing.B, policy string, moveTime time.Duration) {
	_, _, gd := embeddedWords(b)
	gen := movegen.NewGADDAG(gd)
	p, real := crowdedPosition(b, gen)
	due := Due{MoveTime: moveTime}
	if policy == "sim" {
		p.Rack = real
	}
	tb, err := equity.DefaultTable()
	if err != nil {
		b.Fatal(err)
	}
	shared := NewShared() // as an engine's: the simulation's playouts keyed
	pl, _ := shared.New(policy, gen, tb)
	b.Logf("board (%d tiles, bag %d, rack %s):\n%s", p.Board.TileCount(), p.BagCount, p.Rack.String(), p.Board)
	full, _ := shared.New("equity", gen, tb)
	best := full.Choose(context.Background(), p).Equity // the full search's answer
	var times []time.Duration
	complete, plays, optimal, worlds := 0, 0, 0, 0
	var eqSum float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		due.Deadline = start.Add(due.MoveTime)
		budget := DefaultClock().Budget(due, start, start, 0)
		ch := Answer(context.Background(), pl, p, budget)
		times = append(times, time.Since(start))
		if ch.Complete {
			complete++
		}
		if ch.Simulation != nil {
			worlds += ch.Simulation.Iterations
		}
		plays = ch.Plays
		eqSum += ch.Equity
		if ch.Equity == best {
			optimal++
		}
	}
	b.StopTimer()
	slices.Sort(times)
	q := func(f float64) float64 { return float64(times[int(f*float64(len(times)-1))]) / 1e6 }
	b.ReportMetric(q(0.50), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(q(1), "max-ms")
	b.ReportMetric(float64(complete)/float64(b.N), "complete")
	b.ReportMetric(float64(plays), "plays")
	b.ReportMetric(eqSum/float64(b.N), "mean-equity")
	b.ReportMetric(best, "best-equity")
	b.ReportMetric(float64(optimal)/float64(b.N), "optimal")
	if policy == "sim" {
		b.ReportMetric(float64(worlds)/float64(b.N), "worlds")
	}
}
