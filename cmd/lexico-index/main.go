// Command lexico-index builds and queries the dictionary index that lexico-bot reads.
// main lists the commands in one place; each command's file holds its flags,
// bound into a typed options value, and the function that does its work with
// those options, so the front end stays thin and holds no game logic.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/cliapp"
	"github.com/lexico/lexico/internal/version"
)

// commands are lexico-index's commands, in the order help lists them. Each
// call makes fresh commands with fresh options, so that one run's flags
// never leak into the next (tests run the CLI many times in one process).
func commands() []*cli.Command {
	return []*cli.Command{
		buildCommand(),
		lookupCommand(),
		statsCommand(),
		verifyCommand(),
	}
}

// exitCoder lets a command pick its exit status.
type exitCoder interface{ ExitCode() int }

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	app := &cli.App{
		Name:      "lexico-index",
		Version:   version.Read(index.FormatVersion).String(),
		Usage:     "build and query the Lexico dictionary index",
		Commands:  commands(),
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are printed once, by main, as one line.
		ExitErrHandler: func(*cli.Context, error) {},
	}
	cliapp.Guard(app)
	return app
}

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the os.Exit, so tests drive the real CLI.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	err := newApp(stdin, stdout, stderr).Run(args)
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "lexico-index:", err)
	if ec, ok := err.(exitCoder); ok && ec.ExitCode() != 0 {
		return ec.ExitCode()
	}
	return 1
}
