// Command endgameclock checks the clock contract where the solver works:
// it answers endgames of self-play (the bag empty, the mover's rack
// holding at least -blanks blanks, whose thousands of plays make every
// step of a solve long) through the same pipeline as run, serve and the
// arena (a bot of an answer.Pipeline, the sim policy with the solver
// beside it), -parallel at once as the arena's games are, each with a
// live deadline -move-time away, and reports how long after their stop
// the answers came and how many were late. The deadline benchmark (make deadline-bench) has two
// endgames without blanks; this is its magnifying glass for the solver.
// With -bag N it takes the positions with 1 to N tiles in the bag
// instead, where the sim policy looks for a sure win before simulating.
//
//	go run ./scripts/endgameclock -games 4000 -blanks 2 -rounds 26 -parallel 2
//
// It exits with status 1 when an answer was late.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/scripts/internal/late"
)

func main() {
	games := flag.Int("games", 4000, "self-play `GAMES` to take endgames from (seeds 0 to GAMES-1)")
	blanks := flag.Int("blanks", 2, "least `N` blanks on the mover's rack for an endgame to be taken")
	bag := flag.Int("bag", 0, "take pre-endgames instead: the positions with 1 to `N` tiles in the bag (where the sim policy looks for a sure win first)")
	rounds := flag.Int("rounds", 26, "`N` rounds of -parallel answers, the endgames in turn")
	parallel := flag.Int("parallel", 2, "answers at once, `K`")
	moveTime := flag.Duration("move-time", time.Second, "each answer's MoveTime")
	iterations := flag.Int("sim-iterations", 200, "the sim policy's most worlds a move (the arena's fixed count)")
	idxPath := flag.String("index", "", "index `FILE` (default $LEXICO_INDEX, else the default index)")
	flag.Parse()
	if *games <= 0 || *rounds <= 0 || *parallel <= 0 || *moveTime <= 0 || *blanks < 0 || *iterations < 0 || *bag < 0 || *bag > endgame.MaxBag {
		fail("-games, -rounds, -parallel and -move-time want a positive value, -blanks and -sim-iterations 0 or more, -bag 0 to %d", endgame.MaxBag)
	}
	kit, err := late.Open(*idxPath)
	if err != nil {
		fail("index: %v", err)
	}
	defer kit.Close()
	var positions []position.Position
	for g := range uint64(*games) {
		st, err := kit.SelfPlay(g, *bag)
		if err != nil {
			fail("self-play game %d: %v", g, err)
		}
		if st == nil || *bag > 0 && st.BagLen() == 0 {
			continue
		}
		if p := st.View(); int(p.Rack.Counts[tile.BlankIndex]) >= *blanks {
			positions = append(positions, p)
		}
	}
	if len(positions) == 0 {
		fail("no position of the %d games has %d blanks on the mover's rack", *games, *blanks)
	}
	// The bot comes from a pipeline as the arena's do (play, league): an
	// engine over the kit's generator, the clock live under the machine's
	// load, no bound on the searches at once.
	eng, err := engine.New(kit.Gen, engine.Options{Leaves: kit.Table})
	if err != nil {
		fail("engine: %v", err)
	}
	defer eng.Close() // before the kit's index: it waits for the searches
	bot, err := answer.NewPipeline(eng, answer.NewClock(player.Live), 0).Bot(answer.BotOptions{Policy: player.NameSim})
	if err != nil {
		fail("bot: %v", err)
	}
	pl := bot.Policy.(*player.Sim) // the sim policy, asked for by name
	sim := *pl.Simulator
	sim.MaxIterations = *iterations
	pl.Simulator = &sim

	fmt.Printf("%d positions (of %d games), %d rounds of %d at once, MoveTime %v\n", len(positions), *games, *rounds, *parallel, *moveTime)
	var (
		mu     sync.Mutex
		tails  []time.Duration // delivery - the budget's stop
		worst  time.Duration
		worstN int
		lateN  int
	)
	for r := range *rounds {
		var wg sync.WaitGroup
		for j := range *parallel {
			k := (r**parallel + j) % len(positions)
			p := positions[k] // a copy: the answer reads its own
			wg.Add(1)
			go func() {
				defer wg.Done()
				start := time.Now()
				req := &gamestate.Request{Position: &p, Deadline: start.Add(*moveTime), MoveTime: *moveTime}
				rep, err := bot.AnswerRequest(context.Background(), req, start)
				if err != nil {
					fail("endgame %d: %v", k, err)
				}
				tail := bot.Delivered(rep)
				mu.Lock()
				defer mu.Unlock()
				tails = append(tails, tail)
				if time.Now().After(req.Deadline) {
					lateN++
				}
				if len(tails) == 1 || tail > worst {
					worst, worstN = tail, k
				}
			}()
		}
		wg.Wait()
	}
	slices.Sort(tails)
	q := func(f float64) float64 { return ms(tails[int(f*float64(len(tails)-1))]) }
	fmt.Printf("answers %d, late %d; after the stop, ms: p50 %+.1f, p99 %+.1f, max %+.1f (endgame %d)\n",
		len(tails), lateN, q(0.5), q(0.99), ms(worst), worstN)
	if lateN > 0 {
		os.Exit(1)
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "endgameclock: "+format+"\n", args...)
	os.Exit(2)
}
