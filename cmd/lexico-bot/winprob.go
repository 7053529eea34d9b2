package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/engine/winprob"
	"github.com/lexico/lexico/bot/engine/winprobgen"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/internal/quote"
	"github.com/lexico/lexico/internal/readlimit"
)

// winprobTrainOptions are winprob train's flags.
type winprobTrainOptions struct {
	Index, Strategy, Variant, Leaves, Shard, Out, Table string
	Games, Parallel, MinRecords                         int
	Seed                                                uint64
	Checkpoint                                          time.Duration
	Args                                                []string
}

// The winprob command learns the chance of winning from a spread from
// self-play (package winprobgen) and fits the table the simulation ranks
// by (package winprob).
func winprobCommand() *cli.Command {
	var t winprobTrainOptions
	var fitOut string
	var fitMin int
	return &cli.Command{
		Name:   "winprob",
		Usage:  "learn the chance of winning from self-play (train, fit) and look at a table (show)",
		Action: groupAction("winprob", "train", "fit", "show"),
		Subcommands: []*cli.Command{
			{
				Name:  "train",
				Usage: "play equity self-play games and count who won from each spread",
				Description: "Plays --games games of the equity policy against itself and writes the counts to --out\n" +
					"(also the checkpoint: run the same command again after a kill and it resumes there; with\n" +
					"another --games it extends the run, or ends it sooner, keeping the games played).\n" +
					"With --shard i/k plays only the games j with j % k == i; `winprob fit` adds the shards up.\n" +
					"With --table (and no --shard) also fits the table when the games are done.\n" +
					"The same --seed gives the same counts, whatever --parallel.",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &t.Index},
					&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY`: " + strings.Join(strategy.Names(), ", "), Destination: &t.Strategy},
					&cli.StringFlag{Name: "variant", Value: variant.Multipliers.Name, Usage: variantUsage, Destination: &t.Variant},
					&cli.StringFlag{Name: "leaves", Usage: "leave values `FILE[,FILE]` the games are played with (default the embedded tables)", Destination: &t.Leaves},
					&cli.IntFlag{Name: "games", Value: 20000, Usage: "games `N` of the run (of all shards together)", Destination: &t.Games},
					&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed `S` of every game", Destination: &t.Seed},
					&cli.IntFlag{Name: "parallel", Usage: "games played at once `K`", DefaultText: "one per CPU", Destination: &t.Parallel},
					&cli.StringFlag{Name: "shard", Usage: "play only shard `I/K` of the games (0 <= I < K)", Destination: &t.Shard},
					&cli.StringFlag{Name: "out", Usage: "the statistics `FILE` (also the checkpoint)", Required: true, Destination: &t.Out},
					&cli.StringFlag{Name: "table", Usage: "without --shard: also write the fitted table to `FILE`", Destination: &t.Table},
					&cli.IntFlag{Name: "min-records", Value: winprob.DefaultMinRecords, Usage: "with --table: positions `N` each cell's curve is fitted from at least (its neighbours' unseen counts lend theirs)", Destination: &t.MinRecords},
					&cli.DurationFlag{Name: "checkpoint", Value: 30 * time.Second, Usage: "write the statistics at least every `DURATION`", Destination: &t.Checkpoint},
				},
				Action: func(c *cli.Context) error {
					t.Args = c.Args().Slice()
					return winprobTrain(c.Context, t, envOf(c))
				},
			},
			{
				Name:      "fit",
				Usage:     "add up the statistics of a run (its shards) and write the table",
				ArgsUsage: "STATS...",
				Flags: []cli.Flag{
					&cli.StringFlag{Name: "out", Usage: "the table `FILE` to write", Required: true, Destination: &fitOut},
					&cli.IntFlag{Name: "min-records", Value: winprob.DefaultMinRecords, Usage: "positions `N` each cell's curve is fitted from at least", Destination: &fitMin},
				},
				Action: func(c *cli.Context) error {
					return winprobFit(c.Args().Slice(), fitOut, fitMin, envOf(c))
				},
			},
			{
				Name:      "show",
				Usage:     "print a table's chances of winning at a few spreads (or how far a statistics file is)",
				ArgsUsage: "TABLE|STATS",
				Action: func(c *cli.Context) error {
					return winprobShow(c.Args().Slice(), envOf(c))
				},
			},
		},
	}
}

func winprobTrain(ctx context.Context, o winprobTrainOptions, e env) error {
	if len(o.Args) > 0 {
		return badInputf("winprob train takes no arguments, got %s", quote.String(strings.Join(o.Args, " ")))
	}
	v, err := parseVariant(o.Variant, e.stderr)
	if err != nil {
		return err
	}
	parallel := o.Parallel
	switch {
	case o.Games < 1:
		return badInputf("--games %d: want at least 1", o.Games)
	case parallel < 0:
		return badInputf("--parallel %d: want 1 or more (0: one per CPU)", parallel)
	case o.MinRecords < 1:
		return badInputf("--min-records %d: want at least 1", o.MinRecords)
	case o.Checkpoint <= 0:
		return badInputf("--checkpoint %v: want a positive duration", o.Checkpoint)
	case parallel == 0:
		parallel = runtime.NumCPU()
	}
	shard, shards := 0, 0
	if o.Shard != "" {
		if shard, shards, err = parseShard(o.Shard); err != nil {
			return err
		}
		if o.Table != "" {
			return badInputf("--table goes without --shard: fit the shards with `winprob fit`")
		}
	}
	if o.Table != "" {
		if err := tableOverStats("table", o.Table, o.Out); err != nil {
			return err
		}
	}
	playing, err := leaveTable(o.Leaves)
	if err != nil {
		return err
	}
	if err := leavesFit("leaves", playing, v); err != nil {
		return err
	}
	// What is written only at the first checkpoint, after minutes of
	// games, is checked now.
	for _, out := range []string{o.Out, o.Table} {
		if out == "" {
			continue
		}
		if err := atomicfile.Check(out); err != nil {
			return err
		}
	}
	st, err := winprobStatsFor(o.Out, v, playingChecksum(playing, v), o.Seed, shard, shards, uint64(o.Games))
	if err != nil {
		return err
	}
	eng, err := openEngine(o.Index, o.Strategy, playing, false, e.stderr)
	if err != nil {
		return err
	}
	defer eng.Close()
	tr := &winprobgen.Trainer{Engine: eng, Variant: v, Gen: eng.Generator(), Playing: playing, Parallel: parallel}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	stderr := e.stderr
	share := winprob.ShareOf(st.Games, st.Shard, st.Shards)
	if st.Done > 0 && st.Done < share {
		fmt.Fprintf(stderr, "lexico-bot winprob: resuming at game %d of %d (%s)\n", st.Done, share, o.Out)
	}
	var progress func(done, total uint64)
	if isTerminal(stderr) {
		bar := progressbar.NewOptions64(int64(share), progressbar.OptionSetWriter(stderr), progressbar.OptionShowCount(),
			progressbar.OptionSetElapsedTime(true), progressbar.OptionSetPredictTime(true),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(stderr) }))
		bar.Set64(int64(st.Done))
		progress = func(done, _ uint64) { bar.Set64(int64(done)) }
	}
	save := func(st *winprob.Stats) error {
		return atomicfile.Write(o.Out, 0o644, func(w io.Writer) error { _, err := st.WriteTo(w); return err })
	}
	began := time.Now()
	if err := tr.Run(ctx, st, o.Checkpoint, save, progress); err != nil {
		if errors.Is(err, winprobgen.ErrStopped) {
			if serr := save(st); serr != nil {
				return serr
			}
			return fmt.Errorf("%w; checkpoint %s: run the same command again to resume", err, o.Out)
		}
		return err
	}
	fmt.Fprintf(stderr, "lexico-bot winprob: shard %d/%d: %d games, %d positions counted, in %s (%s)\n",
		st.Shard, max(st.Shards, 1), st.Done, st.Records, o.Out, time.Since(began).Round(time.Second))
	if o.Table != "" {
		return writeWinprobTable(o.Table, st.Fit(o.MinRecords), stderr)
	}
	return nil
}

// winprobStatsFor opens the checkpoint at path when it is this run's, or
// starts empty statistics when there is none.
func winprobStatsFor(path string, v *variant.Variant, playing uint32, seed uint64, shard, shards int, games uint64) (*winprob.Stats, error) {
	b, err := readlimit.File(path, "win probability statistics file", winprob.MaxFile)
	if errors.Is(err, os.ErrNotExist) {
		st := winprobgen.NewStats(v)
		st.Seed, st.Shard, st.Shards, st.Games, st.Playing = seed, shard, shards, games, playing
		return st, nil
	}
	if err != nil {
		return nil, badInputf("%w", err)
	}
	st, err := winprob.ReadStats(b)
	if err != nil {
		return nil, badInputf("%s: %w", path, err)
	}
	// Game j of a shard is the same game whatever the run's size, so a run
	// may be extended, or cut short, by asking for another --games: what
	// was played stays counted if it is within the new share.
	if st.Seed != seed || st.Shard != shard || st.Shards != shards || st.Dist != v.Distribution ||
		st.MaxUnseen() != winprobgen.MaxUnseen(v) || st.Done > winprob.ShareOf(games, shard, shards) {
		return nil, badInputf("%s holds seed %d, shard %d/%d of %s, %d games played: not this run's (this run: seed %d, shard %d/%d of %d games of %s); use another file",
			path, st.Seed, st.Shard, st.Shards, st.Variant, st.Done, seed, shard, shards, games, v.Name)
	}
	if !st.PlayingUnknown && st.Playing != playing {
		return nil, badInputf("%s holds games played with leave table %08x, this run plays with %08x (another --leaves): not this run's; use another file",
			path, st.Playing, playing)
	}
	// A file of the first format did not record the table: it is this
	// run's from now on.
	st.Games, st.Playing, st.PlayingUnknown = games, playing, false
	return st, nil
}

func writeWinprobTable(path string, t *winprob.Table, stderr io.Writer) error {
	if err := atomicfile.Write(path, 0o644, func(w io.Writer) error { _, err := t.WriteTo(w); return err }); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "lexico-bot winprob: table of %s from %d games, %d cells, in %s\n", t.Variant, t.Games, len(t.A), path)
	return nil
}

func winprobFit(args []string, out string, minRecords int, e env) error {
	if len(args) == 0 {
		return badInputf("winprob fit needs the statistics files of a run (one per shard)")
	}
	if minRecords < 1 {
		return badInputf("--min-records %d: want at least 1", minRecords)
	}
	if err := tableOverStats("out", out, args...); err != nil {
		return err
	}
	all, err := readShardStats(args, winprob.MaxFile, winprob.ReadStats)
	if err != nil {
		return err
	}
	st, err := winprob.Merge(all)
	if err != nil {
		return badInputf("%w", err)
	}
	return writeWinprobTable(out, st.Fit(minRecords), e.stderr)
}

func winprobShow(args []string, e env) error {
	if len(args) != 1 {
		return badInputf("winprob show needs one table or statistics file")
	}
	path := args[0]
	b, err := readlimit.File(path, "win probability table or statistics file", winprob.MaxFile)
	if err != nil {
		return badInputf("%w", err)
	}
	w := e.stdout
	if st, err := winprob.ReadStats(b); err == nil {
		played := fmt.Sprintf("played with table %08x", st.Playing)
		if st.PlayingUnknown {
			played = "table played with not recorded"
		}
		fmt.Fprintf(w, "%s: statistics of %s, shard %d/%d: %d of %d games, %d positions counted, seed %d, %s\n",
			path, st.Variant, st.Shard, max(st.Shards, 1), st.Done, winprob.ShareOf(st.Games, st.Shard, st.Shards), st.Records, st.Seed, played)
		return nil
	}
	t, err := winprob.ReadTable(bytes.NewReader(b))
	if err != nil {
		return badInputf("%s: %w", path, err)
	}
	fmt.Fprintf(w, "%s: %s, from %d games, seed %d; P(win) %% by spread, to move / waiting\n", path, t.Variant, t.Games, t.Seed)
	spreads := []float64{-100, -50, -20, -10, 0, 10, 20, 50, 100}
	fmt.Fprintf(w, "unseen")
	for _, s := range spreads {
		fmt.Fprintf(w, " %11.0f", s)
	}
	fmt.Fprintln(w)
	for _, u := range []int{t.MaxUnseen(), 70, 50, 30, 20, 14, 10, 7, 3, 1} {
		if u > t.MaxUnseen() {
			continue
		}
		fmt.Fprintf(w, "%6d", u)
		for _, s := range spreads {
			fmt.Fprintf(w, " %5.1f/%5.1f", 100*t.P(s, u, true), 100*t.P(s, u, false))
		}
		fmt.Fprintln(w)
	}
	return nil
}
