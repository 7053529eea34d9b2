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
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/internal/quote"
)

// humanPolicy seats a person at the terminal instead of a bot.
const humanPolicy = "human"

func init() {
	commands = append(commands, &cli.Command{
		Name:  "play",
		Usage: "play games between policies (or people) through the referee and print who is stronger",
		Description: "Plays --games games between --p1 and --p2 through the referee, each player handed\n" +
			"only the platform's gamestate, the seats taking turns to move first, --parallel games at\n" +
			"once; the same --seed gives the same games. Prints wins, the win rate with its 95%\n" +
			"(Wilson) interval, scores, bingos, illegal and late moves and time per move.\n" +
			"--p1 human or --p2 human (or both) plays in this terminal: type `help` at the prompt.",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "index", Usage: "index `FILE` (default $LEXICO_INDEX, else the default index in the user cache directory, built on first use)"},
			&cli.IntFlag{Name: "games", Value: 1, Usage: "number of games `N`"},
			&cli.Uint64Flag{Name: "seed", Usage: "seed `S` of the match (default: from the clock, and printed so the match can be replayed)"},
			&cli.StringFlag{Name: "p1", Value: "equity", Usage: "seat 1's `POLICY`: " + strings.Join(append(slices.Clone(player.Policies), humanPolicy), ", ")},
			&cli.StringFlag{Name: "p2", Value: "greedy", Usage: "seat 2's `POLICY` (as --p1)"},
			&cli.StringFlag{Name: "variant", Value: variant.Multipliers.Name, Usage: "rule set: classic (no premiums, no blanks) or multipliers"},
			&cli.IntFlag{Name: "parallel", Usage: "games played at once `K` (default: one per CPU; 1 when a person plays)"},
			&cli.StringFlag{Name: "record", Usage: "write each game into `DIR` as JSON lines (every gamestate, move and score) and as a GCG file (a DIR already holding recorded games is refused, not overwritten)"},
			&cli.BoolFlag{Name: "json", Usage: "print the summary as one JSON object"},
			&cli.DurationFlag{Name: "move-time", Value: 5 * time.Second, Usage: "MoveTime written into each bot's gamestate; an answer after it is late (people are not timed)"},
			&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY` of the bots: " + strings.Join(strategy.Names(), ", ") + " (all give the same plays; gaddag is the fast one)"},
			&cli.StringFlag{Name: "leaves", Usage: "leave values `FILE[,FILE]` of both seats (as run's --leaves; default the embedded tables)"},
			&cli.StringFlag{Name: "p1-leaves", Usage: "seat 1's leave values `FILE[,FILE]`, instead of --leaves"},
			&cli.StringFlag{Name: "p2-leaves", Usage: "seat 2's leave values `FILE[,FILE]`, instead of --leaves"},
		}, simFlags()...),
		Action: playMatch,
	})
}

// humanMoveTime is the MoveTime of a game with a person in it: people think
// as long as they like.
const humanMoveTime = 7 * 24 * time.Hour

func playMatch(c *cli.Context) error {
	if c.NArg() > 0 {
		return badInputf("play takes no arguments, got %s (the policies go in --p1 and --p2)", quote.String(strings.Join(c.Args().Slice(), " ")))
	}
	policies := [2]string{strings.ToLower(c.String("p1")), strings.ToLower(c.String("p2"))}
	humans := 0
	for i, p := range policies {
		if p == humanPolicy {
			humans++
		} else if !slices.Contains(player.Policies, p) {
			return badInputf("--p%d %s: want one of %s", i+1, quote.String(p), strings.Join(append(slices.Clone(player.Policies), humanPolicy), ", "))
		}
	}
	games, parallel := c.Int("games"), c.Int("parallel")
	switch {
	case games < 1:
		return badInputf("--games %d: want at least 1", games)
	case parallel < 0:
		return badInputf("--parallel %d: want 1 or more (0: one per CPU)", parallel)
	case c.Duration("move-time") <= 0:
		return badInputf("--move-time %v: want a positive duration", c.Duration("move-time"))
	case parallel == 0:
		parallel = runtime.NumCPU()
	}
	if humans > 0 {
		parallel = 1
	}
	v, err := variant.ByName(c.String("variant"))
	if err != nil {
		return badInputf("--variant: %w", err)
	}
	seed := c.Uint64("seed")
	if !c.IsSet("seed") {
		seed = uint64(time.Now().UnixNano())
	}
	dir := c.String("record")
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return badInputf("--record: %w", err)
		}
		if err := noRecordedGames(dir); err != nil {
			return err
		}
	}
	table, err := leaveTable(c.String("leaves"))
	if err != nil {
		return err
	}
	seatTables, seatLabels, err := seatLeaves(c, table)
	if err != nil {
		return err
	}
	stdout, stderr := c.App.Writer, c.App.ErrWriter

	// The index is opened once; the generator over it is safe for
	// concurrent use, so every worker shares it.
	x, gen, err := openGenerator(c)
	if err != nil {
		return err
	}
	defer closeAfterSearches(x)

	clock := player.DefaultClock
	clock.Mode = player.Live // the referee's deadline is live
	clock.Pressure = player.LoadPressure
	in := bufio.NewReader(c.App.Reader)
	colour := isTerminal(stdout)
	adviser, _ := player.New("equity", gen, table)
	hints := func(ctx context.Context, p *position.Position, n int) []player.Candidate {
		a := *adviser
		a.Top = n
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return a.Choose(ctx, p).Top
	}
	var (
		seats [2]arena.Entrant
		bots  [2]*player.Player
	)
	for i, pol := range policies {
		name := pol
		if policies[0] == policies[1] {
			name = fmt.Sprintf("%s-%d", pol, i+1)
		}
		name += seatLabels[i]
		if pol == humanPolicy {
			seats[i] = arena.Entrant{Name: name, Agent: func(int) arena.Agent {
				return quitter{&human.Player{Name: name, In: in, Out: stdout, Dict: x, Hints: hints, Colour: colour}}
			}}
			continue
		}
		pl, err := player.New(pol, gen, seatTables[i])
		if err != nil {
			return badInputf("--p%d: %w", i+1, err)
		}
		bots[i] = pl
		bot := arena.NewBot(pl, clock)
		seats[i] = arena.Entrant{Name: name, Agent: func(int) arena.Agent { return bot }}
	}
	if err := applySimFlags(c, bots[:]...); err != nil {
		return err
	}

	cfg := referee.Config{Variant: v, Dictionary: x, MoveTime: c.Duration("move-time")}
	if humans > 0 {
		cfg.MoveTime = humanMoveTime
	}
	m := &arena.Match{Seats: seats, Games: games, Seed: seed, Parallel: parallel, Table: arena.Referee(cfg)}
	fmt.Fprintf(stderr, "lexico-bot play: %d game(s) %s vs %s, %s, seed %d, %d worker(s)\n",
		games, seats[0].Name, seats[1].Name, v.Name, seed, parallel)

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

	ctx, stop := signal.NotifyContext(c.Context, os.Interrupt)
	defer stop()
	sum, runErr := m.Run(ctx, v.Name)
	if humans == 0 {
		sum.MoveTime = ms(cfg.MoveTime)
	}
	if c.Bool("json") {
		if err := json.NewEncoder(stdout).Encode(sum); err != nil {
			return err
		}
	} else if err := sum.WriteText(stdout); err != nil {
		return err
	}
	if dir != "" {
		fmt.Fprintf(stderr, "lexico-bot play: games recorded in %s (game-NNNN.jsonl and .gcg)\n", dir)
	}
	if runErr != nil {
		return fmt.Errorf("stopped after %d game(s): %w", sum.Games, runErr)
	}
	return nil
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

// quitter turns a person's quit into an abandoned game.
type quitter struct{ h *human.Player }

func (q quitter) Move(ctx context.Context, gs []byte) ([]byte, error) {
	b, err := q.h.Move(ctx, gs)
	if errors.Is(err, human.ErrQuit) {
		return nil, fmt.Errorf("%w: %w", arena.ErrAbandoned, err)
	}
	return b, err
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
	b.Draw(w, board.DrawOptions{Coordinates: board.LettersNumbers})
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
