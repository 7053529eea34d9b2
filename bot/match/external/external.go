// Package external seats players that are not ours in the arena, under the
// platform's rules and clock: a program speaking the platform's wire format
// over its standard input and output (cmd:COMMAND ARGS), or a bot behind
// HTTP (http://HOST:PORT/PATH). Each is handed exactly the gamestate JSON
// the platform would hand it, deadline included, and its answer goes to the
// referee like any other: late, malformed or illegal answers and crashes
// are refused and counted there, never here.
package external

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lexico/lexico/bot/match/arena"
	"github.com/lexico/lexico/internal/quote"
)

// Prefixes of the specs that name an external seat.
const (
	CmdPrefix = "cmd:"
)

// IsSpec reports whether s names an external seat rather than a policy.
func IsSpec(s string) bool {
	return strings.HasPrefix(s, CmdPrefix) || strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://")
}

// DefaultGrace is Config.Grace when left 0. It is shorter than the
// referee's own grace (1 s), so that a late answer reaches the referee,
// which counts it late, before the referee stops waiting.
const DefaultGrace = 500 * time.Millisecond

// MaxAnswer is the longest answer read: a move is under 1 KB, and a
// program printing without end must not fill our memory.
const MaxAnswer = 1 << 20

// Config tunes the external seats.
type Config struct {
	// LogDir receives each command seat's standard error, one file a seat
	// ("" : a new directory under the OS temporary directory).
	LogDir string
	// Grace is how long past a move's deadline a late answer is still
	// awaited (and counted late) before a command's process is stopped as
	// hung (0: DefaultGrace).
	Grace time.Duration
	// WarmUp is how long a command's new process may take to answer the
	// throw-away gamestate it is handed before its first game's first move
	// is timed (0: DefaultWarmUp). A program that loads a large word list
	// at start-up would otherwise spend its first move's time on it. Longer
	// waits for slower starts; a process silent for that long is stopped
	// and its game refused, as a crash.
	WarmUp time.Duration
}

// DefaultWarmUp is Config.WarmUp when left 0: far more than any bot's
// start-up, short enough that a program that never answers does not hold
// a match for long.
const DefaultWarmUp = 30 * time.Second

func (c Config) grace() time.Duration {
	if c.Grace <= 0 {
		return DefaultGrace
	}
	return c.Grace
}

func (c Config) warmUp() time.Duration {
	if c.WarmUp <= 0 {
		return DefaultWarmUp
	}
	return c.WarmUp
}

// Seat is an external player: it gives the arena an Agent per game and
// says, after the match, what happened to it.
type Seat interface {
	// Spec is the seat as the user named it.
	Spec() string
	// Agent is the player of game i (arena.Entrant.Agent); ctx stops its
	// readying.
	Agent(ctx context.Context, game int) arena.Agent
	// Report says what the seat did besides its moves (processes started,
	// crashes with their standard error's tail, where the log is).
	Report() Report
	// Close stops whatever the seat still runs.
	Close() error
}

// Report is what a seat did besides answering.
type Report struct {
	Spec string `json:"spec"`
	// Log is the file the command's standard error went to.
	Log string `json:"log,omitempty"`
	// Started counts the processes started, Crashes those that exited or
	// were stopped (hung past the grace) during a game.
	Started int `json:"processes_started,omitempty"`
	Crashes int `json:"crashes"`
	// CrashNotes describe the last few crashes, each with the tail of the
	// process's standard error.
	CrashNotes []string `json:"crash_notes,omitempty"`
	// Stray counts lines a program wrote outside any move's answer
	// (discarded, so that later answers stay in step).
	Stray int `json:"stray_lines,omitempty"`
	// Failures counts HTTP requests that failed (no connection, an
	// error status); FailureNote says why the first one did (a bot whose
	// every request fails usually fails for one reason).
	Failures    int    `json:"failures,omitempty"`
	FailureNote string `json:"failure_note,omitempty"`
}

// Check reports what New would refuse in spec, without making a seat (no
// log file, no connection kept): a league checks every entrant before its
// first game rather than when the entrant's first pair comes up.
func Check(spec string) error {
	var err error
	switch {
	case strings.HasPrefix(spec, CmdPrefix):
		_, _, err = checkCommand(spec)
	case strings.HasPrefix(spec, "http://") || strings.HasPrefix(spec, "https://"):
		_, err = checkHTTP(spec)
	default:
		err = fmt.Errorf("%w: %s is neither cmd:COMMAND nor http://HOST:PORT/PATH", ErrSpec, quote.String(spec))
	}
	return err
}

// New makes the seat spec names.
func New(spec string, cfg Config) (Seat, error) {
	switch {
	case strings.HasPrefix(spec, CmdPrefix):
		return newCommand(spec, cfg)
	case strings.HasPrefix(spec, "http://") || strings.HasPrefix(spec, "https://"):
		return newHTTP(spec, cfg)
	}
	return nil, Check(spec) // neither: Check says so
}
