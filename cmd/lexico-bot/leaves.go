package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/leavegen"
	"github.com/lexico/lexico/bot/engine/leaves"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/internal/quote"
	"github.com/lexico/lexico/internal/readlimit"
)

// leavesTrainOptions are leaves train's flags.
type leavesTrainOptions struct {
	Index, Strategy, Variant, Dir, Start, Target string
	Shard, Table, Out                            string
	Games, Generations, Parallel                 int
	Generation                                   int
	// GenerationSet: --generation was given (it goes with --shard only).
	GenerationSet bool
	Seed          uint64
	PriorWeight   float64
	Checkpoint    time.Duration
	Args          []string
}

// leavesMergeOptions are leaves merge's flags and its STATS files.
type leavesMergeOptions struct {
	Out         string
	PriorWeight float64
	Args        []string
}

// The leaves command learns leave tables from self-play (package leavegen)
// and merges the statistics of shards run as separate processes or jobs.
// groupAction is the action of a command that only groups subcommands:
// its help without an argument, and a mistyped subcommand named as one
// (without it, urfave/cli answers "No help topic", which does not say that
// it is not a command).
func groupAction(group string, commands ...string) cli.ActionFunc {
	return func(c *cli.Context) error {
		if !c.Args().Present() {
			return cli.ShowSubcommandHelp(c)
		}
		return badInputf("unknown %s command %s (the commands: %s)", group, quote.String(c.Args().First()), strings.Join(commands, ", "))
	}
}

func leavesCommand() *cli.Command {
	var t leavesTrainOptions
	var m leavesMergeOptions
	return &cli.Command{
		Name:   "leaves",
		Usage:  "learn leave values from self-play (train, merge) and look at a table (show)",
		Action: groupAction("leaves", "train", "merge", "show"),
		Subcommands: []*cli.Command{
			{
				Name:  "train",
				Usage: "play self-play generations and write a leave table per generation",
				Description: "Without --shard: plays --generations generations of --games games each in --dir, the first\n" +
					"with --start (default the hand-tuned model), each next one with the table the previous one\n" +
					"learned; writes DIR/gen-NNN.stats (the statistics, also the checkpoint) and DIR/gen-NNN.leaves.\n" +
					"Run it again with the same flags after a kill and it resumes at its last checkpoint.\n" +
					"With --shard i/k: plays only games j of generation --generation with j % k == i, with\n" +
					"--table, and writes the statistics to --out (resumable the same way); `leaves merge` then\n" +
					"makes the generation's table of the k files. The same --seed gives the same tables.",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &t.Index},
					&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY`: " + strings.Join(strategy.Names(), ", "), Destination: &t.Strategy},
					&cli.StringFlag{Name: "variant", Value: variant.Multipliers.Name, Usage: variantUsage, Destination: &t.Variant},
					&cli.IntFlag{Name: "games", Value: 10000, Usage: "games `N` per generation", Destination: &t.Games},
					&cli.IntFlag{Name: "generations", Value: 2, Usage: "generations `G` (without --shard)", Destination: &t.Generations},
					&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed `S` of every game", Destination: &t.Seed},
					&cli.IntFlag{Name: "parallel", Usage: "games played at once `K`", DefaultText: "one per CPU", Destination: &t.Parallel},
					&cli.StringFlag{Name: "dir", Usage: "`DIR` of the generations' statistics and tables (without --shard)", Destination: &t.Dir},
					&cli.StringFlag{Name: "start", Usage: "valuation `FILE[,FILE]` the first generation plays with (default the hand-tuned model data/leaves-hand.csv)", Destination: &t.Start},
					&cli.Float64Flag{Name: "prior-weight", Value: defaultPriorWeight, Usage: "records `W` a leave needs before its own mean outweighs the estimate from its sub-leaves", Destination: &t.PriorWeight},
					&cli.StringFlag{Name: "shard", Usage: "play only shard `I/K` of one generation (0 <= I < K)", Destination: &t.Shard},
					&cli.IntFlag{Name: "generation", Value: 1, Usage: "with --shard: the generation `G` whose games to play", Destination: &t.Generation},
					&cli.StringFlag{Name: "table", Usage: "with --shard: the valuation `FILE[,FILE]` to play with (the previous generation's table; default as --start)", Destination: &t.Table},
					&cli.StringFlag{Name: "out", Usage: "with --shard: the statistics `FILE` (also the checkpoint)", Destination: &t.Out},
					&cli.StringFlag{Name: "target", Value: leaves.TargetNextTurn.String(), Usage: "what a leave is credited with: `T` next-turn (the mover's next turn after keeping it), two-turns (its next two) or rack (the equity of every move made from a rack holding it)", Destination: &t.Target},
					&cli.DurationFlag{Name: "checkpoint", Value: 30 * time.Second, Usage: "write the statistics at least every `DURATION`", Destination: &t.Checkpoint},
				},
				Action: func(c *cli.Context) error {
					t.GenerationSet = c.IsSet("generation")
					t.Args = c.Args().Slice()
					return leavesTrain(c.Context, t, envOf(c))
				},
			},
			{
				Name:      "merge",
				Usage:     "add up the statistics of a generation's shards and write its leave table",
				ArgsUsage: "STATS...",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "out", Usage: "the table `FILE` to write", Required: true, Destination: &m.Out},
					&cli.Float64Flag{Name: "prior-weight", Value: defaultPriorWeight, Usage: "records `W` a leave needs before its own mean outweighs the estimate from its sub-leaves, as for train", Destination: &m.PriorWeight},
				},
				Action: func(c *cli.Context) error {
					m.Args = c.Args().Slice()
					return leavesMerge(m, envOf(c))
				},
			},
			{
				Name:      "show",
				Usage:     "print how a table was learned and the values of leaves (or how far a statistics file is)",
				ArgsUsage: "TABLE|STATS [LEAVE...]",
				Action: func(c *cli.Context) error {
					return leavesShow(c.Args().Slice(), envOf(c))
				},
			},
		},
	}
}

// defaultPriorWeight: a leave's own mean takes over from the sub-leave
// estimate once it has about this many records. The next turn's points
// spread by some 20 points around their mean, so 30 records give a mean to
// within about 4 points, as good as the estimate for most rare leaves.
const defaultPriorWeight = 30

// loadLeaves is --leaves: comma-separated files (a hand-tuned CSV and/or
// learned tables), or the embedded default for "".
func loadLeaves(flag, spec string) (*equity.Table, error) {
	var paths []string
	for _, p := range strings.Split(spec, ",") {
		if p = strings.TrimSpace(p); p != "" {
			paths = append(paths, p)
		}
	}
	t, err := equity.Load(paths...)
	if err != nil {
		return nil, badInputf("--%s: %w", flag, err)
	}
	return t, nil
}

// leavesFit refuses a valuation flag names (read as t) whose learned
// tables are all for other bags than v's: the games would be played by the
// hand-tuned model alone, while a match's summary, or a training run's
// record, said the table played them.
func leavesFit(flag string, t *equity.Table, v *variant.Variant) error {
	if n := leavesUnused(t, v); n != "" {
		return badInputf("--%s: %s: the games would be played with the hand-tuned model (give a table learned in %s, or data/leaves-hand.csv to play the model)", flag, n, v.Name)
	}
	return nil
}

// leavesUnused says why the learned tables of t (--leaves) do not value
// v's leaves, or "" when one does or none was given.
func leavesUnused(t *equity.Table, v *variant.Variant) string {
	if len(t.Learned) == 0 || t.LearnedFor(v) != nil {
		return ""
	}
	return fmt.Sprintf("the table given is learned for the bag of %s, not the bag of %s", learnedBags(t), v.Name)
}

// learnedBags names the bags t's learned tables value: "classic", "classic
// and multipliers"; "" when it has none.
func learnedBags(t *equity.Table) string {
	bags := make([]string, len(t.Learned))
	for i, l := range t.Learned {
		bags[i] = l.Variant
	}
	return strings.Join(bags, " and ")
}

func parseShard(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	k, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || k < 1 || i < 0 || i >= k {
		return 0, 0, badInputf("--shard %s: want I/K with 0 <= I < K (e.g. 0/4)", quote.String(s))
	}
	return i, k, nil
}

func leavesTrain(ctx context.Context, o leavesTrainOptions, e env) error {
	if len(o.Args) > 0 {
		return badInputf("leaves train takes no arguments, got %s", quote.String(strings.Join(o.Args, " ")))
	}
	v, err := parseVariant(o.Variant, e.stderr)
	if err != nil {
		return err
	}
	games, gens, parallel := o.Games, o.Generations, o.Parallel
	switch {
	case games < 1:
		return badInputf("--games %d: want at least 1", games)
	case gens < 1:
		return badInputf("--generations %d: want at least 1", gens)
	case parallel < 0:
		return badInputf("--parallel %d: want 1 or more (0: one per CPU)", parallel)
	case !(o.PriorWeight > 0):
		return badInputf("--prior-weight %v: want a positive number", o.PriorWeight)
	case o.Checkpoint <= 0:
		return badInputf("--checkpoint %v: want a positive duration", o.Checkpoint)
	case parallel == 0:
		parallel = runtime.NumCPU()
	}
	target, err := leaves.ParseTarget(o.Target)
	if err != nil {
		return badInputf("--target %s", err)
	}
	shard, shards := 0, 0
	if o.Shard != "" {
		if shard, shards, err = parseShard(o.Shard); err != nil {
			return err
		}
		if o.Out == "" {
			return badInputf("--shard needs --out FILE for its statistics")
		}
		if o.Generation < 1 {
			return badInputf("--generation %d: want at least 1", o.Generation)
		}
	} else {
		if o.Dir == "" {
			return badInputf("leaves train needs --dir DIR (or --shard I/K with --out FILE)")
		}
		for _, f := range []struct {
			name string
			set  bool
		}{{"out", o.Out != ""}, {"table", o.Table != ""}, {"generation", o.GenerationSet}} {
			if f.set {
				return badInputf("--%s goes with --shard", f.name)
			}
		}
	}
	start, startFlag := o.Start, "start"
	if shards > 0 && o.Table != "" {
		start, startFlag = o.Table, "table"
	}
	playing, err := loadLeaves(startFlag, start)
	if err != nil {
		return err
	}
	if err := leavesFit(startFlag, playing, v); err != nil {
		return err
	}
	if start == "" {
		// The first generation plays with the hand-tuned model, not with a
		// table shipped for this bag: training starts from the model.
		if playing, err = equity.HandTable(); err != nil {
			return err
		}
	}
	eng, err := openEngine(o.Index, o.Strategy, playing, false, e.stderr)
	if err != nil {
		return err
	}
	defer eng.Close()
	tr := &leavegen.Trainer{Engine: eng, Variant: v, Gen: eng.Generator(), Playing: playing, Parallel: parallel, Target: target}
	// SIGTERM too: a batch system stops a job with it (Kubernetes before
	// evicting a pod), and the statistics are then saved for the retry.
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	stderr := e.stderr
	seed := o.Seed

	if shards > 0 {
		// Written only at the first checkpoint, after minutes of games.
		if err := atomicfile.Check(o.Out); err != nil {
			return err
		}
		st, err := statsFor(o.Out, "file", v, tr.Playing, target, o.Generation, seed, shard, shards, uint64(games))
		if err != nil {
			return err
		}
		if err := runGeneration(ctx, tr, st, o.Out, o.Checkpoint, stderr); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "lexico-bot leaves: shard %d/%d of generation %d: %d games, %d leaves recorded, in %s\n",
			shard, shards, st.Generation, st.Done, st.N, o.Out)
		return nil
	}

	dir := o.Dir
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInputf("--dir: %w", err)
	}
	for g := 1; g <= gens; g++ {
		tablePath := filepath.Join(dir, fmt.Sprintf("gen-%03d.leaves", g))
		statsPath := filepath.Join(dir, fmt.Sprintf("gen-%03d.stats", g))
		if b, err := readlimit.File(tablePath, "leave table", leaves.MaxFile); err == nil {
			t, err := leaves.ReadTable(b)
			if err != nil {
				return badInputf("%s: %w (remove it to learn the generation again)", tablePath, err)
			}
			if t.Seed != seed || t.Games != uint64(games) || t.Generation != g || !t.Fits(&v.Distribution) {
				return badInputf("%s was learned with seed %d, %d games, generation %d, bag of %s: not this run's (use another --dir)",
					tablePath, t.Seed, t.Games, t.Generation, t.Variant)
			}
			// The table does not say what it was played with or what it
			// credited; its statistics do: a generation learned with another
			// --target or --start is not this run's either.
			if _, err := statsFor(statsPath, "--dir", v, tr.Playing, target, g, seed, 0, 0, uint64(games)); err != nil {
				return err
			}
			fmt.Fprintf(stderr, "lexico-bot leaves: generation %d already learned (%s)\n", g, tablePath)
			tr.Playing = tr.Playing.WithLearned(t)
			continue
		}
		st, err := statsFor(statsPath, "--dir", v, tr.Playing, target, g, seed, 0, 0, uint64(games))
		if err != nil {
			return err
		}
		began := time.Now()
		if err := runGeneration(ctx, tr, st, statsPath, o.Checkpoint, stderr); err != nil {
			return err
		}
		t := st.Fit(o.PriorWeight)
		if err := writeTable(tablePath, t); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "lexico-bot leaves: generation %d: %d games, %d leaves recorded (%d distinct of %d), %s; table %s\n",
			g, st.Done, st.N, distinct(st), st.Space.Len(), time.Since(began).Round(time.Second), tablePath)
		tr.Playing = tr.Playing.WithLearned(t)
	}
	return nil
}

func distinct(st *leaves.Stats) int {
	n := 0
	for _, c := range st.Count {
		if c > 0 {
			n++
		}
	}
	return n
}

// statsFor opens the checkpoint at path when it is this run's, or starts
// empty statistics when there is none; another run's is refused, naming
// what to change (another: "file" for --out, "--dir").
func statsFor(path, another string, v *variant.Variant, playing *equity.Table, target leaves.Target, gen int, seed uint64, shard, shards int, games uint64) (*leaves.Stats, error) {
	learned := leaves.NewTable(v.Name, v.Distribution)
	sum := playingChecksum(playing, v)
	b, err := readlimit.File(path, "leave statistics file", leaves.MaxFile)
	if errors.Is(err, os.ErrNotExist) {
		st := leaves.NewStats(learned)
		st.Generation, st.Seed, st.Playing, st.Shard, st.Shards, st.GenGames = gen, seed, sum, shard, shards, games
		st.Target = target
		return st, nil
	}
	if err != nil {
		return nil, badInputf("%w", err)
	}
	st, err := leaves.ReadStats(b)
	if err != nil {
		return nil, badInputf("%s: %w", path, err)
	}
	if st.Target != target {
		return nil, badInputf("%s holds games recorded with --target %s, not %s: use another %s", path, st.Target, target, another)
	}
	if st.Generation != gen || st.Seed != seed || st.Playing != sum || st.Shard != shard || st.Shards != shards ||
		st.GenGames != games || st.Space.Dist != learned.Space.Dist {
		return nil, badInputf("%s holds generation %d, seed %d, shard %d/%d of %d games, played with table %08x: not this run's (this run: generation %d, seed %d, shard %d/%d of %d games, table %08x); use another %s",
			path, st.Generation, st.Seed, st.Shard, st.Shards, st.GenGames, st.Playing, gen, seed, shard, shards, games, sum, another)
	}
	return st, nil
}

// playingChecksum identifies the valuation games are played with: its
// learned table for v's bag, or 0 for the model alone.
func playingChecksum(t *equity.Table, v *variant.Variant) uint32 {
	if l := t.LearnedFor(v); l != nil {
		return l.Checksum()
	}
	return 0
}

func runGeneration(ctx context.Context, tr *leavegen.Trainer, st *leaves.Stats, path string, every time.Duration, stderr io.Writer) error {
	share := leaves.ShareOf(st.GenGames, st.Shard, st.Shards)
	if st.Done >= share {
		return nil
	}
	if st.Done > 0 {
		fmt.Fprintf(stderr, "lexico-bot leaves: resuming generation %d at game %d of %d (%s)\n", st.Generation, st.Done, share, path)
	}
	var progress func(done, total uint64)
	if isTerminal(stderr) {
		bar := progressbar.NewOptions64(int64(share), progressbar.OptionSetWriter(stderr),
			progressbar.OptionSetDescription(fmt.Sprintf("generation %d", st.Generation)),
			progressbar.OptionShowCount(), progressbar.OptionSetElapsedTime(true), progressbar.OptionSetPredictTime(true),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(stderr) }))
		bar.Set64(int64(st.Done))
		progress = func(done, _ uint64) { bar.Set64(int64(done)) }
	}
	save := func(st *leaves.Stats) error {
		return atomicfile.Write(path, 0o644, func(w io.Writer) error { _, err := st.WriteTo(w); return err })
	}
	if err := tr.Run(ctx, st, every, save, progress); err != nil {
		if errors.Is(err, leavegen.ErrStopped) {
			if serr := save(st); serr != nil {
				return serr
			}
			return fmt.Errorf("%w; checkpoint %s: run the same command again to resume", err, path)
		}
		return err
	}
	return nil
}

func writeTable(path string, t *leaves.Table) error {
	return atomicfile.Write(path, 0o644, func(w io.Writer) error { _, err := t.WriteTo(w); return err })
}

func leavesMerge(o leavesMergeOptions, e env) error {
	if len(o.Args) == 0 {
		return badInputf("leaves merge needs the statistics files of a generation's shards")
	}
	if !(o.PriorWeight > 0) {
		return badInputf("--prior-weight %v: want a positive number", o.PriorWeight)
	}
	if err := tableOverStats("out", o.Out, o.Args...); err != nil {
		return err
	}
	all, err := readShardStats(o.Args, leaves.MaxFile, leaves.ReadStats)
	if err != nil {
		return err
	}
	st, err := leaves.Merge(all)
	if err != nil {
		return badInputf("%w", err)
	}
	t := st.Fit(o.PriorWeight)
	if err := writeTable(o.Out, t); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "lexico-bot leaves: generation %d of %s: %d shard(s), %d games, %d leaves recorded (%d distinct of %d); table %s\n",
		st.Generation, st.Variant, len(all), st.Done, st.N, distinct(st), st.Space.Len(), o.Out)
	return nil
}

func leavesShow(args []string, e env) error {
	if len(args) == 0 {
		return badInputf("leaves show needs a table file")
	}
	path := args[0]
	b, err := readlimit.File(path, "leave table or statistics file", leaves.MaxFile)
	if err != nil {
		return badInputf("%w", err)
	}
	w := e.stdout
	if !leaves.IsTableFile(b) {
		if st, err := leaves.ReadStats(b); err == nil {
			fmt.Fprintf(w, "%s: statistics of generation %d, bag of %s, shard %d/%d: %d of %d games, %d leaves recorded (%d distinct, target %s), seed %d, played with table %08x\n",
				path, st.Generation, st.Variant, st.Shard, max(st.Shards, 1), st.Done, leaves.ShareOf(st.GenGames, st.Shard, st.Shards), st.N, distinct(st), st.Target, st.Seed, st.Playing)
			return nil
		}
	}
	t, err := leaves.ReadTable(b)
	if err != nil {
		return badInputf("%s: %w", path, err)
	}
	fmt.Fprintf(w, "%s: bag of %s, %d leaves, generation %d, %d games, seed %d\n", path, t.Variant, len(t.Values), t.Generation, t.Games, t.Seed)
	args = args[1:]
	if len(args) == 0 {
		// The single tiles, best first: the table's character at a glance.
		type kv struct {
			l string
			v float64
		}
		var ones []kv
		for i := range tile.NumKinds {
			r := tile.RackOf([]byte{tile.Byte(i)})
			if v, ok := t.Value(&r); ok {
				ones = append(ones, kv{r.String(), v})
			}
		}
		sort.SliceStable(ones, func(i, j int) bool { return ones[i].v > ones[j].v })
		var sb bytes.Buffer
		for _, o := range ones {
			fmt.Fprintf(&sb, " %s %+.1f", o.l, o.v)
		}
		fmt.Fprintf(w, "single tiles:%s\n", sb.String())
		return nil
	}
	for _, a := range args {
		r, err := tile.ParseRack(a)
		if err != nil {
			return badInputf("%w", err)
		}
		v, ok := t.Value(&r)
		if !ok {
			return badInputf("leave %s: not in this table (1 to %d tiles the bag of %s holds)", quote.String(a), leaves.MaxTiles, t.Variant)
		}
		fmt.Fprintf(w, "%s\t%+.2f\n", r.String(), v)
	}
	return nil
}

// seatLeaves is play's --p1-leaves and --p2-leaves: each seat's valuation
// (table, the --leaves one, when its flag is not given) for games of v, and
// a label naming the file for the summary.
func seatLeaves(specs [2]string, table *equity.Table, v *variant.Variant) ([2]*equity.Table, [2]string, error) {
	tables, labels := [2]*equity.Table{table, table}, [2]string{}
	for i, spec := range specs {
		if spec == "" {
			continue
		}
		flag := fmt.Sprintf("p%d-leaves", i+1)
		t, err := loadLeaves(flag, spec)
		if err != nil {
			return tables, labels, err
		}
		if err := leavesFit(flag, t, v); err != nil {
			return tables, labels, err
		}
		tables[i] = t
		names := strings.Split(spec, ",")
		for j, n := range names {
			names[j] = filepath.Base(strings.TrimSpace(n))
		}
		labels[i] = "[" + strings.Join(names, ",") + "]"
	}
	return tables, labels, nil
}

// tableOverStats refuses a table file (flag's path out) that is one of
// the statistics files stats: written there, the table would replace the
// statistics behind it, which may have cost hours to play.
func tableOverStats(flag, out string, stats ...string) error {
	for _, p := range stats {
		if sameFile(out, p) {
			return badInputf("--%s %s is a statistics file of this run: the table would replace it (name another file)", flag, quote.String(out))
		}
	}
	return nil
}

// sameFile reports whether paths a and b name one file: the same path, or
// two names (a link, another spelling) of an existing one.
func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// readShardStats reads the statistics file of each shard with read (the
// leave trainer's and the win probability trainer's), for a merge, each of
// at most limit bytes; a file that cannot be read or parsed is bad input,
// named.
func readShardStats[S any](paths []string, limit int64, read func([]byte) (S, error)) ([]S, error) {
	all := make([]S, 0, len(paths))
	for _, p := range paths {
		b, err := readlimit.File(p, "statistics file", limit)
		if err != nil {
			return nil, badInputf("%w", err)
		}
		st, err := read(b)
		if err != nil {
			return nil, badInputf("%s: %w", p, err)
		}
		all = append(all, st)
	}
	return all, nil
}
