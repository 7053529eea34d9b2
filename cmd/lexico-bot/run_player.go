package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/platform/server"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/quote"
)

// botFlags are the flags run and serve share: where the words are, how the
// player chooses and how much of the clock it keeps in hand.
func botFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: "index", Usage: "index `FILE` (default $LEXICO_INDEX, else (run) the index cached for the gamestate's Dictionary URL, else the default index in the user cache directory, built on first use)"},
		&cli.StringFlag{Name: "policy", Value: "sim", Usage: "`POLICY`: sim (equity's best candidates ranked again by simulating the next turns: the strongest, and it thinks for the whole budget), equity (score plus the value of the tiles kept; exchanges when worth more; answers in milliseconds) or greedy (the highest score)"},
		&cli.StringFlag{Name: "strategy", Value: "gaddag", Usage: "move generator `STRATEGY`: " + strings.Join(strategy.Names(), ", ") + " (gaddag is the fast one; exhaustive is for checking)"},
		&cli.StringFlag{Name: "leaves", Usage: "leave values `FILE[,FILE]`: a hand-tuned model (CSV, bot/engine/equity/table.go; data/leaves-hand.csv) and/or learned tables (lexico-bot leaves train), one per bag (default the embedded tables)"},
		&cli.DurationFlag{Name: "budget", Usage: "thinking time `DURATION` (e.g. 800ms), overriding MoveTime and ResponseDeadline (0: from the gamestate)"},
		&cli.Float64Flag{Name: "margin", Value: player.DefaultClock.Margin, Usage: "`FRACTION` of the budget held back for the answer's trip (larger is safer, smaller thinks longer)"},
		&cli.DurationFlag{Name: "margin-max", Value: player.DefaultClock.MaxMargin, Usage: "`DURATION` capping the margin, so a long MoveTime is not wasted (0: no cap)"},
		&cli.DurationFlag{Name: "reserve", Value: player.DefaultClock.Reserve, Usage: "least `DURATION` held back from every budget for stopping, encoding and delivering the answer on a busy machine (smaller thinks longer on short budgets, and risks lateness under load)"},
		&cli.DurationFlag{Name: "max-think", Value: player.DefaultClock.MaxThink, Usage: "longest `DURATION` to think whatever MoveTime says (0: no cap)"},
	}, simFlags()...)
}

// simFlags tune the sim policy (run, serve and play).
func simFlags() []cli.Flag {
	return []cli.Flag{
		&cli.IntFlag{Name: "sim-candidates", Value: player.DefaultSimCandidates, Usage: "sim policy: how many of the search's best candidates `N` it simulates (more may find a move the static ranking placed low; fewer gives each more worlds)"},
		&cli.IntFlag{Name: "sim-plies", Value: montecarlo.DefaultPlies, Usage: "sim policy: turns `N` played after each candidate (more sees further, costs more and adds the noise of more draws)"},
		&cli.IntFlag{Name: "sim-iterations", Usage: "sim policy: at most `N` worlds a move (0: as many as the budget allows); capped, the answer no longer depends on the machine's speed"},
	}
}

// applySimFlags sets the sim flags on the players that simulate; setting
// one when none does is refused, since it would silently change nothing.
func applySimFlags(c *cli.Context, players ...*player.Player) error {
	sims := 0
	for _, pl := range players {
		if pl != nil && pl.Sim != nil {
			sims++
		}
	}
	for _, name := range []string{"sim-candidates", "sim-plies", "sim-iterations"} {
		if c.Int(name) < 0 {
			return badInputf("--%s %d: want 0 or more", name, c.Int(name))
		}
		if c.IsSet(name) && sims == 0 {
			return badInputf("--%s applies to the sim policy, and no player here uses it", name)
		}
	}
	if c.Int("sim-candidates") == 1 {
		return badInputf("--sim-candidates 1: a simulation compares at least 2 candidates")
	}
	for _, pl := range players {
		if pl == nil || pl.Sim == nil {
			continue
		}
		sim := *pl.Sim
		sim.Plies, sim.MaxIterations = c.Int("sim-plies"), c.Int("sim-iterations")
		pl.Sim, pl.SimCandidates = &sim, c.Int("sim-candidates")
	}
	return nil
}

// botSetup is what a command that plays needs, built once from the flags.
type botSetup struct {
	index  *index.Index
	player *player.Player
	clock  player.Clock
	// note says which index was used when it is not one built from the
	// gamestate's Dictionary.
	note string
}

// badInput is an error in what the user gave (flags, files, gamestate):
// exit status 2, like check.
type badInput struct{ err error }

func (e badInput) Error() string { return e.err.Error() }
func (e badInput) Unwrap() error { return e.err }
func (e badInput) ExitCode() int { return 2 }

func badInputf(format string, args ...any) error { return badInput{fmt.Errorf(format, args...)} }

// newBotSetup opens the index and builds the player. dictURL is the
// gamestate's Dictionary ("" when there is no one gamestate, as in serve).
// The caller closes the index.
func newBotSetup(c *cli.Context, mode player.Mode, dictURL string) (*botSetup, error) {
	// Written so that NaN, which every comparison rejects, is refused too.
	if m := c.Float64("margin"); !(m >= 0 && m < 1) {
		return nil, badInputf("--margin %v: want a fraction in [0, 1)", m)
	}
	if c.Duration("margin-max") < 0 {
		return nil, badInputf("--margin-max %v: want 0 (no cap) or a positive duration", c.Duration("margin-max"))
	}
	for _, name := range []string{"budget", "reserve", "max-think"} {
		if c.Duration(name) < 0 {
			return nil, badInputf("--%s %v: want 0 or a positive duration", name, c.Duration(name))
		}
	}
	table, err := leaveTable(c.String("leaves"))
	if err != nil {
		return nil, err
	}
	x, note, err := openBotIndex(c.String("index"), dictURL, c.App.ErrWriter)
	if err != nil {
		return nil, badInputf("index: %w", err)
	}
	gen, err := strategy.New(c.String("strategy"), x)
	if err != nil {
		x.Close()
		return nil, badInputf("--strategy: %w", err)
	}
	pl, err := player.New(c.String("policy"), gen, table)
	if err != nil {
		x.Close()
		return nil, badInputf("--policy: %w", err)
	}
	if err := applySimFlags(c, pl); err != nil {
		x.Close()
		return nil, err
	}
	clock := player.DefaultClock
	clock.Margin, clock.MaxMargin = c.Float64("margin"), c.Duration("margin-max")
	clock.Reserve, clock.MaxThink = c.Duration("reserve"), c.Duration("max-think")
	clock.Pressure = player.LoadPressure
	clock.Override, clock.Mode = c.Duration("budget"), mode
	return &botSetup{index: x, player: pl, clock: clock, note: note}, nil
}

// close closes the index once no search reads it any more (see
// player.WaitSearches): after the answer, so it costs the deadline nothing.
func (s *botSetup) close() { closeAfterSearches(s.index) }

func closeAfterSearches(x *index.Index) {
	player.WaitSearches()
	x.Close()
}

func leaveTable(path string) (*equity.Table, error) { return loadLeaves("leaves", path) }

// maxInput is the most a command reads as one gamestate or move, from a
// file, stdin or one line of it: serve's default --max-body, so the two ways
// in refuse the same inputs. A gamestate is about 4 KB; read without a
// limit, a 64 MB one kept 415 MB resident.
const maxInput = server.DefaultMaxBody

// readArg reads a file named on the command line, or stdin for "-", up to
// maxInput bytes.
func readArg(c *cli.Context, what, name string) ([]byte, error) {
	from, r := "on stdin", c.App.Reader
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, readError(what, name, err)
		}
		defer f.Close()
		from, r = quote.String(name), f
		// A regular file's size is known: one too large is refused unread.
		// Anything else (a pipe, a device) is read up to the limit.
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > maxInput {
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
func readLimited(r io.Reader) (b []byte, over bool, err error) {
	b, err = io.ReadAll(io.LimitReader(r, maxInput+1))
	return b, len(b) > maxInput, err
}

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
