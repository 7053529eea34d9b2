package main

import (
	"bytes"
	"fmt"
	"runtime"
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

// The commands help lists are the ones main lists, in its order, and each
// answers --help.
func TestHelpListsEveryCommandInOrder(t *testing.T) {
	var want []string
	for _, c := range commands() {
		want = append(want, c.Name)
	}
	clitest.CheckHelp(t, func(args ...string) (int, string, string) { return runCLI(t, "", args...) }, "lexico-index", want)
}

// --version names the build and the index format it writes.
func TestVersion(t *testing.T) {
	code, out, errs := runCLI(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "lexico-index version ") || !strings.Contains(out, fmt.Sprintf("index format %d", index.FormatVersion)) ||
		!strings.Contains(out, runtime.Version()) {
		t.Errorf("--version: exit %d, %q, %q", code, out, errs)
	}
}

// Usage mistakes get one line, a hint and exit 2, the same in both programs.
func TestUsageErrorsAreOneLineAndExit2(t *testing.T) {
	var names []string
	for _, c := range commands() {
		names = append(names, c.Name)
	}
	clitest.CheckUsageErrors(t, func(args ...string) (int, string, string) { return runCLI(t, "", args...) }, "lexico-index", names)
}
