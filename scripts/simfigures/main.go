// Command simfigures measures what a setting of the sim policy is worth
// late in a game, where a few points decide it: it plays seeded games
// between two equity players (on a state.State) until at most -bag tiles
// are left in the bag (0: the bag empty, an endgame), then plays each such
// position out twice from the same state, the bag's order included: by the
// sim policy as configured and by the equity player, the other seat
// always the equity player. It prints the mover's mean final margin each
// way and, with -against FILE (the -out of an earlier run, another build
// or setting), the difference position by position with its 95% interval.
//
//	go run ./scripts/simfigures -n 100 -bag 3 -candidates 10 -iterations 100 -out a.jsonl
//	go run ./scripts/simfigures -n 100 -bag 3 -candidates 30 -iterations 100 -out b.jsonl -against a.jsonl
//
// With -pre-endgame the hero moves by the pre-endgame while tiles are in
// the bag (its draws not proven played out, or valued at the solver's
// horizon), and as configured once the bag is empty.
//
// With -iterations the simulation's worlds are capped (and seeded), so a
// run gives the same answers under any load as long as each move finishes
// within -budget. The opponent is the very player the simulation's
// playouts model, which flatters any simulation: compare settings with it,
// and strength between simulating players in the arena.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/scripts/internal/late"
)

// options are the command's flags.
type options struct {
	seed                    uint64
	n, bag                  int
	candidates, iterations  int
	budget                  time.Duration
	noEndgame               bool
	pre                     string
	out, against, indexPath string
}

func main() {
	var o options
	flag.Uint64Var(&o.seed, "seed", 1, "seed of the first game")
	flag.IntVar(&o.n, "n", 100, "positions to play out")
	flag.IntVar(&o.bag, "bag", 0, "take each game at the first position with at most `N` tiles in the bag (0: the bag empty)")
	flag.IntVar(&o.candidates, "candidates", player.DefaultSimCandidates, "the sim policy's candidates `N` (SimCandidates)")
	flag.IntVar(&o.iterations, "iterations", 100, "the simulation's worlds a move, at most (0: as many as -budget allows)")
	flag.DurationVar(&o.budget, "budget", 5*time.Second, "time allowed a move of the sim policy")
	flag.BoolVar(&o.noEndgame, "no-endgame", false, "keep the sim policy from handing endgames to the endgame solver")
	flag.StringVar(&o.pre, "pre-endgame", "", "while tiles are in the bag, move by the pre-endgame (endgame.PreEndgame, -budget a move) instead of sim: `HOW` playout (draws not proven played out) or horizon (their unproven values)")
	flag.StringVar(&o.out, "out", "", "write each position's margins to `FILE` as JSON lines")
	flag.StringVar(&o.against, "against", "", "compare, position by position, with the -out `FILE` of an earlier run")
	flag.StringVar(&o.indexPath, "index", "", "index `FILE` (default $LEXICO_INDEX, else the default index)")
	flag.Parse()
	if err := o.check(); err != nil {
		fmt.Fprintln(os.Stderr, "simfigures:", err)
		os.Exit(2)
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "simfigures:", err)
		os.Exit(1)
	}
}

func (o options) check() error {
	switch {
	case o.n <= 0:
		return errors.New("-n must be above 0")
	case o.bag < 0:
		return errors.New("-bag must be 0 or more")
	case o.candidates <= 0:
		return errors.New("-candidates must be above 0")
	case o.iterations < 0:
		return errors.New("-iterations must be 0 or more")
	case o.budget <= 0:
		return errors.New("-budget must be above 0")
	case o.pre != "" && o.pre != "playout" && o.pre != "horizon":
		return errors.New("-pre-endgame must be playout or horizon")
	}
	return nil
}

// record is one position's figures.
type record struct {
	Game    uint64 `json:"game"`
	Variant string `json:"variant"`
	Bag     int    `json:"bag"`
	Sim     int    `json:"sim_margin"`
	Static  int    `json:"static_margin"`
}

func run(o options) error {
	var earlier map[uint64]record
	if o.against != "" {
		var err error
		if earlier, err = readRecords(o.against); err != nil {
			return err
		}
	}
	kit, err := late.Open(o.indexPath)
	if err != nil {
		return err
	}
	defer kit.Close()
	sim := kit.Shared.Sim(kit.Gen, kit.Table)
	sim.Candidates, sim.NoEndgame = o.candidates, o.noEndgame
	sim.Simulator.MaxIterations, sim.Simulator.Seed = o.iterations, o.seed
	var pre *endgame.PreEndgame
	if o.pre != "" {
		pre = &endgame.PreEndgame{Solver: endgame.New(kit.Gen), Seed: o.seed}
		if o.pre == "playout" {
			pre.Playout = kit.Equity.Playout
		}
	}
	var w *json.Encoder
	if o.out != "" {
		f, err := os.Create(o.out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = json.NewEncoder(f)
	}
	fmt.Printf("simfigures: %d positions with at most %d tiles in the bag, sim with %d candidates, %d worlds a move, %v a move, started %s\n",
		o.n, o.bag, o.candidates, o.iterations, o.budget, time.Now().Format(time.RFC3339))
	var recs []record
	for g := o.seed; len(recs) < o.n; g++ {
		v := late.Variant(g)
		st, err := kit.SelfPlay(g, o.bag)
		if err != nil {
			return fmt.Errorf("game %d: %w", g, err)
		}
		if st == nil {
			continue // ended first
		}
		rec := record{Game: g, Variant: v.Name, Bag: st.BagLen()}
		hero := st.Turn()
		bySim := func(st *state.State) (move.Move, error) {
			p := st.View()
			if pre != nil && p.BagCount > 0 && p.BagCount <= endgame.MaxBag {
				res, err := pre.Solve(&p, time.Now().Add(o.budget), nil)
				if err != nil {
					return move.Move{}, err
				}
				return res.Ranked[0].Move, nil
			}
			ctx, cancel := context.WithTimeout(context.Background(), o.budget)
			defer cancel()
			return sim.Choose(ctx, &p).Move, nil
		}
		if rec.Sim, err = kit.PlayOut(st, hero, bySim); err != nil {
			return fmt.Errorf("game %d: %w", g, err)
		}
		if rec.Static, err = kit.PlayOut(st, hero, nil); err != nil {
			return fmt.Errorf("game %d: %w", g, err)
		}
		recs = append(recs, rec)
		if w != nil {
			if err := w.Encode(rec); err != nil {
				return err
			}
		}
		if len(recs)%10 == 0 {
			fmt.Fprintf(os.Stderr, "  %d played out, %s\n", len(recs), time.Now().Format("15:04:05"))
		}
	}
	summarise(recs, earlier)
	return nil
}

func readRecords(path string) (map[uint64]record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[uint64]record{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		var r record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s line %d: %v", path, line, err)
		}
		out[r.Game] = r
	}
	return out, sc.Err()
}

func summarise(recs []record, earlier map[uint64]record) {
	var sim, static float64
	for _, r := range recs {
		sim += float64(r.Sim)
		static += float64(r.Static)
	}
	n := float64(len(recs))
	fmt.Printf("simfigures: %d positions, finished %s\n", len(recs), time.Now().Format(time.RFC3339))
	fmt.Printf("  mover's final margin against equity, mean: sim %+.2f, equity %+.2f\n", sim/n, static/n)
	if earlier == nil {
		return
	}
	var d []float64
	better, worse := 0, 0
	for _, r := range recs {
		e, ok := earlier[r.Game]
		if !ok {
			continue
		}
		diff := float64(r.Sim - e.Sim)
		d = append(d, diff)
		switch {
		case diff > 0:
			better++
		case diff < 0:
			worse++
		}
	}
	if len(d) < 2 {
		fmt.Printf("  against the earlier run: %d positions in common, too few to compare\n", len(d))
		return
	}
	mean, sd := meanSD(d)
	fmt.Printf("  sim against the earlier run's, on the %d positions in common: %+.2f ± %.2f (95%%), better on %d, worse on %d, equal on %d\n",
		len(d), mean, 1.96*sd/math.Sqrt(float64(len(d))), better, worse, len(d)-better-worse)
}

func meanSD(xs []float64) (mean, sd float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		sd += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(sd / float64(len(xs)-1))
}
