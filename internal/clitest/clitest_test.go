package clitest

import (
	"slices"
	"testing"
)

func TestHelpCommands(t *testing.T) {
	help := "NAME:\n   x - y\n\nCOMMANDS:\n   run      answer\n   check    judge, then say\n   help, h  Shows a list\n\nGLOBAL OPTIONS:\n   --help, -h  show help\n"
	if got, want := HelpCommands(help), []string{"run", "check"}; !slices.Equal(got, want) {
		t.Errorf("HelpCommands = %q, want %q", got, want)
	}
	if got := HelpCommands("NAME:\n   x\n"); got != nil {
		t.Errorf("help without commands: got %q, want none", got)
	}
}

func TestValuePlaceholderFindsAnonymousValues(t *testing.T) {
	help := "OPTIONS:\n   --top value      how many (default: 25)\n   --index FILE     index FILE\n   --grace value    how long\n   --json           print JSON (default: false)\n   --help, -h       show help\n"
	if got := valuePlaceholder.FindAllString(help, -1); len(got) != 2 {
		t.Errorf("found %q, want the --top and --grace lines", got)
	}
}
