package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/lexico/lexico/bot/engine/leaves"
	"github.com/lexico/lexico/bot/game/tile"
)

// The trainer end to end on a real index: a generation in a directory (run
// again, it resumes: nothing left to play), the same generation as two
// shards merged, the table shown, and a match between it and the hand-tuned
// model, each seat with its own table.
func TestLeavesTrainMergeShowPlay(t *testing.T) {
	idx := playIndex(t)
	dir := t.TempDir()
	train := func(args ...string) string {
		t.Helper()
		code, out, errs := runBot(t, "", append([]string{"leaves", "train", "--index", idx, "--variant", "classic",
			"--games", "3", "--seed", "5", "--parallel", "2"}, args...)...)
		if code != 0 || out != "" {
			t.Fatalf("leaves train %v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
		return errs
	}
	errs := train("--dir", dir, "--generations", "1")
	table := filepath.Join(dir, "gen-001.leaves")
	if !strings.Contains(errs, "generation 1: 3 games") {
		t.Errorf("train's note %q does not report the generation's 3 games", errs)
	}
	if again := train("--dir", dir, "--generations", "1"); !strings.Contains(again, "already learned") {
		t.Errorf("a second run over a finished directory said %q, want it to find the generation learned", again)
	}
	// A generation learned with another target, or from another starting
	// table, is not this run's: taken up, the next generation would build on
	// it as if it were.
	hand := filepath.Join("..", "..", "data", "leaves-hand.csv")
	learned := filepath.Join("..", "..", "data", "leaves", "classic.leaves")
	for _, c := range []struct{ flag, value, want string }{
		{"--target", "rack", "--target next-turn, not rack"},
		{"--start", learned, "played with table 00000000"},
	} {
		code, out, errs := runBot(t, "", "leaves", "train", "--index", idx, "--variant", "classic", "--games", "3", "--seed", "5",
			"--dir", dir, "--generations", "2", c.flag, c.value)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("a directory learned otherwise, taken up with %s %s: exit %d, stderr %q; want exit 2 naming %q", c.flag, c.value, code, errs, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "gen-002.stats")); err == nil {
		t.Error("a refused run went on to the next generation")
	}
	// The model given as a file is the model: the same run.
	if again := train("--dir", dir, "--generations", "1", "--start", hand); !strings.Contains(again, "already learned") {
		t.Errorf("the same run with --start naming the hand-tuned model said %q", again)
	}
	var stats []string
	for _, sh := range []string{"0/2", "1/2"} {
		out := filepath.Join(dir, "shard-"+sh[:1]+".stats")
		train("--shard", sh, "--out", out)
		stats = append(stats, out)
	}
	if code, out, errs := runBot(t, "", "leaves", "show", stats[0]); code != 0 ||
		!strings.Contains(out, "statistics of generation 1, bag of classic, shard 0/2: 2 of 2 games") || !strings.Contains(out, "target next-turn") {
		t.Errorf("show of a shard's statistics: exit %d, %q %q", code, out, errs)
	}
	// A statistics file goes on only with the target it was recorded with.
	code, out, errs := runBot(t, "", "leaves", "train", "--index", idx, "--variant", "classic", "--games", "3", "--seed", "5",
		"--shard", "0/2", "--out", stats[0], "--target", "rack")
	if code != 2 || out != "" || !strings.Contains(errs, "recorded with --target next-turn, not rack") {
		t.Errorf("a shard's statistics taken up with another target: exit %d, stderr %q", code, errs)
	}
	// A table written over one of the shards would lose its statistics:
	// --out naming an input is refused, and the shard is left as it was.
	before, _ := os.ReadFile(stats[0])
	code, _, errs = runBot(t, "", append([]string{"leaves", "merge", "--out", stats[0]}, stats...)...)
	if after, _ := os.ReadFile(stats[0]); code != 2 || !strings.Contains(errs, "--out") || string(after) != string(before) {
		t.Errorf("merge --out a shard of its own: exit %d, %q; the shard kept: %v", code, errs, string(after) == string(before))
	}
	merged := filepath.Join(dir, "merged.leaves")
	if code, _, errs := runBot(t, "", append([]string{"leaves", "merge", "--out", merged}, stats...)...); code != 0 ||
		!strings.Contains(errs, "2 shard(s), 3 games") {
		t.Fatalf("merge: exit %d, %q", code, errs)
	}
	for _, f := range []string{table, merged} {
		code, out, errs := runBot(t, "", "leaves", "show", f, "ERS", "Q")
		if code != 0 || !strings.Contains(out, "bag of classic, 740821 leaves, generation 1, 3 games, seed 5") ||
			!strings.Contains(out, "ERS\t") || !strings.Contains(out, "Q\t") {
			t.Errorf("show %s: exit %d, %q %q", filepath.Base(f), code, out, errs)
		}
	}
	s := playSummary(t, "--variant", "classic", "--games", "2", "--seed", "3", "--p1", "equity", "--p2", "equity",
		"--p1-leaves", merged, "--p2-leaves", filepath.Join("..", "..", "data", "leaves-hand.csv"))
	if s.Games != 2 || !strings.Contains(s.Seats[0].Name, "merged.leaves") || !strings.Contains(s.Seats[1].Name, "leaves-hand.csv") ||
		s.Seats[0].Illegal+s.Seats[1].Illegal != 0 {
		t.Errorf("play with a table per seat: %d games, seats %q and %q, %d+%d illegal", s.Games, s.Seats[0].Name, s.Seats[1].Name, s.Seats[0].Illegal, s.Seats[1].Illegal)
	}
}

func TestLeavesBadInput(t *testing.T) {
	dir := t.TempDir()
	notTable := filepath.Join(dir, "x.leaves")
	os.WriteFile(notTable, []byte("feature,key,value\n"), 0o644)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no dir", []string{"train", "--games", "1"}, "--dir"},
		{"bad shard", []string{"train", "--shard", "2/2", "--out", "x"}, "--shard"},
		{"shard without out", []string{"train", "--shard", "0/2"}, "--out"},
		{"no games", []string{"train", "--dir", dir, "--games", "0"}, "--games 0"},
		{"bad target", []string{"train", "--dir", dir, "--target", "nextturn"}, `--target "nextturn": want next-turn, two-turns or rack`},
		{"merge nothing", []string{"merge", "--out", filepath.Join(dir, "o")}, "statistics files"},
		{"merge a table", []string{"merge", "--out", filepath.Join(dir, "o"), notTable}, "not a leave statistics file"},
		{"show a CSV", []string{"show", notTable}, "not a leave table"},
		{"unknown command", []string{"tarin"}, `unknown leaves command "tarin"`},
		{"bad start", []string{"train", "--dir", dir, "--start", filepath.Join(dir, "none")}, "--start"},
	} {
		code, out, errs := runBot(t, "", append([]string{"leaves"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) || out != "" || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit 2 and one line naming %q", c.name, code, errs, out, c.want)
		}
	}
	damaged := filepath.Join(dir, "damaged.leaves")
	os.WriteFile(damaged, []byte("LEXLEAV1 cut short"), 0o644)
	code, _, errs := runBot(t, "", "play", "--index", playIndex(t), "--games", "1", "--p2-leaves", damaged)
	if code != 2 || !strings.Contains(errs, "--p2-leaves") || !strings.Contains(errs, "checksum") {
		t.Errorf("play --p2-leaves with a bad file: exit %d, %q", code, errs)
	}
}

// A learned table values the leaves of its own bag only: given for a game
// of another bag it would go unused, the hand-tuned model valuing every
// leave, and a match or a training run would measure or learn something
// other than what it says. Where the command plays one variant it is
// refused, naming the bags; run answers, and says so; a table for a bag no
// variant has is refused everywhere.
func TestLeavesForAnotherBag(t *testing.T) {
	idx := playIndex(t)
	dir := t.TempDir()
	classic := filepath.Join("..", "..", "data", "leaves", "classic.leaves")
	for _, c := range []struct {
		name string
		args []string
		flag string
	}{
		{"play --leaves", []string{"play", "--variant", "multipliers", "--games", "1", "--p1", "equity", "--p2", "equity", "--leaves", classic}, "--leaves"},
		{"play --p2-leaves", []string{"play", "--variant", "multipliers", "--games", "1", "--p1", "equity", "--p2", "equity", "--p2-leaves", classic}, "--p2-leaves"},
		{"league --leaves", []string{"league", "--variant", "multipliers", "--games", "1", "--entrant", "a=equity", "--entrant", "b=greedy", "--leaves", classic}, "--leaves"},
		{"leaves train --start", []string{"leaves", "train", "--variant", "multipliers", "--games", "1", "--dir", dir, "--start", classic}, "--start"},
		{"leaves train --table", []string{"leaves", "train", "--variant", "multipliers", "--games", "1", "--shard", "0/2", "--out", filepath.Join(dir, "s.stats"), "--table", classic}, "--table"},
		{"winprob train --leaves", []string{"winprob", "train", "--variant", "multipliers", "--games", "1", "--out", filepath.Join(dir, "w.stats"), "--leaves", classic}, "--leaves"},
	} {
		code, out, errs := runBot(t, "", append(c.args, "--index", idx)...)
		if code != 2 || out != "" || !strings.Contains(errs, c.flag) || !strings.Contains(errs, "bag of multipliers") ||
			!strings.Contains(errs, "classic") || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%s with a classic table in multipliers: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %s and both bags", c.name, code, out, errs, c.flag)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "gen-001.stats")); err == nil {
		t.Error("leaves train refused, yet it wrote statistics")
	}

	// run knows the game's bag only from the gamestate: it answers with the
	// model and says the table went unused.
	gs := filepath.Join("..", "..", "data", "gamestates", "opening.json")
	code, out, errs := runBot(t, "", "run", "--index", idx, "--policy", "equity", "--leaves", classic, gs)
	if code != 0 || out == "" || !strings.Contains(errs, "--leaves") || !strings.Contains(errs, "bag of multipliers") {
		t.Errorf("run with a classic table on a multipliers gamestate: exit %d, stdout %q, stderr %q; want a move and a note", code, out, errs)
	}

	// A table for a bag none of the variants has.
	var dist [tile.NumKinds]int
	dist[0], dist[1] = 3, 2
	odd := filepath.Join(dir, "odd.leaves")
	f, err := os.Create(odd)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := leaves.NewTable("odd", dist).WriteTo(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	code, out, errs = runBot(t, "", "run", "--index", idx, "--policy", "equity", "--leaves", odd, gs)
	if code != 2 || out != "" || !strings.Contains(errs, "odd.leaves") || !strings.Contains(errs, "no variant") ||
		strings.Count(strings.TrimSpace(errs), "\n") > 0 {
		t.Errorf("run with a table for no variant's bag: exit %d, stdout %q, stderr %q; want exit 2 and one line", code, out, errs)
	}
}

// A trainer's output that is a named pipe is refused before any game (it
// is written first at a checkpoint, minutes in), in one line, exit 2.
func TestTrainersRefuseAPipeAsTheirOutput(t *testing.T) {
	idx := playIndex(t)
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	for _, args := range [][]string{
		{"winprob", "train", "--variant", "multipliers", "--games", "1000000", "--out", fifo},
		{"leaves", "train", "--variant", "multipliers", "--games", "1000000", "--shard", "0/2", "--out", fifo},
	} {
		code, out, errs := runBot(t, "", append(args, "--index", idx)...)
		if code != 2 || out != "" || !strings.Contains(errs, "a named pipe") || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%s %s --out PIPE: exit %d, stdout %q, stderr %q; want exit 2 and one line naming the pipe", args[0], args[1], code, out, errs)
		}
	}
}
