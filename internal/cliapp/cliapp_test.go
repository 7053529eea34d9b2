package cliapp

import "testing"

func TestFlagErrorSaysWhatTheUserTyped(t *testing.T) {
	for msg, want := range map[string]string{
		"flag provided but not defined: -frob":                 "unknown flag --frob",
		"flag provided but not defined: -x":                    "unknown flag -x",
		"flag needs an argument: -budget":                      "--budget: no value given",
		`invalid value "5x" for flag -budget: parse error`:     `--budget "5x": parse error`,
		"something urfave/cli says in its own words, as it is": "something urfave/cli says in its own words, as it is",
	} {
		if got := FlagError(msg); got != want {
			t.Errorf("FlagError(%q) = %q, want %q", msg, got, want)
		}
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 arguments", 1: "1 argument", 2: "2 arguments"} {
		if got := Plural(n, "argument"); got != want {
			t.Errorf("Plural(%d) = %q, want %q", n, got, want)
		}
	}
}
