// Command deadlinebench proves (or disproves) that the bot answers before
// the platform's ResponseDeadline (docs/clock.md). It fires live answers, each
// gamestate's ResponseDeadline set to now + MoveTime at the moment the
// request is sent or the process started, and reports per condition the
// late answers, the errors and the percentiles of delivery − deadline:
//
//	go run ./scripts/deadlinebench -bot bin/lexico-bot -out bench/DEADLINE.md
//	go run ./scripts/deadlinebench -quick               # a smoke run, about 2 minutes
//	go run ./scripts/deadlinebench -list                # the plan and its estimated duration
//
// The conditions: the path (`run`, a fresh process per answer, delivered
// when its move line has been read; `serve`, one server per condition,
// delivered when the response body has been read), the requests in flight
// (serve: 1, 16, 64), MoveTime (200, 1000, 5000 ms) and the load (idle, or
// burn: as many burner processes as cores, spinning, started by the harness
// and killed by PID when the condition ends). Each condition's answers take
// the position classes in turn: crowded boards with two blanks in the rack,
// the corpus endgames of lines 72 and 150, ordinary middle games.
//
// Exit status: 0 when every answer was delivered on time, 1 when any was
// late or failed (or the run was interrupted), 2 when the harness could
// not run.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/scripts/internal/host"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "burn" { // the harness's own burner processes
		burnMain(os.Args[2:])
		return
	}
	os.Exit(mainErr())
}

type options struct {
	bot, index, corpus string
	quick, list        bool
	n                  int
	conditions         string
	seed               uint64
	out, raw           string
	burners, perClass  int
	endgames           []int
	crowded, middle    []int
	botArgs            []string
}

func mainErr() int {
	var o options
	var endgames, crowded, middle, botArgs string
	flag.StringVar(&o.bot, "bot", "bin/lexico-bot", "lexico-bot `BINARY` to measure")
	flag.StringVar(&o.index, "index", "", "index `FILE` given to the bot (default $LEXICO_INDEX, else the default index)")
	flag.StringVar(&o.corpus, "corpus", "data/positions/corpus.jsonl", "position corpus `FILE` (JSON lines, one gamestate a line)")
	flag.BoolVar(&o.quick, "quick", false, "a smoke run: a few answers per condition (a full wave of serve's concurrent requests), about 2 minutes")
	flag.IntVar(&o.n, "n", 0, "answers per condition `N` (0: the plan's defaults, about 5,700 in 17 minutes; see -list)")
	flag.StringVar(&o.conditions, "conditions", "", "run only the conditions matching `TERMS`: comma-separated, each slash-separated globs matching fields of names like serve/c64/m200/burn (e.g. burn, serve/c64, run/m200/idle)")
	flag.Uint64Var(&o.seed, "seed", 1, "`SEED` choosing the positions and their order")
	flag.StringVar(&o.out, "out", "", "write the markdown report to `FILE` (e.g. bench/DEADLINE.md; empty: stdout)")
	flag.StringVar(&o.raw, "raw", "", "write every answer as a JSON line to `FILE` (default: -out with .jsonl for .md)")
	flag.IntVar(&o.burners, "burners", runtime.NumCPU(), "burner processes `K` under load (at least the cores)")
	flag.IntVar(&o.perClass, "per-class", 4, "crowded and middle-game positions `K` the seed picks")
	flag.StringVar(&endgames, "endgames", "72,150", "endgame corpus `LINES` (bag empty)")
	flag.StringVar(&crowded, "crowded", "", "crowded-board corpus `LINES` (default: -per-class picked by the seed)")
	flag.StringVar(&middle, "middle", "", "middle-game corpus `LINES` (default: -per-class picked by the seed)")
	flag.StringVar(&botArgs, "bot-args", "", "extra `FLAGS` for `lexico-bot run` and `serve` (space-separated, e.g. \"--policy equity\")")
	flag.BoolVar(&o.list, "list", false, "print the conditions, their answers and the estimated duration, and exit")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: deadlinebench [flags]\n\nLive deadline benchmark of lexico-bot run and serve (issue 14).\nExit status: 0 all on time, 1 any late or failed answer, 2 the harness could not run.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	bad := func(format string, args ...any) int {
		fmt.Fprintf(os.Stderr, "deadlinebench: "+format+"\n", args...)
		return 2
	}
	if flag.NArg() != 0 {
		return bad("unexpected arguments %q", flag.Args())
	}
	var err error
	if o.endgames, err = parseLines(endgames); err != nil {
		return bad("-endgames: %v", err)
	}
	if o.crowded, err = parseLines(crowded); err != nil {
		return bad("-crowded: %v", err)
	}
	if o.middle, err = parseLines(middle); err != nil {
		return bad("-middle: %v", err)
	}
	o.botArgs = strings.Fields(botArgs)
	if o.n < 0 || o.perClass < 1 || o.burners < 1 {
		return bad("-n, -per-class and -burners: want -n >= 0, the others >= 1")
	}
	if o.burners < runtime.NumCPU() {
		fmt.Fprintf(os.Stderr, "deadlinebench: warning: %d burners for %d cores: the cores are not all saturated\n", o.burners, runtime.NumCPU())
	}
	plan, err := Filter(DefaultPlan(o.quick, o.n), o.conditions)
	if err != nil {
		return bad("%v", err)
	}
	if o.list {
		printPlan(plan)
		return 0
	}
	if o.raw == "" && o.out != "" {
		o.raw = strings.TrimSuffix(o.out, ".md") + ".jsonl"
	}
	// The index every command reads without --index, named to the bot so
	// that the report says which file was measured.
	if o.index, err = build.IndexPath(o.index); err != nil {
		return bad("%v", err)
	}
	for _, f := range []string{o.bot, o.index} {
		if _, err := os.Stat(f); err != nil {
			return bad("%v (make build index)", err)
		}
	}
	corpus, err := loadCorpus(o.corpus)
	if err != nil {
		return bad("corpus: %v", err)
	}
	sel, err := selectPositions(corpus, o.seed, o.perClass, o.endgames, o.crowded, o.middle)
	if err != nil {
		return bad("positions: %v", err)
	}
	for _, ps := range sel {
		for _, p := range ps {
			if _, err := p.Template(time.Second); err != nil {
				return bad("positions: %v", err)
			}
		}
	}
	e := &env{bot: o.bot, index: o.index, botArgs: o.botArgs, sel: sel, seed: o.seed, burners: o.burners}
	if o.raw != "" {
		f, err := os.Create(o.raw)
		if err != nil {
			return bad("-raw: %v", err)
		}
		e.raw = newRawWriter(f)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	total, est := planTotals(plan)
	fmt.Fprintf(os.Stderr, "deadlinebench: %d conditions, %d live answers, about %v at the sim policy's pace (late answers add); load average %s\n",
		len(plan), total, est.Round(time.Second), host.LoadAverage())
	r := &report{opts: o, args: os.Args[1:], start: time.Now(), loadBefore: host.LoadAverage(), sel: sel, source: gitID()}
	for i, c := range plan {
		if ctx.Err() != nil {
			break
		}
		cr := e.runCondition(ctx, c)
		r.results = append(r.results, cr)
		s := Summarize(cr.Answers)
		fmt.Fprintf(os.Stderr, "[%d/%d] %-22s %4d answers %4d late %3d errors  p50 %s  p99 %s  max %s ms  busy %s (cores: bot %.2f, burners %.2f, others %.2f)  %.1fs\n",
			i+1, len(plan), c.Name(), s.N, s.Late, s.Errors, fmtMS(s.P50), fmtMS(s.P99), fmtMS(s.Max), fmtPct(cr.Busy),
			cr.BotCores, cr.BurnCores, cr.OtherCores, cr.Wall.Seconds())
		for _, n := range cr.Notes {
			fmt.Fprintf(os.Stderr, "    note: %s\n", n)
		}
	}
	r.end, r.loadAfter, r.interrupted = time.Now(), host.LoadAverage(), ctx.Err() != nil
	if err := e.raw.close(); err != nil {
		return bad("-raw: %v", err)
	}
	md := r.markdown()
	if o.out != "" {
		if err := atomicfile.WriteFile(o.out, []byte(md), 0o644); err != nil {
			return bad("-out: %v", err)
		}
		fmt.Print(r.conditionTable())
		fmt.Println()
		fmt.Println(r.verdict())
		fmt.Printf("\nwrote %s", o.out)
		if o.raw != "" {
			fmt.Printf(" and %s", o.raw)
		}
		fmt.Println()
	} else {
		fmt.Print(md)
	}
	if r.failed() {
		return 1
	}
	return 0
}

func parseLines(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a line number", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func planTotals(plan []Condition) (answers int, est time.Duration) {
	for _, c := range plan {
		answers += c.N
		est += estimate(c)
		if c.Load == loadBurn {
			est += 300 * time.Millisecond
		}
	}
	return answers, est
}

func printPlan(plan []Condition) {
	total, est := planTotals(plan)
	burn := 0
	fmt.Printf("%-22s %8s %10s\n", "condition", "answers", "estimate")
	for _, c := range plan {
		fmt.Printf("%-22s %8d %9.0fs\n", c.Name(), c.N, estimate(c).Seconds())
		if c.Load == loadBurn {
			burn += c.N
		}
	}
	fmt.Printf("%-22s %8d %9.0fs  (%.0f%% of the answers under burn; the estimate is the sim policy's pace, late answers add)\n",
		"total", total, est.Seconds(), 100*float64(burn)/float64(max(total, 1)))
}
