// Command lexico-index builds and queries the dictionary index that lexico-bot reads.
// main lists the commands in one place; each command's file holds its flags,
// bound into a typed options value, and the function that does its work with
// those options, so the front end stays thin and holds no game logic.
package main

import (
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

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return cliapp.New("lexico-index", "build and query the Lexico dictionary index",
		version.Read(index.FormatVersion).String(), commands(), stdin, stdout, stderr)
}

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the os.Exit, so tests drive the real CLI.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cliapp.Status("lexico-index", newApp(stdin, stdout, stderr).Run(args), stderr)
}
