package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/solver"
	"github.com/lexico/lexico/build"
)

// solveTestWords: the words the scrabblizer README's hand xypdqab can make, and a few
// around CAT for the board-with-blanks example.
var solveTestWords = []string{
	"AB", "AD", "BA", "BAD", "BAP", "BY", "DAB", "DAP", "DAY", "PA", "PAD", "PAY", "PYX", "YA", "YAP",
	"AT", "TA", "CAT", "CATS", "SCAT", "ACT", "ACTS",
	"RETAINS",
}

// solveIndex builds the small test index once per test binary, through the
// real pipeline into a real bbolt file.
func solveIndex(t *testing.T) string {
	t.Helper()
	return testIndex(t, "solve", fixedWords(solveTestWords), build.Options{})
}

// boardFile writes a 15x15 board file with words across at (row, col).
func boardFile(t *testing.T, words map[[2]int]string) (path, text string) {
	t.Helper()
	rows := make([][]byte, 15)
	for r := range rows {
		rows[r] = []byte(strings.Repeat("_", 15))
	}
	for at, w := range words {
		copy(rows[at[0]][at[1]:], w)
	}
	for _, r := range rows {
		text += string(r) + "\n"
	}
	path = filepath.Join(t.TempDir(), "board.wwf")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, text
}

// playLine matches one play of the listing: rank, word, the first square's
// column letter and row number (H8, as the page and GCG name squares),
// direction, score.
var playLine = regexp.MustCompile(`(?m)^\s*(\d+)\. (\S+)\s+([A-O])(\d+)\s+(across|down)\s+(\d+)`)

func TestSolveListsSeedExample(t *testing.T) {
	idx := solveIndex(t)
	for _, c := range []struct {
		rules, best string
	}{
		{"wwf", "PYX 15"},         // WWF values 4+3+8, no premium at the centre
		{"multipliers", "PYX 30"}, // Lexico values 3+4+8, doubled by the centre
	} {
		path, text := boardFile(t, nil)
		code, out, errs := runBot(t, "", "solve", "--board", path, "--hand", "xypdqab", "--variant", c.rules, "--index", idx)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.rules, code, errs)
		}
		plays := playLine.FindAllStringSubmatch(out, -1)
		if len(plays) == 0 || len(plays) > 25 {
			t.Fatalf("%s: %d plays listed, want 1-25:\n%s", c.rules, len(plays), out)
		}
		if got := plays[0][2] + " " + plays[0][6]; got != c.best {
			t.Errorf("%s: best play %s, want %s", c.rules, got, c.best)
		}
		for _, p := range plays {
			// The centre is H8: a play across it is on row 8, one down
			// it in column H.
			if (p[5] == "across" && p[4] != "8") || (p[5] == "down" && p[3] != "H") {
				t.Errorf("%s: first move %s at %s%s %s cannot cover the centre", c.rules, p[2], p[3], p[4], p[5])
			}
		}
		// PYX across from the centre is listed at H8, as the page, play and
		// GCG name that square, and its drawing is labelled the same way.
		if !regexp.MustCompile(`(?m)^\s*\d+\. PYX\s+H8\s+across\s+`+strings.Fields(c.best)[1]+`$`).MatchString(out) ||
			!strings.Contains(out, "best:\n      A   B   C   D   E   F   G   H") {
			t.Errorf("%s: listing lacks PYX at H8 across for %s, or a drawing labelled A-O:\n%s", c.rules, c.best, out)
		}
		if got, _ := os.ReadFile(path); string(got) != text {
			t.Errorf("%s: listing changed the board file", c.rules)
		}
		// The listing is the solver's total order, whichever generator found
		// the plays.
		_, slow, _ := runBot(t, "", "solve", "--board", path, "--hand", "xypdqab", "--variant", c.rules, "--index", idx, "--strategy", "exhaustive")
		if slow != out {
			t.Errorf("%s: the exhaustive generator's listing differs:\n%s\nGADDAG's:\n%s", c.rules, slow, out)
		}
		_, out, _ = runBot(t, "", "solve", "--board", path, "--hand", "xypdqab", "--variant", c.rules, "--index", idx, "--top", "3")
		if n := len(playLine.FindAllString(out, -1)); n != 3 {
			t.Errorf("%s --top 3 listed %d plays", c.rules, n)
		}
	}
}

func TestSolveBoardWithBlanks(t *testing.T) {
	idx := solveIndex(t)
	path, _ := boardFile(t, map[[2]int]string{{7, 6}: "cAT"})
	code, out, errs := runBot(t, "", "solve", "--board", path, "--hand", "S", "--variant", "wwf", "--index", idx)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if errs != "" {
		t.Errorf("stderr %q: CAT is in the dictionary", errs)
	}
	// CATS through the blank c: 0+1+1+1 on squares without premiums.
	// cAT was written from the file's line 8, character 7: G8.
	if !regexp.MustCompile(`(?m)^\s*\d+\. cATS\s+G8\s+across\s+3$`).MatchString(out) {
		t.Errorf("listing lacks cATS at G8 across for 3:\n%s", out)
	}
}

func TestSolveRefusesBadInput(t *testing.T) {
	idx := solveIndex(t)
	good, _ := boardFile(t, nil)
	overused, _ := boardFile(t, map[[2]int]string{{3, 0}: "EEEEEEEEEEEEEE"})
	pyx, _ := boardFile(t, map[[2]int]string{{7, 6}: "PYX"})
	short := filepath.Join(t.TempDir(), "short.wwf")
	os.WriteFile(short, []byte(strings.Repeat("_______________\n", 14)), 0o644)
	garbled := filepath.Join(t.TempDir(), "garbled.wwf")
	os.WriteFile(garbled, []byte(strings.Repeat("_______________\n", 5)+"____3__________\n"+strings.Repeat("_______________\n", 9)), 0o644)
	cases := []struct {
		name string
		args []string
		says []string
	}{
		{"over-used letter", []string{"--board", overused, "--hand", "ab", "--variant", "wwf"}, []string{"14 E tiles", "only 13"}},
		{"hand not in the bag", []string{"--board", pyx, "--hand", "xypdqab", "--variant", "wwf"}, []string{"1 X tile", "only 0"}},
		{"two blanks too many", []string{"--board", good, "--hand", "***ab", "--variant", "wwf"}, []string{"3 blanks but only 2"}},
		{"hand too long", []string{"--board", good, "--hand", "abcdefgh"}, []string{"8 tiles"}},
		{"bad hand letter", []string{"--board", good, "--hand", "ab-"}, []string{"'-'"}},
		{"short board", []string{"--board", short, "--hand", "ab"}, []string{short, "line 15"}},
		{"garbled board", []string{"--board", garbled, "--hand", "ab"}, []string{"line 6", "column 5"}},
		{"missing board", []string{"--board", filepath.Join(t.TempDir(), "none.wwf"), "--hand", "ab"}, []string{"none.wwf"}},
		{"empty board path", []string{"--board", "", "--hand", "ab"}, []string{"--board", "empty"}},
		{"board a directory", []string{"--board", t.TempDir(), "--hand", "ab"}, []string{"is a directory"}},
		{"unknown rules", []string{"--board", good, "--hand", "ab", "--variant", "boggle"}, []string{"boggle", "wwf"}},
		{"top 0", []string{"--board", good, "--hand", "ab", "--top", "0"}, []string{"--top"}},
	}
	for _, c := range cases {
		code, out, errs := runBot(t, "", append(append([]string{"solve"}, c.args...), "--index", idx)...)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2 (stdout %q, stderr %q)", c.name, code, out, errs)
		}
		for _, s := range c.says {
			if !strings.Contains(errs, s) {
				t.Errorf("%s: stderr %q does not say %q", c.name, errs, s)
			}
		}
		if strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%s: want one line on stderr, got %q", c.name, errs)
		}
	}
	if code, _, _ := runBot(t, "", "solve", "--hand", "ab", "--index", idx); code == 0 {
		t.Errorf("solve without --board exited 0")
	}
}

// A board file reached through a symbolic link (kept, say, in a synced
// folder): choosing a play rewrites the file the link points to and keeps
// the backup beside it, and the link stays a link.
func TestSolveInteractiveThroughSymlink(t *testing.T) {
	idx := solveIndex(t)
	target, before := boardFile(t, nil)
	dir := t.TempDir()
	link := filepath.Join(dir, "link.wwf")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runBot(t, "1\n", "solve", "--board", link, "--hand", "xypdqab", "--variant", "wwf", "--interactive", "--index", idx)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := "wrote " + link + " (the previous board is in " + target + ".bak)"; !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("%s after the write: %v, %v; want it still a link", link, fi.Mode(), err)
	}
	after, _ := os.ReadFile(target)
	if b, err := solver.ParseBoard(after, variant.WWF); err != nil || b.At(7, 7).Empty() {
		t.Fatalf("the link's target after the write (%v):\n%s\nwant the chosen play on it", err, after)
	}
	if bak, err := os.ReadFile(target + ".bak"); err != nil || string(bak) != before {
		t.Errorf("backup beside the target %v:\n%s\nwant the empty board", err, bak)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d entries beside the link, want the link alone", len(entries))
	}
}

// The interactive loop driven through stdin: next and previous page, a
// filter on the centre, a drawing, a bad command, then a choice that
// rewrites the board file and keeps its backup.
func TestSolveInteractive(t *testing.T) {
	idx := solveIndex(t)
	path, before := boardFile(t, nil)
	code, out, errs := runBot(t, "N\nP\nF=H8\nD=1\nbogus\n1\n",
		"solve", "--board", path, "--hand", "xypdqab", "--variant", "wwf", "--interactive", "--index", idx)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"plays 1-10 of", "plays 11-20 of", "with a tile on H8", "[P]", `unknown command "BOGUS"`, "wrote " + path} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	bak, err := os.ReadFile(path + ".bak")
	if err != nil || string(bak) != before {
		t.Errorf("backup %v:\n%s\nwant the empty board", err, bak)
	}
	after, _ := os.ReadFile(path)
	b, err := solver.ParseBoard(after, variant.WWF)
	if err != nil {
		t.Fatalf("rewritten board does not parse: %v\n%s", err, after)
	}
	// Play 1 is the best: a PYX through the centre.
	word := ""
	for r := 0; r < 15; r++ {
		for c := 0; c < 15; c++ {
			if s := b.At(r, c); !s.Empty() {
				word += string(s.Letter)
			}
		}
	}
	if word != "PYX" || b.At(7, 7).Empty() {
		t.Errorf("rewritten board holds %q, want play 1 (PYX through the centre):\n%s", word, after)
	}

	// Quitting and the end of the input leave the file as it is.
	for _, input := range []string{"Q\n", "N\n"} {
		code, _, errs := runBot(t, input, "solve", "--board", path, "--hand", "dab", "--variant", "wwf", "--interactive", "--index", idx)
		if code != 0 {
			t.Errorf("input %q: exit %d: %s", input, code, errs)
		}
		if got, _ := os.ReadFile(path); string(got) != string(after) {
			t.Errorf("input %q changed the board file", input)
		}
	}
}

// A word on the board that the dictionary lacks is most likely a typo in
// the file: the solver still solves, and says so on stderr.
func TestSolveNotesUnknownBoardWords(t *testing.T) {
	idx := solveIndex(t)
	path, _ := boardFile(t, map[[2]int]string{{7, 6}: "CZT"})
	code, out, errs := runBot(t, "", "solve", "--board", path, "--hand", "ab", "--variant", "wwf", "--index", idx)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "CZT on the board (G8 across) is not in the dictionary") {
		t.Errorf("stderr %q does not point at CZT", errs)
	}
	if !strings.Contains(out, "best plays") {
		t.Errorf("no listing:\n%s", out)
	}
}

// A board file with nothing in it is the empty board; choosing a play
// writes the whole board into it.
func TestSolveFromAnEmptyFile(t *testing.T) {
	idx := solveIndex(t)
	path := filepath.Join(t.TempDir(), "new.wwf")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runBot(t, "1\n", "solve", "--board", path, "--hand", "xypdqab", "--variant", "wwf", "--interactive", "--index", idx)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	after, _ := os.ReadFile(path)
	b, err := solver.ParseBoard(after, variant.WWF)
	if err != nil || b.TileCount() != 3 || strings.Count(string(after), "\n") != 15 {
		t.Errorf("board after the first play (%v):\n%s", err, after)
	}
	if bak, err := os.ReadFile(path + ".bak"); err != nil || len(bak) != 0 {
		t.Errorf("backup %q, %v: want the empty file", bak, err)
	}
}

// A board no game could reach (a stray tile, tiles off the start square, a
// lone tile) is refused before anything is solved or written: the message
// names the reason and the squares as the listing names them (H8), the
// exit status is 2 (bad input), and the file keeps every byte.
func TestSolveRefusesUnreachableBoard(t *testing.T) {
	idx := solveIndex(t)
	cases := []struct {
		name  string
		words map[[2]int]string
		says  []string
	}{
		{"stray tile", map[[2]int]string{{7, 6}: "CAT", {0, 14}: "Q"},
			[]string{"not one connected group", "1 tile is cut off", "cut off from the tiles on the start square (H8): O1;"}},
		{"start square uncovered", map[[2]int]string{{3, 0}: "CAT"},
			[]string{"none on the start square", "H8 is empty"}},
		{"lone tile on the start", map[[2]int]string{{7, 7}: "Q"},
			[]string{"shorter than a first play", "has 1 letter", "at least 2"}},
	}
	for _, c := range cases {
		for _, mode := range [][]string{nil, {"--interactive"}} {
			path, text := boardFile(t, c.words)
			args := append([]string{"solve", "--board", path, "--hand", "dab", "--variant", "wwf", "--index", idx}, mode...)
			// "1" would choose the best play if the session ever started.
			code, out, errs := runBot(t, "1\n", args...)
			if code != 2 {
				t.Errorf("%s %v: exit %d, want 2 (stdout %q, stderr %q)", c.name, mode, code, out, errs)
			}
			if !strings.HasPrefix(errs, "lexico-bot: "+path+": ") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
				t.Errorf("%s %v: stderr %q, want one line naming %s", c.name, mode, errs, path)
			}
			for _, s := range c.says {
				if !strings.Contains(errs, s) {
					t.Errorf("%s %v: stderr %q does not say %q", c.name, mode, errs, s)
				}
			}
			if out != "" {
				t.Errorf("%s %v: printed %q for a refused board", c.name, mode, out)
			}
			if got, err := os.ReadFile(path); err != nil || string(got) != text {
				t.Errorf("%s %v: board file changed (%v):\n%s", c.name, mode, err, got)
			}
			if _, err := os.Stat(path + ".bak"); !os.IsNotExist(err) {
				t.Errorf("%s %v: a backup was written", c.name, mode)
			}
		}
	}
}

// solve --json lists the plays of the text listing, in its order, each word
// marked valid against the index.
func TestSolveJSONIsTheListing(t *testing.T) {
	idx := solveIndex(t)
	path, _ := boardFile(t, nil)
	args := []string{"solve", "--board", path, "--hand", "xypdqab", "--variant", "wwf", "--index", idx, "--top", "5"}
	_, text, _ := runBot(t, "", args...)
	code, out, errs := runBot(t, "", append(args, "--json")...)
	var got solveJSON
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
		t.Fatalf("--json: exit %d, %q, %q", code, out, errs)
	}
	lines := playLine.FindAllStringSubmatch(text, -1)
	if got.Variant != "wwf" || len(got.Plays) != len(lines) || len(lines) == 0 {
		t.Fatalf("--json: %s with %d plays, the listing %d", got.Variant, len(got.Plays), len(lines))
	}
	for i, l := range lines {
		p := got.Plays[i]
		if fmt.Sprint(p.Rank) != l[1] || p.Word != l[2] || p.Square != l[3]+l[4] || p.Dir != l[5] || fmt.Sprint(p.Score) != l[6] ||
			string(rune('A'+p.Col)) != l[3] || fmt.Sprint(p.Row+1) != l[4] {
			t.Errorf("play %d: JSON %+v, listing %q", i+1, p, l[0])
		}
		for _, w := range p.Words {
			if !w.Valid {
				t.Errorf("play %d: %s marked not valid", i+1, w.Word)
			}
		}
	}
	if code, _, errs := runBot(t, "", append(args, "--json", "--interactive")...); code != 2 || !strings.Contains(errs, "--json and --interactive") {
		t.Errorf("--json --interactive: exit %d, %q", code, errs)
	}
}

// A bingo's listing adds up: its score is its words' and the rule set's
// bonus, and the line names the bonus with its points (35 under WWF's
// rules, 50 under Lexico's), where it said "bingo" alone and a WWF player
// reading the 50 of the crossword game would find 15 points missing.
func TestSolveListsTheBingoBonus(t *testing.T) {
	idx := solveIndex(t)
	for _, c := range []struct {
		rules string
		bonus int
	}{{"wwf", 35}, {"multipliers", 50}} {
		path, _ := boardFile(t, nil)
		args := []string{"solve", "--board", path, "--hand", "retains", "--variant", c.rules, "--index", idx, "--top", "1"}
		code, text, errs := runBot(t, "", args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.rules, code, errs)
		}
		lines := playLine.FindAllStringSubmatch(text, -1)
		if len(lines) != 1 || lines[0][2] != "RETAINS" {
			t.Fatalf("%s: want RETAINS listed alone:\n%s", c.rules, text)
		}
		_, out, _ := runBot(t, "", append(args, "--json")...)
		var got solveJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Plays) != 1 {
			t.Fatalf("%s --json: %v, %q", c.rules, err, out)
		}
		p := got.Plays[0]
		words := 0
		for _, w := range p.Words {
			words += w.Score
		}
		if !p.Bingo || p.Score != words+c.bonus {
			t.Errorf("%s: RETAINS scores %d, its words %d: want a bingo of the words plus %d", c.rules, p.Score, words, c.bonus)
		}
		if want := fmt.Sprintf("%d  (bingo %d)\n", p.Score, c.bonus); !strings.Contains(text, want) {
			t.Errorf("%s: the listing does not name the bonus as %q:\n%s", c.rules, want, text)
		}
	}
}
