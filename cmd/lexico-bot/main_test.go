package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/clitest"
)

func TestHelpListsCommands(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"lexico-bot", "--help"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("--help exited %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "lexico-bot") {
		t.Fatalf("help does not name the program:\n%s", out.String())
	}
}

func TestUnknownCommandFails(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"lexico-bot", "no-such-command"}, strings.NewReader(""), &out, &errb); code == 0 {
		t.Fatalf("unknown command exited 0")
	}
	if msg := errb.String(); !strings.Contains(msg, `unknown command "no-such-command"`) || !strings.Contains(msg, "run") {
		t.Errorf("stderr %q should say the command is unknown and list the commands", msg)
	}
}

// With no command at all, the help is shown and the exit status is 0.
func TestNoCommandShowsHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"lexico-bot"}, strings.NewReader(""), &out, &errb); code != 0 || !strings.Contains(out.String(), "COMMANDS") {
		t.Fatalf("no command: exit %d, stdout %q, stderr %q; want the help", code, out.String(), errb.String())
	}
}

// The commands help lists are the ones main lists, in its order; each
// answers --help and help CMD; usage mistakes are one line and exit 2;
// --version names the build and the index format.
func TestCommandLine(t *testing.T) {
	var names []string
	for _, c := range commands() {
		names = append(names, c.Name)
	}
	clitest.CheckProgram(t, func(args ...string) (int, string, string) { return runBot(t, "", args...) }, "lexico-bot", names, index.FormatVersion)
}

// Each subcommand (leaves train, lingo word, ...) answers --help with flag
// lines that name their values and say each default once, as the commands
// do (TestCommandLine).
func TestSubcommandHelp(t *testing.T) {
	subs := 0
	for _, c := range commands() {
		for _, sub := range c.Subcommands {
			clitest.CheckCommandHelp(t, func(args ...string) (int, string, string) { return runBot(t, "", args...) },
				"lexico-bot", c.Name+" "+sub.Name)
			subs++
		}
	}
	if subs < 4 {
		t.Fatalf("only %d subcommands found", subs)
	}
}

// serve answers gamestates of any dictionary: its --index help does not
// promise run's lookup by the gamestate's Dictionary URL.
func TestServeIndexHelpIsServes(t *testing.T) {
	_, runHelp, _ := runBot(t, "", "run", "--help")
	_, serveHelp, _ := runBot(t, "", "serve", "--help")
	if !strings.Contains(runHelp, "Dictionary URL") || strings.Contains(serveHelp, "Dictionary URL") || strings.Contains(serveHelp, "(run)") {
		t.Errorf("--index help: run's names the Dictionary URL lookup: %v; serve's does: %v",
			strings.Contains(runHelp, "Dictionary URL"), strings.Contains(serveHelp, "Dictionary URL"))
	}
}
