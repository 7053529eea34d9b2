package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// streams are where a command reads and writes: the app's, so that tests
// drive the real CLI with buffers.
type streams struct {
	in       io.Reader
	out, err io.Writer
}

func streamsOf(c *cli.Context) streams {
	return streams{in: c.App.Reader, out: c.App.Writer, err: c.App.ErrWriter}
}

// indexFlag is the --index flag of every command that reads an index,
// bound to path.
func indexFlag(path *string) cli.Flag {
	return &cli.StringFlag{
		Name:        "index",
		Usage:       "index `FILE` (default: $" + build.EnvIndex + ", else the default index in the user cache directory, built on first use)",
		Destination: path,
	}
}

// jsonFlag asks a command for machine-readable output.
func jsonFlag(on *bool) cli.Flag {
	return &cli.BoolFlag{Name: "json", Usage: "print JSON instead of text", Destination: on}
}

// openIndex opens the index a command was pointed at (path, or the
// default); notes about building the default index go to stderr so stdout
// stays parseable. An index that cannot be opened (not there, unreadable,
// damaged, not an index) is the user's input to mend: exit status 2, as in
// lexico-bot. verify opens its own, where damage is the verdict (exit 1).
func openIndex(path string, s streams) (*index.Index, error) {
	x, err := build.OpenIndex(path, s.err)
	if err != nil {
		return nil, exitError{2, err}
	}
	return x, nil
}

// queryError is the error of a query on the open index x, naming the file
// as an open's error does. Damage the open leaves to the first word query
// (the word buckets' checksums) is the user's input to mend, exit status 2,
// as damage the open finds is.
func queryError(x *index.Index, err error) error {
	err = fmt.Errorf("index %s: %w", x.Path(), err)
	if errors.Is(err, index.ErrCorrupt) || errors.Is(err, index.ErrChecksum) {
		return exitError{2, err}
	}
	return err
}

// isTerminal reports whether w is a terminal, where progress bars belong.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// exitError carries a chosen exit status through main's error printing.
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string { return e.err.Error() }
func (e exitError) Unwrap() error { return e.err }
func (e exitError) ExitCode() int { return e.code }
