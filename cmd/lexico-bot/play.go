package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/match/external"
	"github.com/lexico/lexico/bot/match/lineup"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/internal/quote"
)

// playOptions are play's flags (it takes no arguments).
type playOptions struct {
	Index            string
	Games, Parallel  int
	Seed             uint64
	Policies         [2]string
	Variant, Record  string
	LogDir           string
	JSON, Paired     bool
	MoveTime         time.Duration
	Strategy, Leaves string
	// SeatLeaves are --p1-leaves and --p2-leaves ("": --leaves).
	SeatLeaves [2]string
	// NoEndgame are --p1-no-endgame and --p2-no-endgame.
	NoEndgame [2]bool
	// SeatSim are --p1-sim and --p2-sim: one seat's sim settings.
	SeatSim [2]string
	Sim     simOptions
	Args    []string
}

func playCommand() *cli.Command {
	var o playOptions
	return &cli.Command{
		Name:  "play",
		Usage: "play games between policies (or people) through the referee and print who is stronger",
		Description: "Plays --games games between --p1 and --p2 through the referee, each player handed\n" +
			"only the platform's gamestate, the seats taking turns to move first, --parallel games at\n" +
			"once; the same --seed gives the same games. Prints wins, the win rate with its 95%\n" +
			"(Wilson) interval, scores, bingos, illegal and late moves and time per move.\n" +
			"--p1 human or --p2 human (or both) plays in this terminal: type `help` at the prompt.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &o.Index},
			&cli.IntFlag{Name: "games", Value: 1, Usage: "number of games `N`", Destination: &o.Games},
			&cli.BoolFlag{Name: "paired", Usage: "play the games in pairs with one bag, each seat starting one of the two (duplicate): the luck of the draw falls to both seats alike, and the summary adds the win rate and margin over the pairs, whose intervals are narrower when the pairs share their luck (--games even)", Destination: &o.Paired},
			&cli.Uint64Flag{Name: "seed", Usage: "seed `S` of the match", DefaultText: "from the clock, and printed so the match can be replayed", Destination: &o.Seed},
			&cli.StringFlag{Name: "p1", Value: "equity", Usage: "seat 1's `POLICY`: " + lineup.Usage() + " (your own bot: a program reading a gamestate a line on stdin and writing a move a line on stdout, or a URL taking the gamestate as a POST body)", Destination: &o.Policies[0]},
			&cli.StringFlag{Name: "p2", Value: "greedy", Usage: "seat 2's `POLICY` (as --p1)", Destination: &o.Policies[1]},
			variantFlag(&o.Variant, variant.Multipliers.Name),
			&cli.IntFlag{Name: "parallel", Usage: "games played at once `K`", DefaultText: "one per CPU; 1 when a person plays", Destination: &o.Parallel},
			&cli.StringFlag{Name: "record", Usage: "write each game into `DIR` as JSON lines (every gamestate, move and score) and as a GCG file (a DIR already holding recorded games is refused, not overwritten)", Destination: &o.Record},
			&cli.BoolFlag{Name: "json", Usage: "print the summary as one JSON object", Destination: &o.JSON},
			&cli.StringFlag{Name: "log-dir", Usage: "`DIR` receiving the standard error of each cmd: seat (default: a new directory under the OS temporary directory)", Destination: &o.LogDir},
			&cli.DurationFlag{Name: "move-time", Value: 5 * time.Second, Usage: "`DURATION` written as MoveTime into each bot's gamestate; an answer after it is late (people are not timed)", Destination: &o.MoveTime},
			&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY` of the bots: " + strings.Join(strategy.Names(), ", ") + " (all give the same plays; gaddag is the fast one)", Destination: &o.Strategy},
			&cli.StringFlag{Name: "leaves", Usage: "leave values `FILE[,FILE]` of both seats (as run's --leaves; default the embedded tables)", Destination: &o.Leaves},
			&cli.StringFlag{Name: "p1-leaves", Usage: "seat 1's leave values `FILE[,FILE]`, instead of --leaves", Destination: &o.SeatLeaves[0]},
			&cli.StringFlag{Name: "p2-leaves", Usage: "seat 2's leave values `FILE[,FILE]`, instead of --leaves", Destination: &o.SeatLeaves[1]},
			&cli.BoolFlag{Name: "p1-no-endgame", Usage: "seat 1, a sim player, simulates endgames instead of handing them to the endgame solver (to measure what the solver is worth: --p1 sim --p2 sim --p1-no-endgame)", Destination: &o.NoEndgame[0]},
			&cli.BoolFlag{Name: "p2-no-endgame", Usage: "seat 2, a sim player, simulates endgames instead of handing them to the endgame solver", Destination: &o.NoEndgame[1]},
			&cli.StringFlag{Name: "p1-sim", Usage: "seat 1, a sim player, with its own settings `K=V[,K=V]`: rank (as --sim-rank), alloc (as --sim-alloc), infer=on|off (as --sim-infer), candidates (as --sim-candidates), iterations (as --sim-iterations), endbag (as --sim-end-bag), over the sim flags' (to measure one setting against another: --p1 sim --p2 sim --p1-sim rank=points)", Destination: &o.SeatSim[0]},
			&cli.StringFlag{Name: "p2-sim", Usage: "seat 2, a sim player, with its own settings `K=V[,K=V]` (as --p1-sim)", Destination: &o.SeatSim[1]},
		}, simFlags(&o.Sim)...),
		Action: func(c *cli.Context) error {
			if !c.IsSet("seed") {
				o.Seed = uint64(time.Now().UnixNano())
			}
			o.Sim.noteGiven(c)
			o.Args = c.Args().Slice()
			return playMatch(c.Context, o, envOf(c))
		},
	}
}

func playMatch(ctx context.Context, o playOptions, e env) error {
	if len(o.Args) > 0 {
		return badInputf("play takes no arguments, got %s (the policies go in --p1 and --p2)", quote.String(strings.Join(o.Args, " ")))
	}
	policies := [2]string{lineup.Normal(o.Policies[0]), lineup.Normal(o.Policies[1])}
	for i, p := range policies {
		if !lineup.Known(p) {
			return badInputf("--p%d %s: want one of %s", i+1, quote.String(p), lineup.Usage())
		}
	}
	if o.JSON && (policies[0] == lineup.Human || policies[1] == lineup.Human) {
		// As lingo's --json --human: the person's board goes to stdout.
		return badInputf("--json and a human seat exclude each other: a person plays on the text board, and stdout would not be one JSON object")
	}
	games, parallel := o.Games, o.Parallel
	switch {
	case games < 1:
		return badInputf("--games %d: want at least 1", games)
	case parallel < 0:
		return badInputf("--parallel %d: want 1 or more (0: one per CPU)", parallel)
	case o.MoveTime <= 0:
		return badInputf("--move-time %v: want a positive duration", o.MoveTime)
	case o.Paired && games%2 != 0:
		return badInputf("--paired --games %d: want an even number of games, two a pair", games)
	case parallel == 0:
		parallel = runtime.NumCPU()
	}
	v, err := parseVariant(o.Variant, e.stderr)
	if err != nil {
		return err
	}
	seed, dir := o.Seed, o.Record
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return badInputf("--record: %w", err)
		}
		if err := noRecordedGames(dir); err != nil {
			return err
		}
	}
	table, err := leaveTable(o.Leaves)
	if err != nil {
		return err
	}
	if err := leavesFit("leaves", table, v); err != nil {
		return err
	}
	stdout, stderr := e.stdout, e.stderr
	seatTables, seatLabels, err := seatLeaves(o.SeatLeaves, table, v)
	if err != nil {
		return err
	}
	for i, off := range o.NoEndgame {
		if !off {
			continue
		}
		if policies[i] != player.NameSim {
			return badInputf("--p%d-no-endgame applies to the sim policy, and --p%d is %s", i+1, i+1, quote.String(policies[i]))
		}
		seatLabels[i] += noEndgameLabel
	}

	// The index is opened once; the generator over it is safe for
	// concurrent use, so every worker shares it.
	eng, err := openEngine(o.Index, o.Strategy, table, true, stderr)
	if err != nil {
		return err
	}
	defer eng.Close()
	x := eng.Index()

	// The referee's deadline is live.
	answers := answer.NewPipeline(eng, answer.NewClock(player.Live), 0)
	l, err := lineup.New(lineup.Config{Policies: policies, Answers: answers, SeatLeaves: seatTables, SeatLabels: seatLabels,
		Dict: x, In: bufio.NewReader(e.stdin), Out: stdout, Colour: isTerminal(stdout),
		External: external.Config{LogDir: o.LogDir}})
	if err != nil {
		return badInput{err}
	}
	defer l.Close()
	for i, off := range o.NoEndgame {
		if off {
			l.Bots[i].(*player.Sim).NoEndgame = true // a sim seat (checked above)
		}
	}
	if err := applySim(o.Sim, l.Bots[:]...); err != nil {
		return err
	}
	for i, spec := range o.SeatSim {
		if spec == "" {
			continue
		}
		if err := applySeatSim(fmt.Sprintf("p%d-sim", i+1), spec, l.Bots[i]); err != nil {
			return err
		}
		l.Seats[i].Name += "[" + spec + "]"
	}
	humans, parallel := l.Humans, l.Parallel(parallel)
	cfg := referee.Config{Variant: v, Dictionary: x, MoveTime: l.MoveTime(o.MoveTime)}
	m := &arena.Match{Seats: l.Seats, Games: games, Seed: seed, Parallel: parallel, Paired: o.Paired, PlayGame: arena.Referee(cfg)}
	fmt.Fprintf(stderr, "lexico-bot play: %d game(s) %s vs %s, %s, seed %d, %d worker(s)\n",
		games, l.Seats[0].Name, l.Seats[1].Name, v.Name, seed, m.Workers())

	var recordMu sync.Mutex
	m.Record = func(r *arena.Record) error {
		if humans > 0 {
			recordMu.Lock()
			showEnd(stdout, v, r)
			recordMu.Unlock()
		}
		if dir == "" {
			return nil
		}
		return r.Save(dir)
	}
	if humans == 0 {
		m.Progress = progress(stderr, games)
	}

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, runErr := m.Run(ctx, v.Name)
	if humans == 0 {
		sum.MoveTime = ms(cfg.MoveTime)
	}
	if o.JSON {
		if err := json.NewEncoder(stdout).Encode(sum); err != nil {
			return err
		}
	} else if err := sum.WriteText(stdout); err != nil {
		return err
	}
	if o.JSON {
		reportExternals(stderr, l.Externals)
	} else {
		reportExternals(stdout, l.Externals)
	}
	if dir != "" {
		fmt.Fprintf(stderr, "lexico-bot play: games recorded in %s (game-NNNN.jsonl and .gcg)\n", dir)
	}
	if runErr != nil {
		return fmt.Errorf("stopped after %d game(s): %w", sum.Games, interrupted(runErr))
	}
	return nil
}

// interrupted says a match stopped by Ctrl-C or SIGTERM in those words,
// not as Go's "context canceled".
func interrupted(err error) error {
	if errors.Is(err, context.Canceled) {
		return errors.New("interrupted (Ctrl-C or SIGTERM)")
	}
	return err
}

// noEndgameLabel ends the name of a seat playing without the endgame
// solver (--p1-no-endgame), so that two sim seats are told apart.
const noEndgameLabel = "[no-endgame]"

// reportExternals says where each external seat's log is and what went
// wrong besides its moves (the moves themselves are in the summary).
func reportExternals(w io.Writer, seats []external.Seat) {
	for _, s := range seats {
		reportExternal(w, s.Report())
	}
}

// reportExternal writes one external seat's report.
func reportExternal(w io.Writer, r external.Report) {
	{
		line := fmt.Sprintf("seat %s", r.Spec)
		if r.Log != "" {
			line += fmt.Sprintf(": %d process(es) started, standard error in %s", r.Started, r.Log)
		}
		line += fmt.Sprintf("; %d crash(es)", r.Crashes)
		if r.Stray > 0 {
			line += fmt.Sprintf(", %d stray line(s) discarded", r.Stray)
		}
		if r.Failures > 0 {
			line += fmt.Sprintf(", %d failed request(s)", r.Failures)
		}
		fmt.Fprintln(w, line)
		for _, n := range r.CrashNotes {
			fmt.Fprintf(w, "  crash: %s\n", n)
		}
		if r.FailureNote != "" {
			fmt.Fprintf(w, "  first failed request: %s\n", r.FailureNote)
		}
	}
}

// noRecordedGames refuses a --record directory that already holds games:
// every match numbers its games from game-0000, so a second match recorded
// into the same directory would replace the first one's files.
func noRecordedGames(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return badInputf("--record: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, "game-") && (strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".gcg")) {
			return badInputf("--record %s already holds recorded games (%s): choose another directory, or remove them, so that no recorded game is overwritten",
				dir, name)
		}
	}
	return nil
}

// showEnd tells the people at the terminal how a game ended.
func showEnd(w io.Writer, v *variant.Variant, r *arena.Record) {
	b := v.NewBoard()
	for row, line := range r.End.Board {
		for col := 0; col < len(line) && col < b.Size; col++ {
			switch l := line[col]; {
			case l >= 'A' && l <= 'Z':
				b.Set(row, col, board.Square{Letter: l})
			case l >= 'a' && l <= 'z':
				b.Set(row, col, board.Square{Letter: l - 'a' + 'A', Blank: true})
			}
		}
	}
	fmt.Fprintf(w, "\n== Game %d over: %s\n", r.Header.Game+1, r.End.Reason)
	b.Draw(w, board.DrawOptions{})
	p := r.Header.Players
	fmt.Fprintf(w, "Final score: %s %d, %s %d.\n", p[0], r.End.Scores[0], p[1], r.End.Scores[1])
}

// progress reports finished games on w: a bar on a terminal, else a line
// every tenth of the match (for logs of long runs).
func progress(w io.Writer, total int) func(done, total int) {
	if isTerminal(w) {
		bar := progressbar.NewOptions(total, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription("games"),
			progressbar.OptionShowCount(), progressbar.OptionSetElapsedTime(true), progressbar.OptionSetPredictTime(true),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }))
		return func(int, int) { bar.Add(1) }
	}
	step := max(total/10, 1)
	start := time.Now()
	return func(done, total int) {
		if done%step == 0 || done == total {
			fmt.Fprintf(w, "lexico-bot play: %d/%d games, %s\n", done, total, time.Since(start).Round(time.Second))
		}
	}
}

// seatInt reads a seat setting k=v that is a whole number of at least
// least and, when most > 0, at most most (as the sim flag it stands for).
func seatInt(flag, k, v string, least, most int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < least {
		return 0, badInputf("--%s %s=%s: want %d or more", flag, k, v, least)
	}
	if most > 0 && n > most {
		return 0, badInputf("--%s %s=%s: want at most %d", flag, k, v, most)
	}
	return n, nil
}

// applySeatSim sets one seat's sim settings (--p1-sim, --p2-sim): a
// comma-separated list of rank=RANK, alloc=ALLOC, infer=on|off,
// candidates=N, iterations=N and endbag=N.
func applySeatSim(flag, spec string, pol player.Policy) error {
	pl, ok := pol.(*player.Sim)
	if !ok {
		return badInputf("--%s applies to the sim policy, and that seat does not use it", flag)
	}
	sim := *pl.Simulator
	for _, kv := range strings.Split(spec, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		var err error
		switch {
		case !ok:
			return badInputf("--%s %s: want K=V[,K=V] (rank, alloc, infer, candidates, iterations, endbag)", flag, quote.String(kv))
		case k == "rank":
			sim.Rank, err = parseSimRank(flag+" rank", v)
		case k == "alloc":
			sim.Allocation, err = parseSimAlloc(flag+" alloc", v)
		case k == "infer":
			switch v {
			case "on":
				sim.Infer = true
			case "off":
				sim.Infer = false
			default:
				return badInputf("--%s infer=%s: want on or off", flag, v)
			}
		case k == "candidates":
			pl.Candidates, err = seatInt(flag, k, v, 2, player.MaxCandidates)
		case k == "endbag":
			sim.EndgameBag, err = seatInt(flag, k, v, 0, 0)
		case k == "iterations":
			sim.MaxIterations, err = seatInt(flag, k, v, 0, 0)
		default:
			return badInputf("--%s: unknown setting %s (rank, alloc, infer, candidates, iterations, endbag)", flag, quote.String(k))
		}
		if err != nil {
			return err
		}
	}
	pl.Simulator = &sim
	return nil
}
