package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The win probability trainer end to end on a real index: a run with its
// table, run again (nothing left to play, the same table), the same games
// as two shards fitted together into the same table, a look at both files,
// and the refusals of a checkpoint that is another run's and of a
// ranking flag with no simulating player.
func TestWinprobTrainFitShow(t *testing.T) {
	idx := playIndex(t)
	dir := t.TempDir()
	train := func(args ...string) string {
		t.Helper()
		code, out, errs := runBot(t, "", append([]string{"winprob", "train", "--index", idx, "--variant", "classic",
			"--games", "3", "--seed", "5", "--parallel", "2", "--min-records", "50"}, args...)...)
		if code != 0 || out != "" {
			t.Fatalf("winprob train %v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
		return errs
	}
	whole, table := filepath.Join(dir, "whole.stats"), filepath.Join(dir, "whole.winprob")
	if errs := train("--out", whole, "--table", table); !strings.Contains(errs, "3 games") {
		t.Errorf("train's note %q does not report its 3 games", errs)
	}
	first, _ := os.ReadFile(table)
	train("--out", whole, "--table", table)
	if again, _ := os.ReadFile(table); string(again) != string(first) {
		t.Error("a finished run run again wrote another table")
	}
	// Extended by a game, then cut back: the same counts as a run of that
	// size from the start.
	longer, short := filepath.Join(dir, "longer.stats"), filepath.Join(dir, "short.stats")
	if errs := train("--out", whole, "--games", "4"); !strings.Contains(errs, "resuming at game 3 of 4") {
		t.Errorf("extending a run said %q", errs)
	}
	train("--out", longer, "--games", "4")
	a, _ := os.ReadFile(whole)
	b, _ := os.ReadFile(longer)
	if string(a) != string(b) {
		t.Error("a run of 3 games extended to 4 counts otherwise than a run of 4")
	}
	train("--out", short, "--games", "2")
	if code, _, errs := runBot(t, "", "winprob", "train", "--index", idx, "--variant", "classic", "--games", "1", "--seed", "5", "--out", short); code != 2 ||
		!strings.Contains(errs, "2 games played") {
		t.Errorf("a run cut below what it played: exit %d, %q", code, errs)
	}
	var stats []string
	for _, sh := range []string{"0/2", "1/2"} {
		out := filepath.Join(dir, "shard-"+sh[:1]+".stats")
		train("--shard", sh, "--out", out)
		stats = append(stats, out)
	}
	// A table written over statistics would lose them: --out (fit) or
	// --table (train) naming a statistics file of the run is refused, and
	// the file is left as it was.
	before, _ := os.ReadFile(stats[0])
	code, _, errs := runBot(t, "", append([]string{"winprob", "fit", "--out", stats[0]}, stats...)...)
	if after, _ := os.ReadFile(stats[0]); code != 2 || !strings.Contains(errs, "--out") || string(after) != string(before) {
		t.Errorf("fit --out a shard of its own: exit %d, %q; the shard kept: %v", code, errs, string(after) == string(before))
	}
	before, _ = os.ReadFile(whole)
	code, _, errs = runBot(t, "", "winprob", "train", "--index", idx, "--variant", "classic", "--games", "4", "--seed", "5", "--out", whole, "--table", whole)
	if after, _ := os.ReadFile(whole); code != 2 || !strings.Contains(errs, "--table") || string(after) != string(before) {
		t.Errorf("train --table its own --out: exit %d, %q; the statistics kept: %v", code, errs, string(after) == string(before))
	}
	// Games played with other leaves are another run: a shard of them is
	// refused by fit, and a checkpoint is not taken up with them.
	hand := filepath.Join("..", "..", "data", "leaves-hand.csv")
	otherLeaves := filepath.Join(dir, "hand-1.stats")
	train("--shard", "1/2", "--out", otherLeaves, "--leaves", hand)
	code, _, errs = runBot(t, "", "winprob", "fit", "--out", filepath.Join(dir, "x.winprob"), stats[0], otherLeaves)
	if code != 2 || !strings.Contains(errs, "file 2 was played with leave table 00000000") {
		t.Errorf("fit of shards played with other leaves: exit %d, %q", code, errs)
	}
	code, _, errs = runBot(t, "", "winprob", "train", "--index", idx, "--variant", "classic", "--games", "3", "--seed", "5",
		"--shard", "1/2", "--out", stats[1], "--leaves", hand)
	if code != 2 || !strings.Contains(errs, "another --leaves") {
		t.Errorf("a checkpoint taken up with other leaves: exit %d, %q", code, errs)
	}
	merged := filepath.Join(dir, "merged.winprob")
	if code, _, errs := runBot(t, "", append([]string{"winprob", "fit", "--min-records", "50", "--out", merged}, stats...)...); code != 0 {
		t.Fatalf("fit: exit %d, %q", code, errs)
	}
	if b, _ := os.ReadFile(merged); string(b) != string(first) {
		t.Error("two shards fitted together give another table than the whole run")
	}
	if code, out, errs := runBot(t, "", "winprob", "show", stats[1]); code != 0 || !strings.Contains(out, "shard 1/2: 1 of 1 games") {
		t.Errorf("show of a shard's statistics: exit %d, %q %q", code, out, errs)
	}
	if code, out, errs := runBot(t, "", "winprob", "show", table); code != 0 || !strings.Contains(out, "classic, from 3 games, seed 5") {
		t.Errorf("show of the table: exit %d, %q %q", code, out, errs)
	}
	code, _, errs = runBot(t, "", "winprob", "train", "--index", idx, "--variant", "classic", "--games", "3", "--seed", "6", "--out", whole)
	if code != 2 || !strings.Contains(errs, "not this run's") {
		t.Errorf("another run's checkpoint taken up: exit %d, %q", code, errs)
	}
	code, _, errs = runBot(t, "", "play", "--index", idx, "--p1", "equity", "--p2", "greedy", "--sim-rank", "points")
	if code != 2 || !strings.Contains(errs, "--sim-rank applies to the sim policy") {
		t.Errorf("--sim-rank with no sim player: exit %d, %q", code, errs)
	}
	code, _, errs = runBot(t, "", "play", "--index", idx, "--p1", "equity", "--p2", "greedy", "--sim-infer")
	if code != 2 || !strings.Contains(errs, "--sim-infer applies to the sim policy") {
		t.Errorf("--sim-infer with no sim player: exit %d, %q", code, errs)
	}
	for _, tc := range []struct{ flag, spec, want string }{
		{"--p1-sim", "rank=wins", "want points, winprob or blend"},
		{"--p1-sim", "alloc=halving", "want equal or race"},
		{"--p1-sim", "candidates=1", "want 2 or more"},
		{"--p1-sim", "plies=3", "unknown setting"},
		{"--p1-sim", "infer=yes", "want on or off"},
		{"--p1-sim", "endbag=-2", "endbag=-2: want 0 or more"},
		{"--p2-sim", "rank=points", "that seat does not use it"},
	} {
		code, _, errs = runBot(t, "", "play", "--index", idx, "--p1", "sim", "--p2", "greedy", tc.flag, tc.spec)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%s %s: exit %d, %q, want %q", tc.flag, tc.spec, code, errs, tc.want)
		}
	}
}
