package cliapp

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/internal/atomicfile"
)

func TestFlagErrorSaysWhatTheUserTyped(t *testing.T) {
	for msg, want := range map[string]string{
		"flag provided but not defined: -frob":                   "unknown flag --frob",
		"flag provided but not defined: -x":                      "unknown flag -x",
		"flag needs an argument: -budget":                        "--budget: no value given",
		`invalid value "5x" for flag -games: parse error`:        `--games "5x": want a number`,
		`invalid value "-1" for flag -seed: parse error`:         `--seed "-1": want a number, 0 or more`,
		`invalid value "1e99" for flag -top: value out of range`: `--top "1e99": out of range`,
		"something urfave/cli says in its own words, as it is":   "something urfave/cli says in its own words, as it is",
	} {
		if got := FlagError(msg); got != want {
			t.Errorf("FlagError(%q) = %q, want %q", msg, got, want)
		}
	}
}

func TestDurationTakesABareNumberAsMilliseconds(t *testing.T) {
	var d time.Duration
	v := &Duration{D: &d}
	for in, want := range map[string]time.Duration{
		"5": 5 * time.Millisecond, "2.5": 2500 * time.Microsecond, "0": 0,
		"800ms": 800 * time.Millisecond, "5s": 5 * time.Second, "1m30s": 90 * time.Second,
	} {
		if err := v.Set(in); err != nil || d != want {
			t.Errorf("Set(%q): %v, %v; want %v", in, d, err, want)
		}
	}
	for _, in := range []string{"", "5x", "fast", "NaN", "Inf", "1e300"} {
		if err := v.Set(in); !errors.Is(err, ErrDuration) {
			t.Errorf("Set(%q): %v, want ErrDuration", in, err)
		}
	}
}

// TestDurationUsageSaysMillisecondsOnce: every duration flag's usage ends
// with the note on bare numbers, once, even when its command wrote it too.
func TestDurationUsageSaysMillisecondsOnce(t *testing.T) {
	cmd := &cli.Command{Flags: []cli.Flag{
		&cli.DurationFlag{Name: "time", Usage: "search for at most `DURATION`"},
		&cli.DurationFlag{Name: "budget", Usage: "at most `DURATION`" + msNote},
	}}
	millisecondDurations(cmd)
	for _, f := range cmd.Flags {
		g := f.(*cli.GenericFlag)
		if !strings.HasSuffix(g.Usage, msNote) || strings.Count(g.Usage, msNote) != 1 {
			t.Errorf("--%s: usage %q, want the note on bare numbers once at its end", g.Name, g.Usage)
		}
	}
}

func TestStatusPrintsOneLineAndTheErrorsOwnStatus(t *testing.T) {
	var out strings.Builder
	if got := Status("prog", nil, &out); got != 0 || out.Len() != 0 {
		t.Errorf("no error: status %d, printed %q", got, out.String())
	}
	if got := Status("prog", errors.New("index damaged"), &out); got != 1 || out.String() != "prog: index damaged\n" {
		t.Errorf("plain error: status %d, printed %q", got, out.String())
	}
	out.Reset()
	usage := &UsageError{Err: errors.New("unknown flag --frob"), Help: "prog run"}
	if got := Status("prog", usage, &out); got != UsageStatus || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("usage error: status %d, printed %q", got, out.String())
	}
	// An output named as a pipe or a device, found on writing, wrapped.
	out.Reset()
	pipe := fmt.Errorf("writing the table: %w", atomicfile.ErrNotRegular)
	if got := Status("prog", pipe, &out); got != 2 || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("an output that is no regular file: status %d, printed %q", got, out.String())
	}
}

// A flag written after a command's arguments (urfave/cli reads no flag
// past the first argument) is a usage mistake that names the flag and says
// where flags go, before a missing required flag is reported; the command
// does not run. "-" (stdin) and words that are not the command's flags stay
// arguments.
func TestAFlagAfterTheArgumentsSaysFlagsGoFirst(t *testing.T) {
	var ran []string
	var policy string
	cmd := &cli.Command{
		Name: "run",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "policy", Destination: &policy},
			&cli.StringFlag{Name: "index", Required: true},
		},
		Action: func(c *cli.Context) error { ran = c.Args().Slice(); return nil },
	}
	var out, errs strings.Builder
	app := New("prog", "", "", []*cli.Command{cmd}, strings.NewReader(""), &out, &errs)
	for _, args := range [][]string{{"FILE", "--policy", "equity"}, {"FILE", "--policy=equity", "--index", "x"}} {
		ran = nil
		err := app.Run(append([]string{"prog", "run"}, args...))
		var ue *UsageError
		if !errors.As(err, &ue) || ue.ExitCode() != UsageStatus || ran != nil ||
			!strings.Contains(err.Error(), `came after the arguments: flags go before them (prog run --policy`) {
			t.Errorf("run %v: %v, ran with %v", args, err, ran)
		}
	}
	if err := app.Run([]string{"prog", "run", "--index", "x", "--policy", "equity", "-", "-policy-like-word"}); err != nil ||
		policy != "equity" || strings.Join(ran, " ") != "- -policy-like-word" {
		t.Errorf("flags first: %v, policy %q, arguments %v", err, policy, ran)
	}
}

func TestAtMostNamesTheFlagAndItsLimit(t *testing.T) {
	if err := AtMost("top", 10, 10); err != nil {
		t.Errorf("the limit itself: %v", err)
	}
	err := AtMost("sim-threads", 100000, 256)
	if err == nil || err.Error() != "--sim-threads 100000: want at most 256" {
		t.Errorf("over the limit: %v", err)
	}
}
