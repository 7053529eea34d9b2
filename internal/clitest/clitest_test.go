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
