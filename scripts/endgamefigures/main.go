// Command endgamefigures measures the endgame solver (bot/engine/endgame) on
// endgames of self-play: it plays seeded games between two equity players
// (bot/engine/player over the GADDAG generator of the index) on a
// state.State until the bag is empty, solves the position then with a
// budget per position, and prints the share solved and proven, the
// distribution of solve times and of nodes per second. With -versus it
// also plays each endgame out four times from the same position against
// the static equity player: with the solver (solving again at each of
// its turns, the budget each), with the sim policy as it was before the
// solver (Player.NoEndgame, the budget a move), with the sim policy that
// hands endgames to the solver, and with the equity player itself; and
// compares the mover's final margins.
//
//	go run ./scripts/endgamefigures -n 1000 -budget 1s -out /tmp/endgame.jsonl
//
// With -keep-table the solver keeps its table from solve to solve, as the
// bot does (endgame.Solver.KeepTable): the solver's later moves of a game
// played out with -versus find its earlier work.
//
// With -decide each endgame is also asked only whether the mover can win
// (endgame.Solver.Decide, its own budget, a fresh table); where a win is
// found and the value was not proven (where the bot plays that win, and
// played the simulation's answer before), the simulation's move is played
// and the game solved on after it: does that move still win?
//
// With -bag N it measures pre-endgames instead (pre.go): positions with 1
// to N tiles in the bag, where a move that wins whatever the bag holds is
// looked for within the budget, and the simulation's answer checked
// against it.
//
// With -nodes N each solve stops after N positions searched instead (the
// budget is then only a safety net): the same answers on any machine and
// under any load, so two builds compare by the endgames each proves.
//
// Each position's figures go to -out as one JSON object per line; the
// summary to stdout. With -resume the run takes up where an earlier one
// with the same -out stopped (killed, or cut short by the machine): the
// endgames already in the file count, and the next is played after the
// last one there.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"time"

	"golang.org/x/sys/unix"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/scripts/internal/late"
)

func main() {
	seed := flag.Uint64("seed", 1, "seed of the first game")
	n := flag.Int("n", 1000, "endgames to solve")
	budget := flag.Duration("budget", time.Second, "time allowed per solve")
	nodes := flag.Int64("nodes", 0, "stop each solve after `N` positions searched, whatever the time (0: the budget alone)")
	out := flag.String("out", "", "write each position's figures to `FILE` as JSON lines")
	versus := flag.Bool("versus", false, "also play each endgame out against equity: by the solver, by sim without the solver, by equity")
	idxPath := flag.String("index", "", "index `FILE` (default $LEXICO_INDEX, else the default index)")
	resume := flag.Bool("resume", false, "keep the endgames already in -out and go on after the last of them")
	keep := flag.Bool("keep-table", false, "keep the solver's table from solve to solve (endgame.Solver.KeepTable), as the bot does")
	decide := flag.Bool("decide", false, "also ask each endgame whether the mover can win (endgame.Solver.Decide), with a budget of its own and a fresh table")
	tableBits := flag.Int("table-bits", 0, "log2 of the solver's transposition table entries `B` (0: endgame.DefaultTableBits)")
	bag := flag.Int("bag", 0, "pre-endgames instead: positions with 1 to `N` tiles in the bag, where a move that wins in every draw is looked for (endgame.PreEndgame.Winning) and the simulation's move checked against it")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to `FILE` (go tool pprof)")
	flag.Parse()
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "endgamefigures:", err)
			os.Exit(1)
		}
		defer stop()
	}
	if err := checkFlags(*n, *budget, *nodes, *tableBits); err != nil {
		fmt.Fprintln(os.Stderr, "endgamefigures:", err)
		os.Exit(2)
	}
	if *bag > 0 {
		if *versus || *decide || *resume || *nodes > 0 || *bag > endgame.MaxBag {
			fmt.Fprintf(os.Stderr, "endgamefigures: -bag takes 1 to %d and goes without -versus, -decide, -resume and -nodes\n", endgame.MaxBag)
			os.Exit(2)
		}
		if err := runPre(*seed, *n, *bag, *budget, *out, *idxPath); err != nil {
			fmt.Fprintln(os.Stderr, "endgamefigures:", err)
			os.Exit(1)
		}
		return
	}
	if *resume && *out == "" {
		fmt.Fprintln(os.Stderr, "endgamefigures: -resume needs -out FILE")
		os.Exit(2)
	}
	if err := run(*seed, *n, *budget, *nodes, *out, *versus, *resume, *keep, *decide, *idxPath, *tableBits); err != nil {
		fmt.Fprintln(os.Stderr, "endgamefigures:", err)
		os.Exit(1)
	}
}

// maxTableBits bounds -table-bits: 2^26 entries are 3 GiB, 128 times the
// default; a larger table outgrows the machine's memory, and 64 bits or
// more make no table at all (its index runs past it).
const maxTableBits = 26

// checkFlags refuses the values no run can use, naming the flag: no
// endgame to solve (whose summary has no figures), a budget that stops
// every solve before it starts, a table too large to allocate.
func checkFlags(n int, budget time.Duration, nodes int64, tableBits int) error {
	switch {
	case n < 1:
		return fmt.Errorf("-n %d: want 1 or more endgames", n)
	case budget <= 0:
		return fmt.Errorf("-budget %v: want a positive time", budget)
	case nodes < 0:
		return fmt.Errorf("-nodes %d: want 0 (the budget alone) or more", nodes)
	case tableBits < 0 || tableBits > maxTableBits:
		return fmt.Errorf("-table-bits %d: want 0 (the default) to %d", tableBits, maxTableBits)
	}
	return nil
}

// record is one position's figures.
type record struct {
	Game    uint64    `json:"game"`
	Variant string    `json:"variant"`
	Racks   [2]string `json:"racks"` // the mover's, the opponent's
	Proven  bool      `json:"proven"`
	Depth   int       `json:"depth"`
	Nodes   int64     `json:"nodes"`
	Millis  float64   `json:"ms"`
	CPUMs   float64   `json:"cpu_ms"` // the solving thread\'s CPU time
	NPS     float64   `json:"nodes_per_s"`
	Value   int       `json:"value"`
	Move    string    `json:"move"`
	Solver  *int      `json:"solver_margin,omitempty"` // -versus: the mover's final margin, solver against equity
	Turns   int       `json:"solver_turns,omitempty"`  // -versus: the solver's moves in that game
	Proofs  int       `json:"solver_proofs,omitempty"` // and how many of them it proved
	Sim     *int      `json:"sim_margin,omitempty"`    // sim without the solver against equity
	SimEnd  *int      `json:"simend_margin,omitempty"` // sim with the solver against equity
	Static  *int      `json:"static_margin,omitempty"` // equity against equity
	// -decide: whether the mover can win, settled (decided) or not, and
	// what it took.
	Decided   *bool   `json:"decided,omitempty"`
	Win       bool    `json:"win,omitempty"`
	DecideMs  float64 `json:"decide_ms,omitempty"`
	DecideNds int64   `json:"decide_nodes,omitempty"`
	// Where a win was found and the value not proven (the bot plays the
	// win there, and played the simulation's answer before): the
	// simulation's move, and whether it still wins against the best
	// defence (nil: the check did not settle it).
	SimMove string `json:"sim_move,omitempty"`
	SimWins *bool  `json:"sim_wins,omitempty"`
}

// threadCPU is the CPU time of the calling thread (run locks main to
// its thread): on a loaded machine a solve's wall time says more of the
// load than of the solver.
func threadCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func run(seed uint64, n int, budget time.Duration, nodes int64, out string, versus, resume, keep, decide bool, idxPath string, tableBits int) error {
	runtime.LockOSThread()
	var recs []record
	if resume {
		var err error
		if recs, err = readRecords(out, versus); err != nil {
			return err
		}
		if len(recs) > 0 {
			seed = recs[len(recs)-1].Game + 1
			fmt.Printf("endgamefigures: %d endgames already in %s; going on from game %d\n", len(recs), out, seed)
		}
	}
	kit, err := late.Open(idxPath)
	if err != nil {
		return err
	}
	defer kit.Close()
	gen, table := kit.Gen, kit.Table
	var w *json.Encoder
	if out != "" {
		flags := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		if resume {
			flags = os.O_CREATE | os.O_WRONLY | os.O_APPEND
		}
		f, err := os.OpenFile(out, flags, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		w = json.NewEncoder(f)
	}
	solver := endgame.New(gen)
	solver.TableBits = tableBits
	solver.MaxNodes, solver.KeepTable = nodes, keep
	sim := kit.Shared.Sim(gen, table)
	sim.NoEndgame = true
	simEnd := kit.Shared.Sim(gen, table)
	fmt.Printf("endgamefigures: %d endgames, %v each, started %s\n", n, budget, time.Now().Format(time.RFC3339))
	if nodes > 0 {
		fmt.Printf("endgamefigures: each solve stops after %d positions searched\n", nodes)
	}
	for g := seed; len(recs) < n; g++ {
		v := late.Variant(g)
		st, err := kit.SelfPlay(g, 0)
		if err != nil {
			return fmt.Errorf("game %d: %w", g, err)
		}
		if st == nil {
			continue // ended before the bag emptied
		}
		racks, turn := st.Racks(), st.Turn()
		rec := record{Game: g, Variant: v.Name, Racks: [2]string{racks[turn].String(), racks[1-turn].String()}}
		cpu0 := threadCPU()
		res, err := solve(solver, st, budget)
		if err != nil {
			return fmt.Errorf("game %d: %w", g, err)
		}
		rec.CPUMs = float64((threadCPU() - cpu0).Microseconds()) / 1000
		rec.Proven, rec.Depth, rec.Nodes, rec.Value, rec.Move = res.Proven, res.Depth, res.Nodes, res.Value, res.Move.String()
		rec.Millis, rec.NPS = float64(res.Elapsed.Microseconds())/1000, res.NodesPerSecond()
		if decide {
			solver.KeepTable = false // a fresh table: the question alone
			deadline := time.Now().Add(budget)
			d, err := solver.Decide(st, func() bool { return !time.Now().Before(deadline) })
			solver.KeepTable = keep
			if err != nil {
				return fmt.Errorf("game %d: deciding: %w", g, err)
			}
			rec.Decided, rec.Win = &d.Proven, d.Win
			rec.DecideMs, rec.DecideNds = float64(d.Elapsed.Microseconds())/1000, d.Nodes
			if d.Win && !res.Proven {
				if err := checkSim(&rec, sim, gen, st, budget); err != nil {
					return fmt.Errorf("game %d: %w", g, err)
				}
			}
		}
		if versus {
			bySolver := func(st *state.State) (move.Move, error) {
				res, err := solve(solver, st, budget)
				rec.Turns++
				if res.Proven {
					rec.Proofs++
				}
				return res.Move, err
			}
			by := func(pl player.Policy) func(st *state.State) (move.Move, error) {
				return func(st *state.State) (move.Move, error) {
					ctx, cancel := context.WithTimeout(context.Background(), budget)
					defer cancel()
					p := st.View()
					return pl.Choose(ctx, &p).Move, nil
				}
			}
			var margins [4]int
			for i, hero := range []func(*state.State) (move.Move, error){bySolver, by(sim), nil, by(simEnd)} {
				if margins[i], err = kit.PlayOut(st, turn, hero); err != nil {
					return fmt.Errorf("game %d, hero %d: %w", g, i, err)
				}
			}
			rec.Solver, rec.Sim, rec.Static, rec.SimEnd = &margins[0], &margins[1], &margins[2], &margins[3]
		}
		recs = append(recs, rec)
		if w != nil {
			if err := w.Encode(rec); err != nil {
				return err
			}
		}
		if len(recs)%100 == 0 {
			fmt.Printf("  %d solved, %s\n", len(recs), time.Now().Format(time.TimeOnly))
		}
	}
	summarise(recs, budget, versus)
	return nil
}

// readRecords reads the endgames of an earlier run's -out (none when the
// file does not exist). A last line cut short by a kill is dropped; the
// file is then rewritten without it, so that appending goes on cleanly.
// With versus, every record must hold the four margins.
func readRecords(path string, versus bool) ([]record, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var recs []record
	good := 0
	for line := range bytes.Lines(b) {
		var r record
		if err := json.Unmarshal(line, &r); err != nil {
			if good+len(line) == len(b) && !bytes.HasSuffix(line, []byte("\n")) {
				break // the last line, cut short
			}
			return nil, fmt.Errorf("%s: endgame %d: %w", path, len(recs)+1, err)
		}
		if versus && (r.Solver == nil || r.Sim == nil || r.SimEnd == nil || r.Static == nil) {
			return nil, fmt.Errorf("%s: endgame %d (game %d) was not played out (-versus): not this run's file", path, len(recs)+1, r.Game)
		}
		recs = append(recs, r)
		good += len(line)
	}
	if good < len(b) {
		// Replaced whole: a kill while it is rewritten must not lose the
		// endgames already solved.
		if err := atomicfile.WriteFile(path, b[:good], 0o644); err != nil {
			return nil, err
		}
	}
	return recs, nil
}

// checkSim plays the simulation's answer (the sim player without the
// solver, the budget a move) in st and asks the opponent's side whether it
// can still reach a tie (Solver.DecideAtLeast 0, 5 budgets at most, a
// fresh solver): the move wins when it cannot. st is left as it was.
func checkSim(rec *record, sim player.Policy, gen movegen.Generator, st *state.State, budget time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	p := st.View()
	m := sim.Choose(ctx, &p).Move
	cancel()
	rec.SimMove = m.String()
	if err := st.Apply(m); err != nil {
		return fmt.Errorf("the simulation's %v: %w", m, err)
	}
	defer st.Undo()
	wins := true
	if st.Over() {
		sc := st.Scores()
		wins = sc[1-st.Turn()] > sc[st.Turn()]
	} else {
		deadline := time.Now().Add(5 * budget)
		d, err := endgame.New(gen).DecideAtLeast(st, 0, func() bool { return !time.Now().Before(deadline) })
		if err != nil {
			return err
		}
		if !d.Proven {
			return nil
		}
		wins = !d.Win
	}
	rec.SimWins = &wins
	return nil
}

func solve(s *endgame.Solver, st *state.State, budget time.Duration) (endgame.Result, error) {
	deadline := time.Now().Add(budget)
	return s.Solve(st, func() bool { return !time.Now().Before(deadline) })
}

func summarise(recs []record, budget time.Duration, versus bool) {
	n := len(recs)
	var ms, cpu, nps []float64
	proven, tiles := 0, map[int][2]int{}
	for _, r := range recs {
		ms = append(ms, r.Millis)
		cpu = append(cpu, r.CPUMs)
		if r.Millis > 5 {
			nps = append(nps, r.NPS) // a solve of a few nodes says nothing of speed
		}
		t := len(r.Racks[0]) + len(r.Racks[1])
		c := tiles[t]
		c[1]++
		if r.Proven {
			proven++
			c[0]++
		}
		tiles[t] = c
	}
	slices.Sort(ms)
	slices.Sort(cpu)
	slices.Sort(nps)
	q := func(xs []float64, p float64) float64 {
		if len(xs) == 0 {
			return 0
		}
		return xs[min(len(xs)-1, int(p*float64(len(xs))))]
	}
	fmt.Printf("endgamefigures: %d endgames, budget %v each, finished %s\n", n, budget, time.Now().Format(time.RFC3339))
	fmt.Printf("  proven within the budget: %d of %d (%.1f%%)\n", proven, n, 100*float64(proven)/float64(max(n, 1)))
	fmt.Printf("  solve time ms: p10 %.1f  p50 %.1f  p90 %.1f  p95 %.1f  p99 %.1f  max %.1f\n",
		q(ms, .1), q(ms, .5), q(ms, .9), q(ms, .95), q(ms, .99), q(ms, 1))
	fmt.Printf("  solve CPU ms: p10 %.1f  p50 %.1f  p90 %.1f  p95 %.1f  p99 %.1f  max %.1f\n",
		q(cpu, .1), q(cpu, .5), q(cpu, .9), q(cpu, .95), q(cpu, .99), q(cpu, 1))
	fmt.Printf("  nodes/s (solves over 5 ms, %d): p10 %.0f  p50 %.0f  p90 %.0f\n", len(nps), q(nps, .1), q(nps, .5), q(nps, .9))
	keys := make([]int, 0, len(tiles))
	for k := range tiles {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	fmt.Printf("  proven by tiles on both racks:")
	for _, k := range keys {
		fmt.Printf("  %d: %d/%d", k, tiles[k][0], tiles[k][1])
	}
	fmt.Println()
	summariseDecide(recs)
	if !versus {
		return
	}
	var sum [4]int
	var vsSim, vsEq, endVsSim [3]int // better, worse, worse on a position proven at the first solve
	for _, r := range recs {
		m := [4]int{*r.Solver, *r.Sim, *r.Static, *r.SimEnd}
		switch {
		case m[3] > m[1]:
			endVsSim[0]++
		case m[3] < m[1]:
			endVsSim[1]++
			if r.Proven {
				endVsSim[2]++
			}
		}
		for i := range sum {
			sum[i] += m[i]
		}
		for _, c := range []struct {
			other int
			tally *[3]int
		}{{m[1], &vsSim}, {m[2], &vsEq}} {
			switch {
			case m[0] > c.other:
				c.tally[0]++
			case m[0] < c.other:
				c.tally[1]++
				if r.Proven {
					c.tally[2]++
				}
			}
		}
	}
	f := float64(n)
	turns, proofs := 0, 0
	for _, r := range recs {
		turns, proofs = turns+r.Turns, proofs+r.Proofs
	}
	fmt.Printf("  the solver's moves in the games against equity: %d, proven %d (%.1f%%)\n", turns, proofs, 100*float64(proofs)/float64(max(turns, 1)))
	fmt.Printf("  mover's final margin against equity, mean: solver %+.2f, sim without the solver %+.2f, sim with it %+.2f, equity %+.2f\n",
		float64(sum[0])/f, float64(sum[1])/f, float64(sum[3])/f, float64(sum[2])/f)
	fmt.Printf("  sim with the solver vs without: better on %d, worse on %d (proven at the first solve: %d), equal on %d\n",
		endVsSim[0], endVsSim[1], endVsSim[2], n-endVsSim[0]-endVsSim[1])
	fmt.Printf("  solver vs sim: better on %d, worse on %d (proven at the first solve: %d), equal on %d\n",
		vsSim[0], vsSim[1], vsSim[2], n-vsSim[0]-vsSim[1])
	fmt.Printf("  solver vs equity: better on %d, worse on %d (proven at the first solve: %d), equal on %d\n",
		vsEq[0], vsEq[1], vsEq[2], n-vsEq[0]-vsEq[1])
}

// summariseDecide prints what -decide found: the endgames settled (a win,
// or none possible), beside those Solve proved.
func summariseDecide(recs []record) {
	var decided, wins, either, decidedOnly, lost int
	var ms []float64
	for _, r := range recs {
		if r.Decided == nil {
			return
		}
		ms = append(ms, r.DecideMs)
		if *r.Decided {
			decided++
			if r.Win {
				wins++
			}
			if !r.Proven {
				decidedOnly++
			}
		}
		if *r.Decided || r.Proven {
			either++
		}
		if r.Proven && !*r.Decided {
			lost++
		}
	}
	slices.Sort(ms)
	n := len(recs)
	fmt.Printf("  decided (a win found, or none possible): %d of %d (%.1f%%), %d of them wins; %d decided and not proven, %d proven and not decided; either %d (%.1f%%)\n",
		decided, n, 100*float64(decided)/float64(max(n, 1)), wins, decidedOnly, lost, either, 100*float64(either)/float64(max(n, 1)))
	fmt.Printf("  decide time ms: p50 %.1f  p90 %.1f  max %.1f\n", ms[n/2], ms[n*9/10], ms[n-1])
	var checked, simWins, simLoses int
	for _, r := range recs {
		if r.SimMove != "" {
			checked++
		}
		if r.SimWins != nil {
			if *r.SimWins {
				simWins++
			} else {
				simLoses++
			}
		}
	}
	fmt.Printf("  a win found, the value not proven: %d; there the simulation's move also wins %d, throws the win away %d, unsettled %d\n",
		checked, simWins, simLoses, checked-simWins-simLoses)
}

// startProfile starts a CPU profile written to path; the func it returns
// stops it and closes the file.
func startProfile(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "endgamefigures:", err)
		}
	}, nil
}
