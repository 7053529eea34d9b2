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
	if code := run([]string{"lexico-index", "--help"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("--help exited %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "lexico-index") {
		t.Fatalf("help does not name the program:\n%s", out.String())
	}
}

func TestUnknownCommandFails(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"lexico-index", "no-such-command"}, strings.NewReader(""), &out, &errb); code == 0 {
		t.Fatalf("unknown command exited 0")
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
	clitest.CheckProgram(t, func(args ...string) (int, string, string) { return runCLI(t, "", args...) }, "lexico-index", names, index.FormatVersion)
}
