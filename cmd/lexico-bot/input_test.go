package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// padded is the doc's example gamestate padded with trailing blank lines to
// exactly n bytes: a gamestate that parses at any size, so that only the
// size limit can refuse it.
func padded(t *testing.T, n int) string {
	t.Helper()
	doc := string(gamestatetest.DocExampleBytes(t))
	if len(doc) > n {
		t.Fatalf("the doc's example is %d bytes, more than %d", len(doc), n)
	}
	return doc + strings.Repeat("\n", n-len(doc))
}

// oneLine fails unless stderr is one line naming every one of want.
func oneLine(t *testing.T, name string, code int, stderr string, want ...string) {
	t.Helper()
	ok := code == 2 && strings.Count(strings.TrimSpace(stderr), "\n") == 0
	for _, w := range want {
		ok = ok && strings.Contains(stderr, w)
	}
	if !ok {
		t.Errorf("%s: exit %d, stderr %.300q; want exit 2 and one line naming %q", name, code, stderr, want)
	}
}

// run and check read at most serve's default --max-body (1 MiB) of a
// gamestate, from a file or stdin, and refuse more in one line naming the
// limit: read whole, a 64 MB input kept 415 MB resident. A gamestate of
// exactly the limit is still read.
func TestInputOverTheLimitIsRefused(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	over := padded(t, 2<<20)
	big := write("big.txt", over)
	atLimit := write("limit.txt", padded(t, maxInput))
	justOver := write("over.txt", padded(t, maxInput+1))
	// A sparse file of 1 TiB: its size refuses it before any byte is read
	// (read whole, it ran the test out of memory).
	vast := write("vast.txt", "")
	if err := os.Truncate(vast, 1<<40); err != nil {
		t.Fatalf("a sparse 1 TiB file: %v", err)
	}
	limit := fmt.Sprint(maxInput)
	idx, cidx := botIndex(t), checkIndex(t)
	pass := `[[],["Pass"]]`
	for _, c := range []struct {
		name, stdin string
		args        []string
		want        []string
	}{
		{"run, 2 MiB file", "", []string{"run", "--index", idx, big}, []string{"gamestate", "big.txt", limit}},
		{"run, 2 MiB on stdin", over, []string{"run", "--index", idx, "-"}, []string{"gamestate on stdin", limit}},
		{"run, 1 TiB file", "", []string{"run", "--index", idx, vast}, []string{"vast.txt", limit}},
		{"check, 2 MiB file", "", []string{"check", "--index", cidx, big, pass}, []string{"gamestate", "big.txt", limit}},
		{"check, 2 MiB on stdin", over, []string{"check", "--index", cidx, "-", pass}, []string{"gamestate on stdin", limit}},
		{"check, one byte over", "", []string{"check", "--index", cidx, justOver, pass}, []string{"over.txt", limit}},
		{"check, 2 MiB move file", "", []string{"check", "--index", cidx, atLimit, big}, []string{"move", "big.txt", limit}},
		{"moves, 2 MiB file", "", []string{"moves", "--index", movesIndex(t), big}, []string{"big.txt", limit}},
		{"moves, 2 MiB line", strings.ReplaceAll(over, "\n", " "), []string{"moves", "--index", movesIndex(t), "-"}, []string{"stdin line 1", limit}},
	} {
		code, out, errs := runBot(t, c.stdin, c.args...)
		oneLine(t, c.name, code, errs, c.want...)
		if out != "" {
			t.Errorf("%s: printed %q", c.name, out)
		}
	}

	code, out, errs := runBot(t, "", "check", "--index", cidx, atLimit, pass)
	if code != 0 || !strings.Contains(out, "pass legal") {
		t.Errorf("check, a gamestate of exactly the limit: exit %d, %q %q", code, out, errs)
	}
	code, out, errs = runBot(t, padded(t, maxInput), "run", "--index", idx, "--policy", "equity", "-")
	if code != 0 {
		t.Fatalf("run, a gamestate of exactly the limit on stdin: exit %d: %s", code, errs)
	}
	legalOnDoc(t, []byte(strings.TrimSpace(out)))
}

// A long value given on the command line or in a gamestate is quoted short
// in the one line that names it: quoted whole, it filled the terminal.
func TestLongValuesAreQuotedShort(t *testing.T) {
	const maxLine = 400
	long := strings.Repeat("A", 100_000) // under Linux's 128 KiB for one argument
	cidx := checkIndex(t)
	board, _ := boardFile(t, nil)
	leaves := func(name, text string) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	huge := strings.Repeat("A", 1<<20)
	idx := botIndex(t)
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown command", []string{long}, "unknown command"},
		{"MOVE neither a move nor a file", []string{"check", "--index", cidx, docExample, long}, "MOVE"},
		{"MOVE with a long tile", []string{"check", "--index", cidx, docExample, `[["` + long + `"],[[1,1]]]`}, "tiles[0]"},
		{"gamestate file with a long name", []string{"check", "--index", cidx, long, `[[],["Pass"]]`}, "reading the gamestate"},
		{"argument to serve", []string{"serve", long}, "no arguments"},
		{"policy", []string{"play", "--p1", long}, "--p1"},
		{"solve's hand", []string{"solve", "--board", board, "--hand", long + "-"}, "'-'"},
		{"solve's variant", []string{"solve", "--board", board, "--hand", "ab", "--variant", long}, "unknown variant"},
		{"strategy", []string{"run", "--index", idx, "--strategy", long, docExample}, "--strategy"},
		{"policy of run", []string{"run", "--index", idx, "--policy", long, docExample}, "--policy"},
		{"variant", []string{"play", "--variant", long}, "unknown variant"},
		{"leaves header", []string{"run", "--index", idx, "--leaves", leaves("h.csv", huge+",key,value\n"), docExample}, "line 1"},
		{"leaves value", []string{"run", "--index", idx, "--leaves", leaves("v.csv", "feature,key,value\ntile,A,"+huge+"\n"), docExample}, "line 2"},
		{"leaves key", []string{"run", "--index", idx, "--leaves", leaves("k.csv", "feature,key,value\nleave,"+huge+",1\n"), docExample}, "line 2"},
		{"leaves feature", []string{"run", "--index", idx, "--leaves", leaves("f.csv", "feature,key,value\n"+huge+",A,1\n"), docExample}, "line 2"},
	} {
		code, _, errs := runBot(t, "", c.args...)
		oneLine(t, c.name, code, errs, c.want)
		if len(errs) > maxLine {
			t.Errorf("%s: a %d-byte message", c.name, len(errs))
		}
	}

	// solve's interactive commands (a line is at most 64 KiB) are answered
	// in short lines too.
	line := strings.Repeat("X", 60_000)
	code, out, errs := runBot(t, line+"\nF="+line+"\nD="+line+"\nQ\n",
		"solve", "--board", board, "--hand", "xypdqab", "--variant", "wwf", "--interactive", "--index", solveIndex(t))
	if code != 0 || !strings.Contains(out, "quit") {
		t.Fatalf("solve --interactive: exit %d, stderr %.300s", code, errs)
	}
	for _, want := range []string{"unknown command", "bad filter", "no play"} {
		if !strings.Contains(out, want) {
			t.Errorf("solve --interactive does not say %q", want)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if len(l) > maxLine {
			t.Errorf("solve --interactive: a %d-byte line: %.300s...", len(l), l)
		}
	}

	// run's notes about a gamestate's own text: its Dictionary (not the
	// index's source) and its GameStatus (not RUNNING).
	p := gamestatetest.DocExampleRequest(t)
	p.Dictionary, p.Status = "https://"+long, long
	js, err := gamestate.EncodeRequest(p)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs = runBot(t, string(js), "run", "--index", idx, "--policy", "equity", "-")
	if code != 0 {
		t.Fatalf("run with a long Dictionary and GameStatus: exit %d: %.300s", code, errs)
	}
	legalOnDoc(t, []byte(strings.TrimSpace(out)))
	for _, want := range []string{"the gamestate's dictionary https://AAA", "GameStatus is \"AAA"} {
		if !strings.Contains(errs, want) {
			t.Errorf("run's stderr does not say %q: %.500s", want, errs)
		}
	}
	for _, line := range strings.Split(errs, "\n") {
		if len(line) > maxLine {
			t.Errorf("run: a %d-byte line on stderr: %.300s...", len(line), line)
		}
	}
}

// A missing --index is one line, the file named once ("index PATH: ..."),
// and exit status 2, in every command that opens one.
func TestMissingIndexIsNamedOnce(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.db")
	for _, args := range [][]string{
		{"run", "--index", missing, docExample},
		{"moves", "--index", missing, docExample},
		{"check", "--index", missing, docExample, `[["T"],[[14,9]]]`},
		{"lingo", "--index", missing},
		{"lingo", "word", "--index", missing, "QI"},
		{"solve", "--index", missing, "--board", filepath.Join("..", "..", "data", "wwf", "midgame.wwf"), "--hand", "ABC"},
		{"play", "--index", missing, "--games", "1"},
		{"serve", "--index", missing, "--addr", "127.0.0.1:0"},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"lexico-bot"}, args...), strings.NewReader(""), &out, &errb)
		msg := strings.TrimSuffix(errb.String(), "\n")
		if code != 2 || !strings.HasPrefix(msg, "lexico-bot: index "+missing+": ") || strings.Count(msg, missing) != 1 || strings.Contains(msg, "\n") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and one line naming the index once", args[0], code, errb.String())
		}
	}
}

// A count with digits too many is refused in one line naming the flag and
// its limit, in every command that takes it: --top 99999999999 reserved
// room for that many candidates and died out of memory with a 140-line
// dump, and --sim-threads 100000 answered seconds past a 300 ms budget.
// Threads at the limit still answer within the budget.
func TestAbsurdCountsAreRefused(t *testing.T) {
	idx := botIndex(t)
	huge := "99999999999"
	endgameFile := "../../data/gamestates/endgame.json"
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"run --top", []string{"run", "--index", idx, "--policy", "equity", "--top", huge, docExample}, []string{"--top " + huge, "at most 10000"}},
		{"run --top, sim", []string{"run", "--index", idx, "--top", huge, docExample}, []string{"--top " + huge, "at most 10000"}},
		{"run --sim-candidates", []string{"run", "--index", idx, "--sim-candidates", huge, docExample}, []string{"--sim-candidates " + huge, "at most 10000"}},
		{"run --sim-plies", []string{"run", "--index", idx, "--sim-plies", huge, docExample}, []string{"--sim-plies " + huge, "at most 1000"}},
		{"run --sim-threads", []string{"run", "--index", idx, "--sim-threads", "100000", docExample}, []string{"--sim-threads 100000", "at most 256"}},
		{"run --lines --sim-threads", []string{"run", "--index", idx, "--lines", "--sim-threads", "257"}, []string{"--sim-threads 257", "at most 256"}},
		{"serve --sim-threads", []string{"serve", "--index", idx, "--addr", "127.0.0.1:0", "--sim-threads", "100000"}, []string{"--sim-threads 100000", "at most 256"}},
		{"play --p1-sim candidates", []string{"play", "--index", idx, "--p1", "sim", "--p2", "greedy", "--p1-sim", "candidates=" + huge}, []string{"candidates=" + huge, "at most 10000"}},
		{"play --sim-threads", []string{"play", "--index", idx, "--p1", "sim", "--p2", "greedy", "--sim-threads", "100000"}, []string{"--sim-threads 100000", "at most 256"}},
		{"league --sim-candidates", []string{"league", "--index", idx, "--entrant", "a=sim", "--entrant", "b=greedy", "--sim-candidates", huge}, []string{"--sim-candidates " + huge, "at most 10000"}},
		{"endgame --candidates", []string{"endgame", "--index", idx, "--candidates", huge, endgameFile}, []string{"--candidates " + huge, "at most 10000"}},
	} {
		code, out, errs := runBot(t, "", c.args...)
		oneLine(t, c.name, code, errs, c.want...)
		if out != "" {
			t.Errorf("%s: printed %q", c.name, out)
		}
	}

	start := time.Now()
	code, out, errs := runBot(t, "", "run", "--index", idx, "--strategy", testStrategy, "--sim-threads", "256", "--budget", "300ms", docExample)
	if code != 0 || out == "" {
		t.Fatalf("--sim-threads 256: exit %d, %q", code, errs)
	}
	if took := time.Since(start); took > 800*time.Millisecond {
		t.Errorf("--sim-threads 256 with a 300 ms budget answered after %v", took)
	}
}

// Every file a command reads whole has a limit for its kind, and an endless
// one (/dev/zero) is refused at the limit in one line naming the file and
// the limit: read whole, each of these hung with its memory growing.
func TestEndlessFilesAreRefused(t *testing.T) {
	const zero = "/dev/zero"
	if _, err := os.Stat(zero); err != nil {
		t.Skip("no /dev/zero")
	}
	idx := botIndex(t)
	out := filepath.Join(t.TempDir(), "out")
	for _, c := range []struct {
		name  string
		args  []string
		limit string
	}{
		{"run --leaves", []string{"run", "--index", idx, "--leaves", zero, docExample}, "67108864"},
		{"solve --board", []string{"solve", "--index", idx, "--board", zero, "--hand", "abc"}, "65536"},
		{"leaves show", []string{"leaves", "show", zero}, "67108864"},
		{"leaves merge", []string{"leaves", "merge", "--out", out, zero}, "67108864"},
		{"winprob show", []string{"winprob", "show", zero}, "16777216"},
		{"winprob fit", []string{"winprob", "fit", "--out", out, zero}, "16777216"},
	} {
		start := time.Now()
		code, stdout, errs := runBot(t, "", c.args...)
		oneLine(t, c.name, code, errs, zero, "at most "+c.limit+" bytes")
		if stdout != "" {
			t.Errorf("%s: printed %q", c.name, stdout)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("%s: refused after %v", c.name, took)
		}
	}
}
