package main

import (
	"io"
	"os"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// indexFlag is the --index flag of every command that reads an index.
var indexFlag = &cli.StringFlag{
	Name:  "index",
	Usage: "index `FILE` (default: $" + build.EnvIndex + ", else the default index in the user cache directory, built on first use)",
}

// jsonFlag asks a command for machine-readable output.
var jsonFlag = &cli.BoolFlag{Name: "json", Usage: "print JSON instead of text"}

// openIndex opens the index a command was pointed at; notes about building
// the default index go to stderr so stdout stays parseable.
func openIndex(c *cli.Context) (*index.Index, error) {
	return build.OpenIndex(c.String("index"), c.App.ErrWriter)
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
