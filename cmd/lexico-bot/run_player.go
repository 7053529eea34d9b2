package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/server"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/cliapp"
	"github.com/lexico/lexico/internal/quote"
	"github.com/lexico/lexico/internal/readlimit"
)

// botOptions are the flags run and serve share: where the words are, how
// the player chooses and how much of the clock it keeps in hand.
type botOptions struct {
	Index, Policy, Strategy, Leaves string
	Budget                          time.Duration
	Margin                          float64
	MarginMax, Reserve, MaxThink    time.Duration
	Sim                             simOptions
}

// botFlags binds the bot flags to o. byDictionary says whether the command
// answers one gamestate, whose Dictionary URL may have an index cached (run),
// rather than many with no one dictionary (serve).
func botFlags(o *botOptions, byDictionary bool) []cli.Flag {
	usage := indexUsage
	if byDictionary {
		usage = "index `FILE` (default $LEXICO_INDEX, else the index cached for the gamestate's Dictionary URL, else the default index in the user cache directory, built on first use)"
	}
	return append([]cli.Flag{
		&cli.StringFlag{Name: "index", Usage: usage, Destination: &o.Index},
		&cli.StringFlag{Name: "policy", Value: "sim", Usage: "`POLICY`: sim (equity's best candidates ranked again by simulating the next turns: the strongest, and it thinks for the whole budget), equity (score plus the value of the tiles kept; exchanges when worth more; answers in milliseconds) or greedy (the highest score)", Destination: &o.Policy},
		&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY`: " + strings.Join(strategy.Names(), ", ") + " (gaddag is the fast one; exhaustive is for checking)", Destination: &o.Strategy},
		&cli.StringFlag{Name: "leaves", Usage: "leave values `FILE[,FILE]`: a hand-tuned model (CSV, bot/engine/equity/table.go; data/leaves-hand.csv) and/or learned tables (lexico-bot leaves train), one per bag (default the embedded tables)", Destination: &o.Leaves},
		&cli.DurationFlag{Name: "budget", Usage: "thinking time `DURATION` (e.g. 800ms), overriding MoveTime and ResponseDeadline (0: from the gamestate)", Destination: &o.Budget},
		&cli.Float64Flag{Name: "margin", Value: player.DefaultClock().Margin, Usage: "`FRACTION` of the budget held back for the answer's trip (larger is safer, smaller thinks longer)", Destination: &o.Margin},
		&cli.DurationFlag{Name: "margin-max", Value: player.DefaultClock().MaxMargin, Usage: "`DURATION` capping the margin, so a long MoveTime is not wasted (0: no cap)", Destination: &o.MarginMax},
		&cli.DurationFlag{Name: "reserve", Value: player.DefaultClock().Reserve, Usage: "least `DURATION` held back from every budget for stopping, encoding and delivering the answer on a busy machine (smaller thinks longer on short budgets, and risks lateness under load)", Destination: &o.Reserve},
		&cli.DurationFlag{Name: "max-think", Value: player.DefaultClock().MaxThink, Usage: "longest `DURATION` to think whatever MoveTime says (0: no cap)", Destination: &o.MaxThink},
	}, simFlags(&o.Sim)...)
}

// simOptions tune the sim policy (run, serve and play).
type simOptions struct {
	Candidates, Plies, Iterations, Threads, EndBag int
	// Rank is --sim-rank and Alloc --sim-alloc ("": the policy's
	// default); RankGiven and AllocGiven say the command line set them.
	Rank, Alloc           string
	RankGiven, AllocGiven bool
	// Infer is --sim-infer, InferGiven whether the command line set it.
	Infer, InferGiven bool
	// Given says which of the flags the command line set: setting one
	// when no player simulates is refused, since it would silently change
	// nothing.
	Given [len(simFlagNames)]bool
}

// simFlagNames are the sim flags, in simOptions' order.
var simFlagNames = [5]string{"sim-candidates", "sim-plies", "sim-iterations", "sim-threads", "sim-end-bag"}

// simRankFlag is --sim-rank, simAllocFlag --sim-alloc.
const (
	simRankFlag  = "sim-rank"
	simAllocFlag = "sim-alloc"
	simInferFlag = "sim-infer"
)

// simFlags binds the sim flags to o; o.Given is read by noteGiven.
func simFlags(o *simOptions) []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: simFlagNames[0], Value: player.DefaultSimCandidates, Usage: "sim policy: how many of the search's best candidates `N` it simulates (more may find a move the static ranking placed low; fewer gives each more worlds; at least 40 with 1 to 4 in the bag, 500 with it empty; at most " + strconv.Itoa(player.MaxCandidates) + ", more than a rack has plays)", Destination: &o.Candidates},
		&cli.IntFlag{Name: simFlagNames[1], Value: montecarlo.DefaultPlies, Usage: "sim policy: turns `N` played after each candidate (more sees further, costs more and adds the noise of more draws; at most " + strconv.Itoa(montecarlo.MaxPlies) + ": a world stops at its game's end)", Destination: &o.Plies},
		&cli.IntFlag{Name: simFlagNames[2], Usage: "sim policy: at most `N` worlds a move (0: as many as the budget allows); capped, the answer no longer depends on the machine's speed", Destination: &o.Iterations},
		&cli.StringFlag{Name: simRankFlag, Value: montecarlo.DefaultRank.String(), Usage: "sim policy: what candidates are ranked by, `RANK` points (the mean spread; the win rate once every world reaches the game's end), winprob (the mean chance of winning from each world's final spread, points breaking ties) or blend (win probability in percent plus a tenth of the points)", Destination: &o.Rank},
		&cli.StringFlag{Name: simAllocFlag, Value: montecarlo.DefaultAllocation.String(), Usage: "sim policy: how worlds are shared among the candidates, `ALLOC` race (a candidate clearly behind another stops being played; its worlds go to the others) or equal (every candidate in every world)", Destination: &o.Alloc},
		&cli.BoolFlag{Name: simInferFlag, Usage: "sim policy: deal the opponent, in each world, tiles it may have kept at its last play, inferred from that play (seen only by a bot that answered the game's previous move: serve with the platform's GameId, and the arena; not run); each move tries a few hundred racks", Destination: &o.Infer},
		&cli.IntFlag{Name: simFlagNames[4], Value: montecarlo.DefaultEndgameBag, Usage: "sim policy: with at most `N` tiles in the bag every world is played to the game's end and the candidates are ranked by wins (0: never; more sees the end sooner, at the cost of worlds that each play several turns more)", Destination: &o.EndBag},
		&cli.IntFlag{Name: simFlagNames[3], Usage: "sim policy: goroutines `N` playing worlds at once for each move (0: one per core); 1 with games played two at once gives each game one core, as a one-thread opponent has (an endgame's solver runs beside them); at most " + strconv.Itoa(montecarlo.MaxThreads) + ", more than any machine's cores: each thread costs memory and start-up time, and one past the cores only shares one)", Destination: &o.Threads},
	}
}

// noteGiven records which sim flags the command line set.
func (o *simOptions) noteGiven(c *cli.Context) {
	for i, name := range simFlagNames {
		o.Given[i] = c.IsSet(name)
	}
	o.RankGiven, o.AllocGiven, o.InferGiven = c.IsSet(simRankFlag), c.IsSet(simAllocFlag), c.IsSet(simInferFlag)
}

// applySim sets the sim options on the policies that simulate; setting one
// when none does is refused, since it would silently change nothing.
func applySim(o simOptions, policies ...player.Policy) error {
	var sims []*player.Sim
	for _, pol := range policies {
		if s, ok := pol.(*player.Sim); ok {
			sims = append(sims, s)
		}
	}
	// The most each flag takes (0: no limit): past it a number is a typo
	// that would cost memory or the deadline (MaxCandidates, MaxPlies,
	// MaxThreads); more worlds or a larger end bag are only "always".
	most := [5]int{player.MaxCandidates, montecarlo.MaxPlies, 0, montecarlo.MaxThreads, 0}
	for i, v := range [5]int{o.Candidates, o.Plies, o.Iterations, o.Threads, o.EndBag} {
		if v < 0 {
			return badInputf("--%s %d: want 0 or more", simFlagNames[i], v)
		}
		if most[i] > 0 {
			if err := cliapp.AtMost(simFlagNames[i], v, most[i]); err != nil {
				return badInput{err}
			}
		}
		if o.Given[i] && len(sims) == 0 {
			return badInputf("--%s applies to the sim policy, and no player here uses it", simFlagNames[i])
		}
	}
	// 0 once meant the default (10) silently; the flag's default is
	// shown in the help, so asking for fewer than 2 is a mistake to name.
	if o.Candidates == 1 || o.Given[0] && o.Candidates < 2 {
		return badInputf("--sim-candidates %d: a simulation compares at least 2 candidates (default %d)", o.Candidates, player.DefaultSimCandidates)
	}
	for _, f := range []struct {
		name  string
		given bool
	}{{simRankFlag, o.RankGiven}, {simAllocFlag, o.AllocGiven}, {simInferFlag, o.InferGiven}} {
		if f.given && len(sims) == 0 {
			return badInputf("--%s applies to the sim policy, and no player here uses it", f.name)
		}
	}
	rank, err := parseSimRank(simRankFlag, o.Rank)
	if err != nil {
		return err
	}
	alloc, err := parseSimAlloc(simAllocFlag, o.Alloc)
	if err != nil {
		return err
	}
	for _, pl := range sims {
		sim := *pl.Simulator
		sim.Plies, sim.MaxIterations, sim.Threads, sim.EndgameBag = o.Plies, o.Iterations, o.Threads, o.EndBag
		if o.Rank != "" {
			sim.Rank = rank
		}
		if o.Alloc != "" {
			sim.Allocation = alloc
		}
		if o.InferGiven {
			sim.Infer = o.Infer
		}
		pl.Simulator, pl.Candidates = &sim, o.Candidates
	}
	return nil
}

// parseSimRank reads a ranking flag's value ("": the default).
func parseSimRank(flag, value string) (montecarlo.Ranking, error) {
	if value == "" {
		return montecarlo.DefaultRank, nil
	}
	r, err := montecarlo.ParseRanking(value)
	if err != nil {
		return 0, badInputf("--%s: %w", flag, err)
	}
	return r, nil
}

// parseSimAlloc reads an allocation flag's value ("": the default).
func parseSimAlloc(flag, value string) (montecarlo.Allocation, error) {
	if value == "" {
		return montecarlo.DefaultAllocation, nil
	}
	a, err := montecarlo.ParseAllocation(value)
	if err != nil {
		return 0, badInputf("--%s: %w", flag, err)
	}
	return a, nil
}

// botSetup is what a command that plays needs, built once from the flags.
type botSetup struct {
	engine *engine.Engine
	index  *index.Index // the engine's
	// leaves is the valuation --leaves gave the engine.
	leaves  *equity.Table
	answers *answer.Pipeline
	// bot answers with the flags' policy (run's, run --lines', /move's).
	bot *answer.Bot
	// note says which index was used when it is not one built from the
	// gamestate's Dictionary.
	note string
	// built is how long building the default index on its first use took
	// (0: it was there).
	built time.Duration
}

// badInput is an error in what the user gave (flags, files, gamestate):
// exit status 2, like check.
type badInput struct{ err error }

func (e badInput) Error() string { return e.err.Error() }
func (e badInput) Unwrap() error { return e.err }
func (e badInput) ExitCode() int { return 2 }

func badInputf(format string, args ...any) error { return badInput{fmt.Errorf(format, args...)} }

// newBotSetup opens the engine, the answer pipeline over it (its clock
// from the flags, slots thinking searches at once: 0, no bound) and the
// bot of the flags' policy. dictURL is the gamestate's Dictionary (""
// when there is no one gamestate, as in serve); detach is
// engine.Options.Detach (openEngine); notes about building the default
// index go to logw. The caller closes the setup.
func newBotSetup(o botOptions, mode player.Mode, dictURL string, detach bool, slots int, logw io.Writer) (*botSetup, error) {
	if err := o.checkClock(); err != nil {
		return nil, err
	}
	table, err := leaveTable(o.Leaves)
	if err != nil {
		return nil, err
	}
	x, note, built, err := openBotIndex(o.Index, dictURL, logw)
	if err != nil {
		return nil, err
	}
	eng, err := engineOver(x, o.Strategy, table, detach)
	if err != nil {
		return nil, err
	}
	answers := answer.NewPipeline(eng, o.clock(mode), slots)
	bot, err := answers.Bot(answer.BotOptions{Policy: o.Policy})
	if err != nil {
		eng.Close()
		return nil, badInputf("--policy: %w", err)
	}
	if err := applySim(o.Sim, bot.Policy); err != nil {
		eng.Close()
		return nil, err
	}
	return &botSetup{engine: eng, index: x, leaves: table, answers: answers, bot: bot, note: note, built: built}, nil
}

// checkClock refuses clock flags out of their range.
func (o botOptions) checkClock() error {
	// Written so that NaN, which every comparison rejects, is refused too.
	if m := o.Margin; !(m >= 0 && m < 1) {
		return badInputf("--margin %v: want a fraction in [0, 1)", m)
	}
	if o.MarginMax < 0 {
		return badInputf("--margin-max %v: want 0 (no cap) or a positive duration", o.MarginMax)
	}
	for _, d := range []struct {
		name  string
		value time.Duration
	}{{"budget", o.Budget}, {"reserve", o.Reserve}, {"max-think", o.MaxThink}} {
		if d.value < 0 {
			return badInputf("--%s %v: want 0 or a positive duration", d.name, d.value)
		}
	}
	return nil
}

// clock is the answers' clock in mode, as the flags set it (checkClock
// first).
func (o botOptions) clock(mode player.Mode) player.Clock {
	c := answer.NewClock(mode)
	c.Margin, c.MaxMargin = o.Margin, o.MarginMax
	c.Reserve, c.MaxThink = o.Reserve, o.MaxThink
	c.Override = o.Budget
	return c
}

// close closes the engine, which waits for its searches to end: after the
// answer, so it costs the deadline nothing.
func (s *botSetup) close() { s.engine.Close() }

func leaveTable(path string) (*equity.Table, error) { return loadLeaves("leaves", path) }

// maxInput is the most a command reads as one gamestate or move, from a
// file, stdin or one line of it: serve's default --max-body, so the two ways
// in refuse the same inputs. A gamestate is about 4 KB; read without a
// limit, a 64 MB one kept 415 MB resident.
const maxInput = server.DefaultMaxBody

// readArg reads a file named on the command line, or stdin for "-", up to
// maxInput bytes.
func readArg(stdin io.Reader, what, name string) ([]byte, error) {
	from, r := "on stdin", stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, readError(what, name, err)
		}
		defer f.Close()
		from, r = quote.String(name), f
		if readlimit.Oversized(f, maxInput) {
			return nil, tooLarge(what, from)
		}
	}
	b, over, err := readLimited(r)
	switch {
	case err != nil:
		return nil, readError(what, name, err)
	case over:
		return nil, tooLarge(what, from)
	}
	return b, nil
}

// readLimited reads r to its end, or to maxInput+1 bytes when it is longer
// (then over is true), so that no input costs more memory than the limit.
func readLimited(r io.Reader) (b []byte, over bool, err error) { return readlimit.All(r, maxInput) }

// readLine reads one line of r, or more than maxInput bytes of it when it
// is longer (then over is true), so that a line with no end is not read
// whole.
func readLine(r *bufio.Reader) (line []byte, over bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxInput {
			return line, true, nil
		}
		if err != bufio.ErrBufferFull {
			return line, false, err
		}
	}
}

// tooLarge refuses an input over maxInput; from says where it came from.
func tooLarge(what, from string) error {
	return badInputf("the %s %s is over %d bytes, the most lexico-bot reads (serve's default --max-body)", what, from, maxInput)
}

// readError says which file could not be read, naming it quoted short: it
// may be a mistyped inline value rather than a file name.
func readError(what, name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the os error repeats the name whole
	}
	if name == "-" {
		return badInputf("reading the %s on stdin: %w", what, err)
	}
	return badInputf("reading the %s %s: %w", what, quote.String(name), err)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
