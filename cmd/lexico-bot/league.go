package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/match/external"
	"github.com/lexico/lexico/bot/match/league"
	"github.com/lexico/lexico/bot/match/lineup"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/internal/quote"
)

// leagueOptions are league's flags (it takes no arguments).
type leagueOptions struct {
	Index            string
	Entrants         []string
	Games, Parallel  int
	Seed             uint64
	Variant, LogDir  string
	JSON, Paired     bool
	MoveTime         time.Duration
	Strategy, Leaves string
	Sim              simOptions
	Args             []string
}

func leagueCommand() *cli.Command {
	var o leagueOptions
	var entrants cli.StringSlice
	return &cli.Command{
		Name:  "league",
		Usage: "play every pair of several bots (ours or yours) and rank them",
		Description: "Each --entrant NAME=SPEC (SPEC: " + leagueSpecs() + ") plays --games games against\n" +
			"every other, the two moving first in turn, through the referee under the platform's clock.\n" +
			"Prints each pair's win rate with its 95% (Wilson) interval, and each entrant's score, a\n" +
			"Bradley-Terry rating on the Elo scale with its 95% interval, and its illegal and late moves.",
		Flags: append([]cli.Flag{
			&cli.StringSliceFlag{Name: "entrant", Usage: "`NAME=SPEC`, at least two (repeat the flag)", Destination: &entrants},
			&cli.StringFlag{Name: "index", Usage: indexUsage, Destination: &o.Index},
			&cli.IntFlag{Name: "games", Value: 20, Usage: "games `N` per pair", Destination: &o.Games},
			&cli.Uint64Flag{Name: "seed", Usage: "seed `S`", DefaultText: "from the clock, and printed", Destination: &o.Seed},
			variantFlag(&o.Variant, variant.Multipliers.Name),
			&cli.IntFlag{Name: "parallel", Usage: "games played at once `K`", DefaultText: "one per CPU", Destination: &o.Parallel},
			&cli.BoolFlag{Name: "json", Usage: "print the table as one JSON object", Destination: &o.JSON},
			&cli.BoolFlag{Name: "paired", Usage: "play each pair's games in twos with one bag, each entrant starting one of the two, and add the win rate and margin over those twos (\"paired\" in --json; --games even)", Destination: &o.Paired},
			&cli.DurationFlag{Name: "move-time", Value: 5 * time.Second, Usage: "`DURATION` written as MoveTime into every gamestate; an answer after it is late", Destination: &o.MoveTime},
			&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY` of our bots: " + strings.Join(strategy.Names(), ", "), Destination: &o.Strategy},
			&cli.StringFlag{Name: "leaves", Usage: "leave-value table `FILE` for the equity policy", Destination: &o.Leaves},
			&cli.StringFlag{Name: "log-dir", Usage: "`DIR` receiving the standard error of each cmd: entrant (default: a new directory under the OS temporary directory)", Destination: &o.LogDir},
		}, simFlags(&o.Sim)...),
		Action: func(c *cli.Context) error {
			if !c.IsSet("seed") {
				o.Seed = uint64(time.Now().UnixNano())
			}
			o.Entrants = entrants.Value()
			o.Args = c.Args().Slice()
			o.Sim.noteGiven(c)
			return playLeague(c.Context, o, envOf(c))
		},
	}
}

// parseEntrants reads NAME=SPEC pairs.
// leagueSpecs is what an entrant may be: every seat of play but a person,
// since a league's games run unattended and in parallel.
func leagueSpecs() string { return strings.Replace(lineup.Usage(), lineup.Human+", ", "", 1) }

func parseEntrants(list []string) (names, specs []string, err error) {
	seen := map[string]bool{}
	for _, e := range list {
		name, spec, ok := strings.Cut(e, "=")
		name, spec = strings.TrimSpace(name), lineup.Normal(strings.TrimSpace(spec))
		switch {
		case !ok || name == "" || spec == "":
			return nil, nil, badInputf("--entrant %s: want NAME=SPEC (e.g. mine=cmd:./mybot)", quote.String(e))
		case seen[name]:
			return nil, nil, badInputf("--entrant %s: two entrants are named %s", quote.String(e), quote.String(name))
		case spec == lineup.Human || !lineup.Known(spec):
			return nil, nil, badInputf("--entrant %s: want one of %s (no human in a league)", quote.String(e), leagueSpecs())
		}
		seen[name] = true
		names, specs = append(names, name), append(specs, spec)
	}
	if len(names) < 2 {
		return nil, nil, badInputf("--entrant: %d given; a league wants at least 2", len(names))
	}
	return names, specs, nil
}

func playLeague(ctx context.Context, o leagueOptions, e env) error {
	if len(o.Args) > 0 {
		return badInputf("league takes no arguments, got %s (the entrants go in --entrant NAME=SPEC)", quote.String(strings.Join(o.Args, " ")))
	}
	names, specs, err := parseEntrants(o.Entrants)
	if err != nil {
		return err
	}
	switch {
	case o.Games < 1:
		return badInputf("--games %d: want at least 1", o.Games)
	case o.Paired && o.Games%2 != 0:
		return badInputf("--paired --games %d: want an even number of games, two from each bag", o.Games)
	case o.Parallel < 0:
		return badInputf("--parallel %d: want 1 or more (0: one per CPU)", o.Parallel)
	case o.MoveTime <= 0:
		return badInputf("--move-time %v: want a positive duration", o.MoveTime)
	}
	parallel := o.Parallel
	if parallel == 0 {
		parallel = runtime.NumCPU()
	}
	v, err := parseVariant(o.Variant, e.stderr)
	if err != nil {
		return err
	}
	table, err := leaveTable(o.Leaves)
	if err != nil {
		return err
	}
	if err := leavesFit("leaves", table, v); err != nil {
		return err
	}
	eng, err := openEngine(o.Index, o.Strategy, table, true, e.stderr)
	if err != nil {
		return err
	}
	defer eng.Close()
	x := eng.Index()
	lt, err := league.New(names, specs, v.Name, o.Games, o.Seed)
	if err != nil {
		return badInput{err}
	}
	// Every entrant of yours checked now, not when its first pair comes
	// up, perhaps hours in: a mistyped program, a server not running.
	for i, spec := range specs {
		if external.IsSpec(spec) {
			if err := external.Check(spec); err != nil {
				return badInputf("--entrant %s: %w", names[i], err)
			}
		}
	}
	if err := checkLeagueSim(o.Sim, specs); err != nil {
		return err
	}
	answers := answer.NewPipeline(eng, answer.NewClock(player.Live), 0)
	// One log directory for the whole league: every pair's processes log there.
	if o.LogDir == "" && slices.ContainsFunc(specs, func(s string) bool { return strings.HasPrefix(s, external.CmdPrefix) }) {
		if o.LogDir, err = os.MkdirTemp("", "lexico-league-"); err != nil {
			return err
		}
	}
	ext := external.Config{LogDir: o.LogDir}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	sched := league.Schedule(len(names))
	fmt.Fprintf(e.stderr, "lexico-bot league: %d entrants, %s of %d game(s), %s, seed %d, %d worker(s)\n",
		len(names), quote.Count(len(sched), "pair"), o.Games, v.Name, o.Seed, parallel)
	var reports []external.Report
	for k, p := range sched {
		l, err := lineup.New(lineup.Config{Policies: [2]string{specs[p.A], specs[p.B]}, Answers: answers,
			Dict: x, External: ext})
		if err != nil {
			return badInputf("--entrant %s or %s: %w", names[p.A], names[p.B], err)
		}
		l.Seats[0].Name, l.Seats[1].Name = names[p.A], names[p.B]
		// The sim flags apply to the pair's sim seats; a pair with none
		// is no mistake (the league was checked to have one).
		pairSim := o.Sim
		pairSim.Given, pairSim.RankGiven, pairSim.AllocGiven = [len(simFlagNames)]bool{}, false, false
		if err := applySim(pairSim, l.Bots[:]...); err != nil {
			return err
		}
		cfg := referee.Config{Variant: v, Dictionary: x, MoveTime: o.MoveTime}
		// Each pair its own seed, derived from the league's, so that a pair
		// can be replayed alone with play --seed.
		m := &arena.Match{Seats: l.Seats, Games: o.Games, Seed: arena.GameSeed(o.Seed, 1000+k), Parallel: parallel, Paired: o.Paired,
			PlayGame: arena.Referee(cfg)}
		sum, runErr := m.Run(ctx, v.Name)
		for _, s := range l.Externals {
			reports = append(reports, s.Report())
		}
		l.Close()
		if runErr != nil {
			return fmt.Errorf("%s vs %s stopped after %d game(s): %w", names[p.A], names[p.B], sum.Games, interrupted(runErr))
		}
		lt.Add(p, sum)
		fmt.Fprintf(e.stderr, "lexico-bot league: %s vs %s: %d-%d (%d draws), %.1f s (seed %d)\n", names[p.A], names[p.B],
			sum.Seats[0].Wins, sum.Seats[1].Wins, sum.Seats[0].Draws, sum.Seconds, m.Seed)
	}
	lt.Finish()
	out := e.stdout
	if o.JSON {
		if err := json.NewEncoder(out).Encode(lt); err != nil {
			return err
		}
		out = e.stderr
	} else if err := lt.WriteText(out); err != nil {
		return err
	}
	for _, r := range reports {
		reportExternal(out, r)
	}
	return nil
}

// checkLeagueSim refuses a sim flag set when no entrant simulates, and a
// value applySim would refuse, once for the whole league.
func checkLeagueSim(o simOptions, specs []string) error {
	var sims []player.Policy
	for _, spec := range specs {
		if lineup.Normal(spec) == player.NameSim {
			sims = append(sims, player.NewSim(nil, nil))
			break
		}
	}
	return applySim(o, sims...)
}
