// Package clitest holds the checks every command-line program of the
// repository shares in its tests: that help lists exactly the commands the
// program's main lists, and that each of them answers --help.
package clitest

import (
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// Run runs a program's CLI with args (after the program's name) and
// returns its exit status and what it wrote on stdout and stderr.
type Run func(args ...string) (code int, stdout, stderr string)

// CheckHelp fails t unless program --help exits 0 listing the commands want
// in that order, and each of them answers --help with its usage and 0.
func CheckHelp(t *testing.T, run Run, program string, want []string) {
	t.Helper()
	code, out, errs := run("--help")
	if code != 0 {
		t.Fatalf("--help exited %d: %s", code, errs)
	}
	if got := HelpCommands(out); !slices.Equal(got, want) {
		t.Errorf("help lists the commands %q, main lists %q", got, want)
	}
	for _, name := range want {
		CheckCommandHelp(t, run, program, name)
	}
}

// CheckCommandHelp fails t unless program's command name (a subcommand:
// "leaves train") answers --help with its usage and 0, in flag lines a
// user would not trip over (CheckFlagLines).
func CheckCommandHelp(t *testing.T, run Run, program, name string) {
	t.Helper()
	code, out, errs := run(append(strings.Fields(name), "--help")...)
	if code != 0 || !strings.Contains(out, program+" "+name) {
		t.Errorf("%s --help: exit %d, stdout %q, stderr %q; want its usage and 0", name, code, out, errs)
	}
	CheckFlagLines(t, name, out)
}

// CheckFlagLines fails t for each flag line of help, command name's
// --help, that a user would trip over: a value named "value", or a
// default or unit said twice.
func CheckFlagLines(t *testing.T, name, help string) {
	t.Helper()
	// urfave/cli names a flag's value "value" unless its usage
	// backquotes a word that says what the value is.
	for _, line := range valuePlaceholder.FindAllString(help, -1) {
		t.Errorf("%s --help: %q: name the value (a backquoted word in the flag's usage)", name, strings.TrimSpace(line))
	}
	// A flag's line says each thing once: urfave/cli adds its own
	// "(default: ...)" after a usage that gave one (use DefaultText),
	// and cliapp the note on bare milliseconds.
	for _, line := range strings.Split(help, "\n") {
		if strings.Count(line, "(default") > 1 || strings.Count(line, "a bare number is milliseconds") > 1 {
			t.Errorf("%s --help: %q says its default or its unit twice", name, strings.TrimSpace(line))
		}
	}
}

// valuePlaceholder matches a flag line of urfave/cli's help whose value is
// shown as the anonymous "value".
var valuePlaceholder = regexp.MustCompile(`(?m)^\s+--\S+(, -\S+)* value\b.*$`)

// HelpCommands reads the command names from a urfave/cli app's help, in
// order, leaving out the help command urfave/cli adds.
func HelpCommands(help string) []string {
	_, list, found := strings.Cut(help, "COMMANDS:\n")
	if !found {
		return nil
	}
	list, _, _ = strings.Cut(list, "\n\n")
	var names []string
	for _, line := range strings.Split(list, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if name := strings.TrimSuffix(f[0], ","); name != "help" {
			names = append(names, name)
		}
	}
	return names
}

// CheckUsageErrors fails t unless every usage mistake (an unknown command,
// an unknown flag to the program or to each of commands, a flag without
// its value) is answered the same way: exit status 2, nothing on stdout,
// and on stderr one line naming the mistake and where the usage is
// ("see 'PROGRAM CMD --help'"), never the help itself.
func CheckUsageErrors(t *testing.T, run Run, program string, commands []string) {
	t.Helper()
	type mistake struct {
		args       []string
		says, help string
	}
	cases := []mistake{
		{[]string{"frob"}, `unknown command "frob"`, program},
		{[]string{"--frob"}, "unknown flag --frob", program},
		{[]string{"help", "frob"}, `no help for "frob"`, program},
	}
	for _, name := range commands {
		cases = append(cases,
			mistake{[]string{name, "--frob"}, "unknown flag --frob", program + " " + name})
	}
	for _, c := range cases {
		code, out, errs := run(c.args...)
		line := strings.TrimSuffix(errs, "\n")
		hint := "see '" + c.help + " --help'"
		if code != 2 || out != "" || strings.Contains(line, "\n") ||
			!strings.Contains(line, c.says) || !strings.Contains(line, hint) {
			t.Errorf("%s %s: exit %d, stdout %q, stderr %q; want exit 2 and one line saying %q and %q",
				program, strings.Join(c.args, " "), code, out, errs, c.says, hint)
		}
	}
	// help CMD shows CMD's help.
	for _, name := range commands {
		code, out, errs := run("help", name)
		if code != 0 || !strings.HasPrefix(out, "NAME:\n   "+program+" "+name+" - ") {
			t.Errorf("%s help %s: exit %d, stdout %q, stderr %q; want %s's help", program, name, code, out, errs, name)
		}
	}
}

// CheckProgram runs every check of this package on program, whose main
// lists commands: help lists exactly those, in order, each answers --help
// and help CMD; usage mistakes are one line and exit 2; and --version
// names the build, the Go version and the index format formatVersion.
func CheckProgram(t *testing.T, run Run, program string, commands []string, formatVersion int) {
	t.Helper()
	CheckHelp(t, run, program, commands)
	CheckUsageErrors(t, run, program, commands)
	code, out, errs := run("--version")
	if code != 0 || !strings.HasPrefix(out, program+" version ") || !strings.Contains(out, fmt.Sprintf("index format %d", formatVersion)) ||
		!strings.Contains(out, runtime.Version()) {
		t.Errorf("%s --version: exit %d, %q, %q", program, code, out, errs)
	}
}
