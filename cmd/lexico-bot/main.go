// Command lexico-bot plays Lexico: it reads gamestates and answers moves.
// main lists the commands in one place; each command's file holds its flags,
// bound into a typed options value, and the function that does its work with
// those options, so the front end stays thin and holds no game logic.
package main

import (
	"io"
	"os"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/version"

	"github.com/lexico/lexico/internal/cliapp"
)

// commands are lexico-bot's commands, in the order help lists them. Each
// call makes fresh commands with fresh options, so that one run's flags
// never leak into the next (tests run the CLI many times in one process).
func commands() []*cli.Command {
	return []*cli.Command{
		checkCommand(),
		endgameCommand(),
		leagueCommand(),
		leavesCommand(),
		lingoCommand(),
		movesCommand(),
		playCommand(),
		runCommand(),
		serveCommand(),
		solveCommand(),
		winprobCommand(),
	}
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	return cliapp.New("lexico-bot", "play Lexico: read a gamestate, answer the move",
		version.Read(index.FormatVersion).String(), commands(), stdin, stdout, stderr)
}

func main() {
	os.Exit(runFrom(processStart(), os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the os.Exit, so tests drive the real CLI; the
// request arrives when it is called.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runFrom(time.Now(), args, stdin, stdout, stderr)
}

// arrivedKey is the app's Metadata key for when the request arrived: the
// process's start for the binary, so that start-up counts against a move's
// budget (the clock contract, bot/engine/player/deadline.go).
const arrivedKey = "arrived"

// env is where a command reads and writes, and when its request arrived:
// the app's, so that tests drive the real CLI with buffers.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	arrived        time.Time
}

func envOf(c *cli.Context) env {
	t, _ := c.App.Metadata[arrivedKey].(time.Time)
	return env{stdin: c.App.Reader, stdout: c.App.Writer, stderr: c.App.ErrWriter, arrived: t}
}

func runFrom(start time.Time, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	app.Metadata = map[string]any{arrivedKey: start}
	return cliapp.Status("lexico-bot", app.Run(args), stderr)
}
