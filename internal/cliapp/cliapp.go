// Package cliapp gives every command-line program of the repository the
// same answer to a usage mistake: one line naming the problem, a hint of
// where the usage is (see 'PROG CMD --help'), and exit status 2, rather
// than urfave/cli's defaults (the whole help then the error and status 1
// for an unknown flag, "No help topic" and status 3 for an unknown command).
package cliapp

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/internal/quote"
)

// UsageStatus is the exit status of every usage mistake (as for the shells'
// builtins and most Unix tools).
const UsageStatus = 2

// UsageError is a mistake in how a program was called: an unknown command
// or flag, a flag value that does not parse. Help is the command whose
// --help shows the usage.
type UsageError struct {
	Err  error
	Help string
}

func (e *UsageError) Error() string {
	return fmt.Sprintf("%v (see '%s --help')", e.Err, e.Help)
}
func (e *UsageError) Unwrap() error { return e.Err }
func (e *UsageError) ExitCode() int { return UsageStatus }

// New is program name's app with its commands, reading stdin and writing
// stdout and stderr (tests drive the real CLI with buffers), guarded (see
// Guard). Errors are not printed by the app but once, by Status.
func New(name, usage, version string, cmds []*cli.Command, stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:           name,
		Version:        version,
		Usage:          usage,
		Commands:       cmds,
		Reader:         stdin,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {},
	}
	Guard(app)
	return app
}

// exitCoder lets a command pick its exit status (lexico-bot check: 1 for an
// illegal move, 2 for bad input).
type exitCoder interface{ ExitCode() int }

// Status is the exit status of a run of program name that returned err: 0
// without an error; else err is printed as one line on stderr, and the
// status is the one err picks (ExitCode), else 2 for an output that is no
// regular file (atomicfile.ErrNotRegular), else 1.
func Status(name string, err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	if ec, ok := err.(exitCoder); ok && ec.ExitCode() != 0 {
		return ec.ExitCode()
	}
	// An output the user named that no file can be written as (a pipe, a
	// device, a directory) is their mistake to mend, whichever command
	// found it on writing.
	if errors.Is(err, atomicfile.ErrNotRegular) {
		return 2
	}
	return 1
}

// Guard makes app answer usage mistakes with a UsageError: an unknown
// command (when app has no Action of its own) and, in app and each of its
// commands, a flag that is unknown, lacks its value or does not parse.
func Guard(app *cli.App) {
	app.OnUsageError = onUsageError(app.Name)
	if app.Action == nil {
		// The names now, before urfave/cli adds its help command.
		known := strings.Join(names(app.Commands), ", ")
		app.Action = func(c *cli.Context) error {
			if !c.Args().Present() {
				return cli.ShowAppHelp(c)
			}
			return &UsageError{Err: fmt.Errorf("unknown command %s (the commands: %s)",
				quote.String(c.Args().First()), known), Help: app.Name}
		}
		app.Commands = append(app.Commands, helpCommand(app.Name, known))
		// urfave/cli adds its --help flag only along with its own help
		// command.
		app.Flags = append(app.Flags, cli.HelpFlag)
	}
	guard(app.Name, app.Commands)
}

// helpCommand stands in for urfave/cli's own (which answers an unknown
// topic with "No help topic" and status 3): `help CMD` is `CMD --help`, and
// an unknown CMD is a usage mistake like any other.
func helpCommand(prog, known string) *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "show the commands, or one command's help",
		ArgsUsage: "[COMMAND]",
		Action: func(c *cli.Context) error {
			topic := c.Args().First()
			switch {
			case topic == "":
				return cli.ShowAppHelp(c)
			case c.App.Command(topic) != nil:
				return cli.ShowCommandHelp(c.Lineage()[1], topic)
			}
			return &UsageError{Err: fmt.Errorf("no help for %s: not a command (the commands: %s)", quote.String(topic), known), Help: prog}
		},
	}
}

func guard(prefix string, cmds []*cli.Command) {
	for _, cmd := range cmds {
		name := prefix + " " + cmd.Name
		cmd.OnUsageError = onUsageError(name)
		millisecondDurations(cmd)
		checkRequired(cmd, name)
		flagsFirst(cmd, name)
		guard(name, cmd.Subcommands)
	}
}

// checkRequired moves the check of cmd's required flags into its Before, so
// that a missing one is a UsageError: urfave/cli prints the whole help
// before its own "Required flag not set".
func checkRequired(cmd *cli.Command, help string) {
	var required []string
	for _, f := range cmd.Flags {
		switch f := f.(type) {
		case *cli.StringFlag:
			if f.Required {
				f.Required = false
				required = append(required, f.Name)
			}
		case *cli.GenericFlag:
			if f.Required {
				f.Required = false
				required = append(required, f.Name)
			}
		case *cli.IntFlag:
			if f.Required {
				f.Required = false
				required = append(required, f.Name)
			}
		}
	}
	if len(required) == 0 {
		return
	}
	before := cmd.Before
	cmd.Before = func(c *cli.Context) error {
		for _, name := range required {
			if !c.IsSet(name) {
				return &UsageError{Err: fmt.Errorf("%s is required", dashed(name)), Help: help}
			}
		}
		if before != nil {
			return before(c)
		}
		return nil
	}
}

// flagsFirst makes a flag of cmd written after its arguments a
// UsageError that says so: urfave/cli stops reading flags at the first
// argument, so `run FILE --policy equity` would otherwise be three file
// names, or a required flag reported missing. It is cmd's outermost
// Before, asked first.
func flagsFirst(cmd *cli.Command, help string) {
	if len(cmd.Flags) == 0 {
		return
	}
	before := cmd.Before
	cmd.Before = func(c *cli.Context) error {
		args := c.Args().Slice()
		if len(args) > 0 && cmd.Command(args[0]) != nil {
			args = nil // a subcommand's arguments: its own flagsFirst reads them
		}
		for _, a := range args {
			name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
			if strings.HasPrefix(a, "-") && a != "-" && hasFlag(cmd, name) {
				return &UsageError{Err: fmt.Errorf("%s came after the arguments: flags go before them (%s %s ... ARGUMENTS)",
					quote.String(a), help, dashed(name)), Help: help}
			}
		}
		if before != nil {
			return before(c)
		}
		return nil
	}
}

// hasFlag reports whether cmd has a flag called name.
func hasFlag(cmd *cli.Command, name string) bool {
	for _, f := range cmd.Flags {
		for _, n := range f.Names() {
			if n == name {
				return true
			}
		}
	}
	return false
}

func names(cmds []*cli.Command) []string {
	var out []string
	for _, c := range cmds {
		if !c.Hidden {
			out = append(out, c.Name)
		}
	}
	return out
}

func onUsageError(help string) cli.OnUsageErrorFunc {
	return func(_ *cli.Context, err error, _ bool) error {
		return &UsageError{Err: errors.New(FlagError(err.Error())), Help: help}
	}
}

// FlagError rewords the standard flag package's messages, which name a
// flag with one dash, into what a user typed: "unknown flag --frob",
// "--budget: no value", "--budget 5: invalid value: ...". Other messages
// are returned as they are.
func FlagError(msg string) string {
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		return "unknown flag " + dashed(name)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return dashed(name) + ": no value given"
	}
	// invalid value "5" for flag -budget: parse error
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		if value, rest, ok := strings.Cut(rest, " for flag -"); ok {
			if name, why, ok := strings.Cut(rest, ": "); ok {
				// The flag package says no more than "parse error" of a
				// number that does not parse: a negative one for an
				// unsigned flag (--seed -1), or letters.
				switch {
				case why == "parse error" && strings.HasPrefix(value, `"-`):
					why = "want a number, 0 or more"
				case why == "parse error":
					why = "want a number"
				case why == "value out of range":
					why = "out of range"
				}
				return fmt.Sprintf("%s %s: %s", dashed(name), value, why)
			}
		}
	}
	return msg
}

// AtMost refuses an integer flag's value above limit, naming the flag and
// the limit. A count with a few digits too many is a typo, not a wish: one
// once reserved room for 99999999999 candidates and died out of memory
// with a stack trace, and one of threads missed the answer's deadline. The
// command wraps the error as its usage mistakes (exit status 2).
func AtMost(flag string, v, limit int) error {
	if v > limit {
		return fmt.Errorf("%s %d: want at most %d", dashed(flag), v, limit)
	}
	return nil
}

// dashed writes a flag's name as it is usually typed: --name, or -n for
// one letter.
func dashed(name string) string {
	name = strings.TrimLeft(name, "-")
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// msNote ends the usage of every duration flag.
const msNote = " (a bare number is milliseconds)"

// millisecondDurations replaces cmd's duration flags by ones that also take
// a bare number, as milliseconds (--budget 5 was a parse error, though every
// budget and clock figure the programs print is in milliseconds), writing to
// the same destination with the same default.
func millisecondDurations(cmd *cli.Command) {
	for i, f := range cmd.Flags {
		df, ok := f.(*cli.DurationFlag)
		if !ok {
			continue
		}
		dest := df.Destination
		if dest == nil {
			dest = new(time.Duration)
		}
		*dest = df.Value
		usage := df.Usage
		if !strings.HasSuffix(usage, msNote) {
			usage += msNote // once: a usage that says it already keeps it
		}
		cmd.Flags[i] = &cli.GenericFlag{
			Name: df.Name, Aliases: df.Aliases, Category: df.Category, DefaultText: df.DefaultText,
			Usage: usage, Required: df.Required, Hidden: df.Hidden, EnvVars: df.EnvVars,
			Value: &Duration{D: dest},
		}
	}
}

// Duration is a flag value that reads a Go duration ("800ms", "1m30s") or
// a bare number of milliseconds ("5", "2.5").
type Duration struct{ D *time.Duration }

func (d *Duration) Set(s string) error {
	s = strings.TrimSpace(s)
	if ms, err := strconv.ParseFloat(s, 64); err == nil {
		if math.IsNaN(ms) || math.IsInf(ms, 0) || math.Abs(ms) > float64(math.MaxInt64/int64(time.Millisecond)) {
			return ErrDuration
		}
		*d.D = time.Duration(ms * float64(time.Millisecond))
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return ErrDuration
	}
	*d.D = v
	return nil
}

func (d *Duration) String() string {
	if d == nil || d.D == nil {
		return "0s"
	}
	return d.D.String()
}
