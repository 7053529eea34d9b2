package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/testsize"
)

const (
	positionCorpus  = "../../data/positions/corpus.jsonl"
	movesDocExample = "../../data/gamestates/doc-example.txt"
)

// movesIndex builds, once per test binary, a real index of a sample of the
// embedded list: every word of up to four letters and every 40th longer one,
// so positions have hundreds of plays, hooks and long words, and the index
// builds in well under a second.
func movesIndex(t *testing.T) string {
	t.Helper()
	return testIndex(t, "moves", embeddedWords(func(i int, w string) bool { return len(w) <= 4 || i%40 == 0 }), build.Options{})
}

func runMoves(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"lexico-bot", "moves", "--index", movesIndex(t)}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// corpusLines returns n gamestates of the committed corpus, the first in
// order whose racks hold 0, 1 and 2 blanks in turn, as the corpus's own
// lines do, among those a game can reach: the corpus is synthetic (some
// racks hold blanks no bag has left), and moves refuses those as every
// command does.
func corpusLines(t *testing.T, n int) []string {
	t.Helper()
	b, err := os.ReadFile(positionCorpus)
	if err != nil {
		t.Fatalf("the position corpus: %v", err)
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if len(out) == n {
			break
		}
		if p, err := gamestate.Parse([]byte(l)); err == nil && p.Rack.Blanks() == len(out)%3 {
			out = append(out, l)
		}
	}
	if len(out) < n {
		t.Fatalf("the corpus has %d positions a game can reach with 0, 1, 2 blanks in turn, want at least %d", len(out), n)
	}
	return out
}

// parseMoves reads moves' JSON lines.
func parseMoves(t *testing.T, out string) []moveJSON {
	t.Helper()
	var ms []moveJSON
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var m moveJSON
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("output is not JSON lines: %v\n%s", err, out)
		}
		ms = append(ms, m)
	}
	return ms
}

// TestMovesAreLegalAndBestFirst: on the doc's example and on corpus
// positions, every line is a play that rules.Check, reading it back in the
// platform's format, finds legal with the same score and words; "move"
// is that play whole, as a bot answers it; the lines come best first;
// --count agrees with the number of lines.
func TestMovesAreLegalAndBestFirst(t *testing.T) {
	x, err := index.Open(movesIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	doc, err := os.ReadFile(movesDocExample)
	if err != nil {
		t.Fatal(err)
	}
	states := append([]string{string(doc)}, corpusLines(t, 4)...)
	for i, gs := range states {
		file := filepath.Join(t.TempDir(), fmt.Sprintf("gs%d.json", i))
		if err := os.WriteFile(file, []byte(gs), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runMoves(t, "", file)
		if code != 0 {
			t.Fatalf("gamestate %d: exit %d: %s", i, code, errs)
		}
		p, err := gamestate.Parse([]byte(gs))
		if err != nil {
			t.Fatal(err)
		}
		ms := parseMoves(t, out)
		for k, m := range ms {
			if m.Gamestate != nil {
				t.Fatalf("gamestate %d: a single gamestate's lines carry \"gamestate\"", i)
			}
			if k > 0 && m.Score > ms[k-1].Score {
				t.Fatalf("gamestate %d: line %d scores %d after %d: not best first", i, k+1, m.Score, ms[k-1].Score)
			}
			raw, _ := json.Marshal([]any{m.Tiles, m.Positions, m.Blanks})
			mv, err := gamestate.ParseMove(raw, p.Board.Size)
			if err != nil {
				t.Fatalf("gamestate %d line %d: %s does not parse as a platform move: %v", i, k+1, raw, err)
			}
			if whole, err := gamestate.ParseMove(m.Move, p.Board.Size); err != nil || whole.Key() != mv.Key() {
				t.Fatalf("gamestate %d line %d: \"move\" %s is not the play %s (%v)", i, k+1, m.Move, raw, err)
			}
			res := rules.Check(p, mv, x)
			if !res.Legal || res.Score != m.Score {
				t.Fatalf("gamestate %d line %d: %s: legal %v (%s), score %d, listed %d", i, k+1, raw, res.Legal, res.Reason, res.Score, m.Score)
			}
			var words []string
			for _, w := range res.Words {
				words = append(words, w.Word)
			}
			if strings.Join(words, " ") != strings.Join(m.Words, " ") {
				t.Fatalf("gamestate %d line %d: words %v, rules say %v", i, k+1, m.Words, words)
			}
		}
		code, out, _ = runMoves(t, "", "--count", file)
		if code != 0 || strings.TrimSpace(out) != strconv.Itoa(len(ms)) {
			t.Fatalf("gamestate %d: --count printed %q (exit %d), the listing has %d lines", i, out, code, len(ms))
		}
		if i > 0 && len(ms) == 0 {
			t.Fatalf("corpus position %d: no plays at all", i)
		}
	}
}

// TestMovesStrategiesPrintTheSame: every strategy lists the same plays in
// the same order with the same fields, on corpus positions read from stdin
// (racks with 0, 1 and 2 blanks in turn; the slow exhaustive strategy on the
// first three only). The cost is the listings' size (tens of thousands of
// plays on a rack with two blanks): make test compares 6 positions, which
// check that --strategy reaches each generator and the output is the same;
// the generators' agreement itself is tested in bot/engine/movegen, and
// make test-long compares 12 positions here.
func TestMovesStrategiesPrintTheSame(t *testing.T) {
	lines := corpusLines(t, testsize.Pick(6, 12))
	for _, n := range []int{3, len(lines)} {
		stdin := strings.Join(lines[:n], "\n") + "\n"
		strategies := []string{"gaddag", "anagram"}
		if n == 3 {
			strategies = append(strategies, "exhaustive")
		}
		var first string
		for _, s := range strategies {
			code, out, errs := runMoves(t, stdin, "--strategy", s, "-")
			if code != 0 {
				t.Fatalf("--strategy %s: exit %d: %s", s, code, errs)
			}
			if first == "" {
				first = out
				continue
			}
			if out != first {
				t.Fatalf("--strategy %s lists other plays than gaddag on the first %d corpus positions", s, n)
			}
		}
		if first == "" {
			t.Fatal("no plays listed")
		}
	}
}

// A gamestate spread over many lines on stdin (the documentation's
// Python-literal form, or indented JSON) is one gamestate, as run and check
// read it; the answer is the one for the same gamestate given as a file.
func TestMovesReadsAMultiLineGamestateOnStdin(t *testing.T) {
	doc, err := os.ReadFile(movesDocExample)
	if err != nil {
		t.Fatal(err)
	}
	_, want, _ := runMoves(t, "", "--count", movesDocExample)
	js := corpusLines(t, 1)[0]
	var indented bytes.Buffer
	if err := json.Indent(&indented, []byte(js), "", "  "); err != nil {
		t.Fatal(err)
	}
	_, wantJS, _ := runMoves(t, js, "--count", "-")
	for _, c := range []struct{ name, stdin, want string }{
		{"Python literal", string(doc), want},
		{"indented JSON", indented.String(), wantJS},
	} {
		code, out, errs := runMoves(t, c.stdin, "--count", "-")
		if code != 0 || out != c.want || strings.Count(out, "\n") != 1 {
			t.Errorf("%s on stdin: exit %d, %q (stderr %q); want %q, the count of the same gamestate read whole", c.name, code, out, errs, c.want)
		}
	}
}

// TestMovesSeveralGamestates: files and stdin lines are answered in turn,
// each line of a multi-position run says which position it belongs to, and
// --count prints one number per gamestate, the same as separate runs.
func TestMovesSeveralGamestates(t *testing.T) {
	lines := corpusLines(t, 4)
	dir := t.TempDir()
	var files []string
	var want []string
	for i, gs := range lines[:2] {
		f := filepath.Join(dir, fmt.Sprintf("%d.json", i))
		if err := os.WriteFile(f, []byte(gs), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		_, out, _ := runMoves(t, "", "--count", f)
		want = append(want, strings.TrimSpace(out))
	}
	for _, gs := range lines[2:] {
		_, out, _ := runMoves(t, gs, "--count", "-")
		want = append(want, strings.TrimSpace(out))
	}
	// Two files, then stdin with a blank line between its two gamestates.
	stdin := lines[2] + "\n\n" + lines[3] + "\n"
	code, out, errs := runMoves(t, stdin, append([]string{"--count"}, append(files, "-")...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if got := strings.Fields(out); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("--count over 2 files and 2 stdin lines printed %v, separate runs %v", got, want)
	}

	code, out, errs = runMoves(t, "", files...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	n0, _ := strconv.Atoi(want[0])
	for k, m := range parseMoves(t, out) {
		wantWhich := 0
		if k >= n0 {
			wantWhich = 1
		}
		if m.Gamestate == nil || *m.Gamestate != wantWhich {
			t.Fatalf("line %d belongs to gamestate %d but says %v", k+1, wantWhich, m.Gamestate)
		}
	}
}

// TestMovesLimit: --limit N prints the first N lines of the full listing.
func TestMovesLimit(t *testing.T) {
	gs := corpusLines(t, 5)[4]
	_, all, _ := runMoves(t, gs, "-")
	code, top, errs := runMoves(t, gs, "--limit", "5", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	allLines := strings.Split(strings.TrimSpace(all), "\n")
	topLines := strings.Split(strings.TrimSpace(top), "\n")
	if len(allLines) < 5 || len(topLines) != 5 {
		t.Fatalf("--limit 5 printed %d lines of %d", len(topLines), len(allLines))
	}
	for i := range topLines {
		if topLines[i] != allLines[i] {
			t.Fatalf("--limit line %d:\n%s\nfull listing:\n%s", i+1, topLines[i], allLines[i])
		}
	}
}

// TestMovesBest: --best prints one play per gamestate, a play of the full
// listing with its top score (the listing orders equal scores its own way,
// so the play itself may be another of the tied ones). On 6 positions, two
// of each blank count (12 under make test-long).
func TestMovesBest(t *testing.T) {
	for i, gs := range corpusLines(t, testsize.Pick(6, 12)) {
		_, all, _ := runMoves(t, gs, "-")
		code, best, errs := runMoves(t, gs, "--best", "-")
		if code != 0 {
			t.Fatalf("position %d: exit %d: %s", i, code, errs)
		}
		allMoves := parseMoves(t, all)
		got := parseMoves(t, best)
		if len(allMoves) == 0 {
			if len(got) != 0 {
				t.Fatalf("position %d: no legal play, yet --best printed %v", i, got)
			}
			continue
		}
		if len(got) != 1 || got[0].Score != allMoves[0].Score {
			t.Fatalf("position %d: --best printed %v, want one play scoring %d", i, got, allMoves[0].Score)
		}
		line := strings.TrimSpace(best)
		if !strings.Contains(all, line) {
			t.Fatalf("position %d: --best play %s is not in the full listing", i, line)
		}
	}
}

// TestMovesBadInput: every kind of bad input is one clear line on stderr
// and exit status 2, never a panic, and positions before a bad one are
// answered in full.
func TestMovesBadInput(t *testing.T) {
	good := corpusLines(t, 1)[0]
	missing := filepath.Join(t.TempDir(), "nope.json")
	cases := []struct {
		name, stdin string
		args        []string
		want        string
	}{
		{"no gamestate", "", nil, "at least one GAMESTATE"},
		{"unknown strategy", good, []string{"--strategy", "psychic", "-"}, "psychic"},
		{"negative limit", good, []string{"--limit", "-1", "-"}, "--limit"},
		{"best and count", good, []string{"--best", "--count", "-"}, "--best and --count"},
		{"missing file", "", []string{missing}, "nope.json"},
		{"bad second line", good + "\n{\"Board\": 3}\n", []string{"--count", "-"}, "stdin line 2"},
		{"not JSON", "hello", []string{"-"}, "stdin line 1"},
	}
	for _, c := range cases {
		code, out, errs := runMoves(t, c.stdin, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and one line naming %q", c.name, code, errs, c.want)
		}
		if c.name == "bad second line" && len(strings.Fields(out)) != 1 {
			t.Errorf("%s: the first position's count is lost: %q", c.name, out)
		}
	}
	var out, errb bytes.Buffer
	code := run([]string{"lexico-bot", "moves", "--index", missing, "-"}, strings.NewReader(good), &out, &errb)
	if code != 2 || !strings.Contains(errb.String(), "nope.json") {
		t.Errorf("missing index: exit %d, stderr %q", code, errb.String())
	}
}
