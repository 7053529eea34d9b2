package cliapp

import (
	"errors"
	"strings"
	"testing"
	"time"
)

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

func TestDurationTakesABareNumberAsMilliseconds(t *testing.T) {
	var d time.Duration
	v := &Duration{D: &d}
	for in, want := range map[string]time.Duration{
		"5": 5 * time.Millisecond, "2.5": 2500 * time.Microsecond, "0": 0,
		"800ms": 800 * time.Millisecond, "5s": 5 * time.Second, "1m30s": 90 * time.Second,
	} {
		if err := v.Set(in); err != nil || d != want {
			t.Errorf("Set(%q): %v, %v; want %v", in, d, err, want)
		}
	}
	for _, in := range []string{"", "5x", "fast", "NaN", "Inf", "1e300"} {
		if err := v.Set(in); !errors.Is(err, ErrDuration) {
			t.Errorf("Set(%q): %v, want ErrDuration", in, err)
		}
	}
}

func TestStatusPrintsOneLineAndTheErrorsOwnStatus(t *testing.T) {
	var out strings.Builder
	if got := Status("prog", nil, &out); got != 0 || out.Len() != 0 {
		t.Errorf("no error: status %d, printed %q", got, out.String())
	}
	if got := Status("prog", errors.New("index damaged"), &out); got != 1 || out.String() != "prog: index damaged\n" {
		t.Errorf("plain error: status %d, printed %q", got, out.String())
	}
	out.Reset()
	usage := &UsageError{Err: errors.New("unknown flag --frob"), Help: "prog run"}
	if got := Status("prog", usage, &out); got != UsageStatus || strings.Count(out.String(), "\n") != 1 {
		t.Errorf("usage error: status %d, printed %q", got, out.String())
	}
}
