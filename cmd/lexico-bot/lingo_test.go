package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/lingo"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
)

// lingoIndex is a real index file of the embedded list's two- and
// three-letter words (about 1,300), built once per test binary: enough
// words for whole games, quick to build.
func lingoIndex(t *testing.T) string {
	t.Helper()
	return testIndex(t, "lingo", embeddedWords(func(_ int, w string) bool { return len(w) >= 2 && len(w) <= 3 }), build.Options{})
}

func runLingo(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"lexico-bot", "lingo"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// lingoMove is one move line: number, the pool, the pbmserv help's notation and
// the sentence.
var lingoMove = regexp.MustCompile(`(?m)^\s*(\d+)\. \[([A-Z]+)\] ([a-z][a-z]\d+(?:,[a-z][a-z]\d+)*): (bot\d) made (?:no words \(0 pts\)|the words? .* (\d+) pts)\.$`)

func TestLingoBotGame(t *testing.T) {
	idx := lingoIndex(t)
	code, out, errs := runLingo(t, "", "--index", idx, "--seed", "9", "--small", "--players", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	moves := lingoMove.FindAllStringSubmatch(out, -1)
	if len(moves) < 5 {
		t.Fatalf("%d move lines in:\n%s", len(moves), out)
	}
	for i, m := range moves {
		if m[1] != strconv.Itoa(i+1) || m[4] != "bot"+strconv.Itoa(i%3+1) {
			t.Errorf("move line %d is %q: numbered %s by %s", i+1, m[0], m[1], m[4])
		}
	}
	for _, want := range []string{"bot1, bot2, bot3; small set of 30 tiles", "seed 9", "bot3's score is", "game over (the pool is out of tiles)", "      a   b   c"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The same seed, the same game.
	if _, again, _ := runLingo(t, "", "--index", idx, "--seed", "9", "--small", "--players", "3"); again != out {
		t.Errorf("seed 9 played twice differs")
	}
}

func TestLingoHexGame(t *testing.T) {
	idx := lingoIndex(t)
	code, out, errs := runLingo(t, "", "--index", idx, "--seed", "3", "--small", "--hex", "--no-twos")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if len(lingoMove.FindAllString(out, -1)) < 5 || !strings.Contains(out, "no two-letter words, hexagonal board") ||
		!strings.Contains(out, "     a  b  c") || !strings.Contains(out, "\\__/") {
		t.Errorf("no hexagonal game in:\n%s", out)
	}
}

func TestLingoRefusesBadOptions(t *testing.T) {
	idx := lingoIndex(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--players", "5"}, "players, not 5"},
		{[]string{"--pool", "11"}, "pool of 11"},
		{[]string{"--pool", "3", "--place", "4"}, "placing 4"},
		{[]string{"--small", "--full"}, "exclude each other"},
		{[]string{"--small", "--not-shared", "--players", "4", "--pool", "10"}, "cannot fill"},
		{[]string{"extra"}, "no arguments"},
	} {
		code, out, errs := runLingo(t, "", append([]string{"--index", idx}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 and one line saying %q", c.args, code, errs, out, c.want)
		}
	}
	if code, _, errs := runLingo(t, "", "--index", filepath.Join(t.TempDir(), "missing.db")); code == 0 || !strings.Contains(errs, "missing.db") {
		t.Errorf("a missing index: exit %d, %q", code, errs)
	}
}

func TestLingoHuman(t *testing.T) {
	idx := lingoIndex(t)
	x, err := index.Open(idx)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	// The same seed gives the game the command will deal: the person's
	// pool, and the starting tile on b2 of a 3x3 window.
	g, err := lingo.NewGame(lingo.DefaultOptions(), []string{"you", "bot2"}, 4, lingo.NewLexicon(x))
	if err != nil {
		t.Fatal(err)
	}
	l := strings.ToLower(g.Pool(0).String()[:1])
	stdin := "ac7\n" + l + "a1\nword\n" + l + "a2\nquit\n"
	code, out, errs := runLingo(t, stdin, "--index", idx, "--seed", "4", "--human")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"off the board", "touches no tile", // the two bad moves, with their reasons
		"word wants the words",                // the word command with no word, not read as a move
		"  1. " + l + "a2: you made", "  2. ", // the person's move, then the bot's
		"game abandoned.", "your score is", "scores: you 0, bot2 0;",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "your move"); n != 5 {
		t.Errorf("prompted %d times for 5 lines", n)
	}
	if strings.Contains(out, "[") {
		t.Errorf("a game with a person shows the pool of the bot's moves:\n%s", out)
	}
	// Input that ends before the game is an error.
	if code, _, errs := runLingo(t, "", "--index", idx, "--seed", "4", "--human"); code != 1 || !strings.Contains(errs, "input ended") {
		t.Errorf("no input: exit %d, %q; want exit 1 saying the input ended", code, errs)
	}
}

// lingo --json is the same game as the text: the same moves, scores and
// end, one JSON object on stdout.
func TestLingoJSONIsTheTextGame(t *testing.T) {
	idx := lingoIndex(t)
	args := []string{"--index", idx, "--seed", "9", "--small", "--players", "3"}
	_, text, _ := runLingo(t, "", args...)
	code, out, errs := runLingo(t, "", append(args, "--json")...)
	var g lingoGameJSON
	if code != 0 || json.Unmarshal([]byte(out), &g) != nil || strings.Count(out, "\n") != 1 {
		t.Fatalf("--json: exit %d, stdout %q, stderr %q; want one JSON object", code, out, errs)
	}
	moves := lingoMove.FindAllStringSubmatch(text, -1)
	if len(g.Turns) != len(moves) || len(g.Turns) == 0 {
		t.Fatalf("--json has %d turns, the text %d", len(g.Turns), len(moves))
	}
	for i, m := range moves {
		tj := g.Turns[i]
		if tj.Notation != m[3] || tj.Player != m[4] || (m[5] != "" && strconv.Itoa(tj.Score) != m[5]) {
			t.Errorf("turn %d: JSON %+v, text %q", i+1, tj, m[0])
		}
	}
	for i, name := range g.Players {
		if !strings.Contains(text, fmt.Sprintf("%s's score is %d.", name, g.Scores[i])) {
			t.Errorf("JSON score %s %d is not the text's", name, g.Scores[i])
		}
	}
	if code, _, errs := runLingo(t, "", "--index", idx, "--json", "--human"); code != 2 || !strings.Contains(errs, "--json and --human") {
		t.Errorf("--json --human: exit %d, %q; want 2 naming both", code, errs)
	}
}

// lingo word is the in-game word command as a command: one verdict a word,
// exit 0 when all count in Lingo (a word either way), 1 when one does not,
// 2 for something that is not letters.
func TestLingoWordCommand(t *testing.T) {
	idx := lingoIndex(t)
	x, err := index.Open(idx)
	if err != nil {
		t.Fatal(err)
	}
	word, notWord, backwards := "", "QXZ", ""
	for _, w := range []string{"CAT", "DOG", "ZAX", "QAT", "TAJ", "BOA"} {
		r := string([]byte{w[2], w[1], w[0]})
		if x.Contains(w) && word == "" {
			word = w
		}
		if x.Contains(w) && !x.Contains(r) && backwards == "" {
			backwards = r
		}
	}
	x.Close()
	if word == "" || backwards == "" || func() bool { y, _ := index.Open(idx); defer y.Close(); return y.Contains(notWord) }() {
		t.Fatalf("the test index lacks the words the test needs")
	}
	code, out, errs := runLingo(t, "", "word", "--index", idx, strings.ToLower(word))
	if code != 0 || out != word+": a word\n" {
		t.Errorf("word %s: exit %d, %q (%q)", word, code, out, errs)
	}
	code, out, errs = runLingo(t, "", "word", "--index", idx, word, backwards)
	if want := word + ": a word\n" + backwards + ": not a word, but it reads as one backwards\n"; code != 0 || out != want {
		t.Errorf("word %s %s: exit %d, %q (%q); want 0 (Lingo scores a word spelt backwards) and %q", word, backwards, code, out, errs, want)
	}
	code, out, _ = runLingo(t, "", "--index", idx, "word", word, notWord, backwards)
	want := word + ": a word\n" + notWord + ": not a word\n" + backwards + ": not a word, but it reads as one backwards\n"
	if code != 1 || out != want {
		t.Errorf("word %s %s %s (--index before word): exit %d, %q; want 1 and %q", word, notWord, backwards, code, out, want)
	}
	// --json is word's flag, and lingo's before "word" (as --index is).
	for _, args := range [][]string{{"word", "--index", idx, "--json"}, {"--index", idx, "--json", "word"}} {
		code, out, _ = runLingo(t, "", append(args, word, notWord)...)
		var vs []lingo.WordVerdict
		if err := json.Unmarshal([]byte(out), &vs); code != 1 || err != nil || len(vs) != 2 ||
			!vs[0].Valid || vs[0].Word != word || vs[1].Valid || vs[1].Word != notWord {
			t.Errorf("%q: exit %d, %q; want 1 and one JSON array of the two verdicts", args, code, out)
		}
	}
	// "caſt" (a long s) and "ıt" (a dotless i) are not letters A-Z, though
	// Unicode upper-cases them to CAST and IT: they are refused, not
	// answered as the words they resemble.
	for _, bad := range [][]string{{}, {"c4t"}, {"ca\u017ft"}, {"\u0131t"}} {
		code, out, errs := runLingo(t, "", append([]string{"word", "--index", idx}, bad...)...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("word %q: exit %d, stdout %q, stderr %q; want 2 and one line", bad, code, out, errs)
		}
	}
}

// The reader of a bot game sees the board with its labels before the first
// move, and is told, with the board redrawn, each time a move renames the
// squares: exactly when the move grew the board up or left, as a replay of
// the same game through package lingo shows.
func TestLingoShowsTheBoardAndSaysWhenLabelsShift(t *testing.T) {
	idx := lingoIndex(t)
	_, out, errs := runLingo(t, "", "--index", idx, "--seed", "9", "--small", "--players", "3")
	first := strings.Index(out, "  1. [")
	if first < 0 || !strings.Contains(out[:first], "   1 ") || !strings.Contains(out[:first], "      a   b   c") {
		t.Fatalf("no labelled board before the first move:\n%s%s", out, errs)
	}
	const note = "every square has a new name"

	x, err := index.Open(idx)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	o := lingo.Options{Players: 3, Pool: lingo.DefaultPool, Place: lingo.DefaultPlace, Set: lingo.SetSmall}
	names := []string{"bot1", "bot2", "bot3"}
	g, err := lingo.NewGame(o, names, 9, lingo.NewLexicon(x))
	if err != nil {
		t.Fatal(err)
	}
	players := []lingo.Player{lingo.NewBot("bot1"), lingo.NewBot("bot2"), lingo.NewBot("bot3")}
	var shifted []int
	y0, x0 := g.Board.Origin()
	if err := lingo.Run(context.Background(), g, players, func(g *lingo.Game, tn lingo.Turn) {
		if ny, nx := g.Board.Origin(); (ny != y0 || nx != x0) && !g.Over {
			shifted = append(shifted, tn.Number)
		}
		y0, x0 = g.Board.Origin()
	}); err != nil {
		t.Fatal(err)
	}
	if len(shifted) == 0 {
		t.Fatalf("the replay never renamed a square: the test shows nothing")
	}
	var got []int
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if strings.Contains(l, note) {
			m := lingoMove.FindStringSubmatch(lines[i-1])
			if m == nil {
				t.Fatalf("the note follows %q, not a move", lines[i-1])
			}
			n, _ := strconv.Atoi(m[1])
			got = append(got, n)
			if !strings.Contains(lines[i+1], "      a   b") {
				t.Errorf("the note after move %d is not followed by the board", n)
			}
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(shifted) {
		t.Errorf("notes after moves %v; the board was renamed after moves %v", got, shifted)
	}
}
