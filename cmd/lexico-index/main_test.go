package main

import (
	"bytes"
	"strings"
	"testing"
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
