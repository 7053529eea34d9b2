// Command quality measures decision quality: how much a policy loses, at a
// given budget, against a long, wide simulation of each position of a fixed
// set of middle-game positions, or of positions near the end of the game
// (positions -stage late or pre-endgame; docs/quality.md); with the bag
// empty (-stage endgame) the reference is the endgame solver's exact
// value of each candidate instead (solved.go). Its subcommands, in the
// order they are used:
//
//	go run ./scripts/quality positions -seed 1 -out data/quality/positions.jsonl
//	go run ./scripts/quality reference -in data/quality/positions.jsonl -out data/quality/reference.jsonl
//	go run ./scripts/quality bench -budget 1s -policies equity,sim,magpie-static,magpie-sim -out runs/q1.jsonl
//	go run ./scripts/quality extra -choices runs/q1.jsonl      # values chosen moves the reference lacks
//	go run ./scripts/quality score -choices runs/q1.jsonl -out bench/QUALITY.md
//
// positions writes the set (real games and seeded self-play); reference
// simulates each position's candidates with fixed worlds and a seed, so its
// figures depend on neither the machine's load nor its speed (resumable:
// positions already in the output are skipped; -shard i/n splits the work);
// bench runs each policy on each position in turn (A B A B), as a real
// process under the clock; extra values the chosen moves the reference did
// not list, in the reference's own worlds; score reports each policy's mean
// loss against the reference's best, with 95% intervals, and the paired
// differences between policies.
//
// Exit status: 0 on success, 1 when the work failed, 2 on bad usage or
// input.
package main

import (
	"errors"
	"fmt"
	"os"
)

// usageError is an error of the command line or the input: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

type subcommand struct {
	name, summary string
	run           func(args []string) error
}

var subcommands = []subcommand{
	{"positions", "write the position set (real games and self-play)", positionsMain},
	{"reference", "simulate each position's candidates long and wide (resumable, shardable)", referenceMain},
	{"bench", "run policies on every position at a budget, engines in turn", benchMain},
	{"extra", "value chosen moves the reference lacks, in its own worlds", extraMain},
	{"score", "mean loss against the reference, intervals, paired differences", scoreMain},
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: quality SUBCOMMAND [flags] (quality SUBCOMMAND -h for its flags)")
	for _, s := range subcommands {
		fmt.Fprintf(os.Stderr, "  %-10s %s\n", s.name, s.summary)
	}
}

func main() {
	if len(os.Args) < 2 {
		usage()
		os.Exit(2)
	}
	for _, s := range subcommands {
		if s.name != os.Args[1] {
			continue
		}
		err := s.run(os.Args[2:])
		switch {
		case err == nil:
			return
		case errors.As(err, new(usageError)):
			fmt.Fprintln(os.Stderr, "quality "+s.name+":", err)
			os.Exit(2)
		default:
			fmt.Fprintln(os.Stderr, "quality "+s.name+":", err)
			os.Exit(1)
		}
	}
	fmt.Fprintf(os.Stderr, "quality: unknown subcommand %q\n", os.Args[1])
	usage()
	os.Exit(2)
}

// usageErr is a bad-usage or bad-input error (exit status 2).
func usageErr(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}
