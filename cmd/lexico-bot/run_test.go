package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/reference"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/match/human"
	"github.com/lexico/lexico/bot/platform/answer"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
)

const docExample = "../../data/gamestates/doc-example.txt"

// botTestWords is a small dictionary for the doc's example rack (TNFSLPI):
// enough plays to choose from, and an index that builds in milliseconds.
var botTestWords = []string{
	"FIN", "FINS", "FIST", "FIT", "FITS", "FLINT", "FLINTS", "FLIP", "FLIPS", "FOOL", "FOOLS",
	"FREED", "IF", "IN", "IS", "IT", "LIFT", "LIFTS", "LIP", "LIPS", "LISP", "NIP", "NO", "ON",
	"PIN", "PINS", "PINT", "PINTS", "PIT", "PITS", "PO", "SIFT", "SIN", "SIP", "SIT", "SLIP",
	"SLIT", "SNIP", "SO", "SPIN", "SPIT", "SPLINT", "SPLIT", "TIN", "TINS", "TIP", "TIPS", "TO",
}

// botIndex builds the small test index once per test binary.
func botIndex(t *testing.T) string {
	t.Helper()
	return testIndex(t, "bot", fixedWords(botTestWords), build.Options{})
}

// testStrategy is the move generator the command tests drive: the default.
const testStrategy = "gaddag"

func runBot(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"lexico-bot"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// legalOnDoc asserts that line is one platform move, legal on the doc's
// example under the test index.
func legalOnDoc(t *testing.T, line []byte) move.Move {
	t.Helper()
	p := gamestatetest.DocExample(t)
	m, err := gamestate.ParseMove(line, p.Board.Size)
	if err != nil {
		t.Fatalf("output %q is not a platform move: %v", line, err)
	}
	x, err := index.Open(botIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	if res := rules.Check(p, m, x); !res.Legal {
		t.Fatalf("move %s is illegal: %s", line, res.Reason)
	}
	return m
}

func TestRunDocExamplePrintsOneLegalMove(t *testing.T) {
	// --sim-iterations: the answer's form is the same after a dozen worlds
	// as after the doc's 5 s MoveTime, which would keep both cores
	// simulating; the simulation stops at the dozenth, well within the
	// budget even on a busy machine (which holds part of it back).
	code, out, errs := runBot(t, "", "run", "--index", botIndex(t), "--strategy", testStrategy, "--sim-iterations", "12", docExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
		t.Fatalf("stdout is not exactly one line: %q", out)
	}
	m := legalOnDoc(t, []byte(strings.TrimSpace(out)))
	if m.Kind != move.Play {
		t.Fatalf("played %s, want a placement (there are many)", m)
	}
	if !strings.Contains(errs, "ResponseDeadline passed") {
		t.Fatalf("stderr does not say the saved deadline has passed:\n%s", errs)
	}
	if !strings.Contains(errs, fmt.Sprintf("simulated %d candidates in", player.DefaultSimCandidates)) {
		t.Fatalf("the default policy is sim, but stderr reports no simulation:\n%s", errs)
	}
}

func TestRunReadsStdinAndJSONForm(t *testing.T) {
	js, err := gamestate.EncodeRequest(gamestatetest.DocExampleRequest(t))
	if err != nil {
		t.Fatal(err)
	}
	// The equity policy: a timed simulation need not answer the same twice.
	_, fromFile, _ := runBot(t, "", "run", "--index", botIndex(t), "--strategy", testStrategy, "--policy", "equity", docExample)
	code, fromStdin, errs := runBot(t, string(js), "run", "--index", botIndex(t), "--strategy", testStrategy, "--policy", "equity", "-")
	if code != 0 || fromStdin != fromFile {
		t.Fatalf("stdin (JSON form): exit %d, %q; file (Python form): %q\n%s", code, fromStdin, fromFile, errs)
	}
}

// runAsJSON runs `run --json` with the test index and args, on stdin, and
// returns the report and stderr; a failed run or an unreadable report
// fails the test.
func runAsJSON(t *testing.T, stdin string, args ...string) (runJSON, string) {
	t.Helper()
	args = append([]string{"run", "--index", botIndex(t), "--strategy", testStrategy, "--json"}, args...)
	code, out, errs := runBot(t, stdin, args...)
	if code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errs)
	}
	var got runJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("--json output %q: %v", out, err)
	}
	return got, errs
}

func TestRunJSONWithTop(t *testing.T) {
	got, _ := runAsJSON(t, "", "--policy", "equity", "--top", "3", docExample)
	legalOnDoc(t, got.Move)
	if len(got.Top) != 3 || string(got.Top[0].Move) != string(got.Move) {
		t.Fatalf("top %d candidates, first %s; want 3 led by the move %s", len(got.Top), got.Top[0].Move, got.Move)
	}
	for i := 1; i < len(got.Top); i++ {
		if got.Top[i].Equity > got.Top[i-1].Equity {
			t.Fatalf("top not best first: %v after %v", got.Top[i].Equity, got.Top[i-1].Equity)
		}
	}
	if len(got.Words) == 0 || got.Score == 0 || got.Plays == 0 || !got.Complete {
		t.Fatalf("report lacks words, score or search figures: %+v", got)
	}
}

// Every policy's report says each word of its move (and of the --top list)
// is in the dictionary: a legal move forms only words the index holds, and
// the report marks each against that index, not just scores it.
func TestRunJSONWordsAreValid(t *testing.T) {
	inDict := map[string]bool{}
	for _, w := range botTestWords {
		inDict[w] = true
	}
	for _, args := range [][]string{{"greedy"}, {"equity"}, {"sim", "--sim-iterations", "4"}} {
		policy := args[0]
		got, _ := runAsJSON(t, "", append(append([]string{"--policy"}, args...), "--top", "3", docExample)...)
		if len(got.Words) == 0 {
			t.Fatalf("%s: the report lists no words: %+v", policy, got)
		}
		for _, c := range append([]answer.MoveReport{got.MoveReport}, got.Top...) {
			for _, w := range c.Words {
				if !inDict[w.Word] {
					t.Fatalf("%s: move %s forms %q, not in the test dictionary", policy, c.Move, w.Word)
				}
				if !w.Valid {
					t.Errorf("%s: move %s reports %q (in the dictionary) as valid:false", policy, c.Move, w.Word)
				}
			}
		}
	}
}

// The sim policy reports its simulation: how many worlds, each listed
// candidate's simulated figures, the candidates in the simulation's order,
// and the move it answers is the first of them.
func TestRunSimReportsItsSimulation(t *testing.T) {
	got, errs := runAsJSON(t, "", "--policy", "sim", "--sim-iterations", "8", "--sim-candidates", "6", "--top", "4", docExample)
	legalOnDoc(t, got.Move)
	sim := got.Sim
	if sim == nil || sim.Iterations != 8 || sim.Candidates != 6 || sim.Plies != 2 || sim.Error != "" || sim.Rank != montecarlo.DefaultRank.String() {
		t.Fatalf("simulation %+v; want 8 worlds of 6 candidates, 2 plies, ranked by %s", sim, montecarlo.DefaultRank)
	}
	if len(got.Top) != 4 || string(got.Top[0].Move) != string(got.Move) || got.Sim == nil {
		t.Fatalf("top %+v; want 4 led by the move %s", got.Top, got.Move)
	}
	for i, c := range got.Top {
		if c.Sim == nil || c.Sim.WinRate < 0 || c.Sim.WinRate > 1 {
			t.Fatalf("candidate %d has no simulated figures: %+v", i, c)
		}
		// In the order of the ranking the simulation says it used.
		key := func(r *answer.SimResult) float64 { return r.Equity }
		if sim.Rank == "winprob" {
			key = func(r *answer.SimResult) float64 { return r.WinProb }
		}
		if i > 0 && key(c.Sim) > key(got.Top[i-1].Sim) {
			t.Fatalf("top not in the simulation's order (%s): %v after %v", sim.Rank, key(c.Sim), key(got.Top[i-1].Sim))
		}
	}
	if !strings.Contains(errs, "simulated 6 candidates in 8 worlds of 2 plies") {
		t.Fatalf("stderr does not say what was simulated: %s", errs)
	}
}

// A gamestate whose tiles no set could hold (three Zs in a classic hand)
// is refused with one line naming the field, exit 2, before any search.
func TestRunRefusesTilesNoBagHolds(t *testing.T) {
	doc := gamestatetest.DocExampleBytes(t)
	zzz := strings.Replace(string(doc), "'MyHand': ['T', 'N', 'F', 'S', 'L', 'P', 'I']", "'MyHand': ['Z', 'Z', 'Z', 'S', 'L', 'P', 'I']", 1)
	if zzz == string(doc) {
		t.Fatal("the doc example's hand has changed: update this test")
	}
	code, out, errs := runBot(t, zzz, "run", "--index", botIndex(t), "--strategy", testStrategy, "-")
	if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "MyHand: 3 Z in the hand") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 and one line naming MyHand", code, out, errs)
	}
}

// A gamestate a game can reach but whose tiles Parse's guess of the bag
// cannot hold (four H: the wwf bag has four, the multipliers bag two)
// cannot be simulated: the sim policy still answers, with the search's
// choice, and says why it did not simulate.
func TestRunSimFallsBackWhenTheUnseenTilesAreUnknown(t *testing.T) {
	doc := gamestatetest.DocExampleBytes(t)
	hhh := strings.Replace(string(doc), "'MyHand': ['T', 'N', 'F', 'S', 'L', 'P', 'I']", "'MyHand': ['H', 'H', 'H', 'S', 'L', 'P', 'I']", 1)
	hhh = strings.Replace(hhh, "'DoubleWordList': [],", "'DoubleWordList': [[0, 0]],", 1)
	if !strings.Contains(hhh, "'H', 'H', 'H'") || !strings.Contains(hhh, "[[0, 0]]") {
		t.Fatal("the doc example's hand or premium lists have changed: update this test")
	}
	got, errs := runAsJSON(t, hhh, "--policy", "sim", "-")
	if got.Sim == nil || got.Sim.Iterations != 0 || !strings.Contains(got.Sim.Error, "2 more H than the multipliers set has") {
		t.Fatalf("simulation %+v; want none, with the reason", got.Sim)
	}
	if !strings.Contains(errs, "not simulated") || len(got.Move) == 0 {
		t.Fatalf("stderr %q, move %s", errs, got.Move)
	}
}

func TestRunGreedyTakesTheTopScore(t *testing.T) {
	p := gamestatetest.DocExample(t)
	x, err := index.Open(botIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	best := 0
	reference.NewExhaustive(x).Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: func(m *move.Move) { best = max(best, m.Score) }})
	x.Close()
	got, _ := runAsJSON(t, "", "--policy", "greedy", docExample)
	if got.Score != best || best == 0 {
		t.Fatalf("greedy scored %d, the best play scores %d", got.Score, best)
	}
}

// run --board draws the board as every command names squares (columns A-O,
// rows 1-15 from the top), the move's tiles marked on their squares, and
// --top lists each play as the page and play write it (H8 across WORD).
func TestRunBoardIsPlainOffTerminal(t *testing.T) {
	code, out, errs := runBot(t, "", "run", "--index", botIndex(t), "--strategy", testStrategy, "--policy", "equity", "--board", "--top", "3", docExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := legalOnDoc(t, []byte(strings.TrimSpace(out)))
	if strings.Contains(errs, "\x1b[") {
		t.Fatalf("colour codes written to a non-terminal")
	}
	lines := strings.Split(errs, "\n")
	head := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "      A   B   C") })
	if head < 0 {
		t.Fatalf("no board with columns lettered A, B, C...:\n%s", errs)
	}
	// Rows by their label, the number at the left.
	rows := map[string]string{}
	for _, line := range lines[head+1:] {
		if f := strings.Fields(line); len(f) > 0 {
			rows[f[0]] = line
		}
	}
	for _, pl := range m.Tiles {
		name := board.SquareName(pl.Row, pl.Col)
		x := strings.IndexByte(lines[head], board.ColumnName(pl.Col))
		row := rows[fmt.Sprint(board.RowName(pl.Row))]
		if len(row) < x+2 || row[x-1:x+2] != "["+string(pl.Letter)+"]" {
			t.Fatalf("tile %c at %s not marked under column %c in row %q", pl.Letter, name, board.ColumnName(pl.Col), row)
		}
	}
	// The doc's ODIOUS is on the platform's y=5: row 10 from the top.
	if row := rows["10"]; !strings.Contains(row, "O   D   I   O   U   S") || !strings.HasSuffix(row, " 10") {
		t.Fatalf("row 10 should hold ODIOUS from the doc's board: %q", row)
	}
	top := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "#") })
	if top < 0 || !strings.Contains(lines[top], "play") || top+1 >= len(lines) {
		t.Fatalf("no --top table with a play column:\n%s", errs)
	}
	want := human.Format(gamestatetest.DocExample(t).Board, m)
	if !regexp.MustCompile(`^[A-O]\d+ (across|down) [A-Z]+$`).MatchString(want) || !strings.Contains(lines[top+1], "  "+want+"  ") {
		t.Errorf("--top's first row %q does not show the move played as %q", lines[top+1], want)
	}
}

// --sim-threads reaches the simulation of every seat that simulates, and
// leaves the others alone.
func TestSimThreadsReachTheSimulation(t *testing.T) {
	sim, err := player.New("sim", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	eq, err := player.New("equity", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := eq.(*player.Static); !ok {
		t.Fatalf("equity is a %T", eq)
	}
	o := simOptions{Candidates: player.DefaultSimCandidates, Threads: 1}
	o.Given[3] = true
	if err := applySim(o, sim, eq); err != nil {
		t.Fatal(err)
	}
	if s, ok := sim.(*player.Sim); !ok || s.Simulator.Threads != 1 {
		t.Errorf("after --sim-threads 1: sim's policy %+v; want its simulation on 1 thread", sim)
	}
}

// --sim-end-bag sets the bag from which the simulation plays every world
// to the game's end; left alone it is the policy's default, and a
// negative one is refused by name.
func TestSimEndBagReachesTheSimulation(t *testing.T) {
	for _, c := range []struct {
		endBag int
		given  bool
		want   int
	}{{montecarlo.DefaultEndgameBag, false, montecarlo.DefaultEndgameBag}, {13, true, 13}, {0, true, 0}} {
		sim, err := player.New("sim", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		o := simOptions{Candidates: player.DefaultSimCandidates, Plies: montecarlo.DefaultPlies, EndBag: c.endBag}
		o.Given[4] = c.given
		if err := applySim(o, sim); err != nil {
			t.Fatal(err)
		}
		if got := sim.(*player.Sim).Simulator.EndgameBag; got != c.want {
			t.Errorf("--sim-end-bag %d: the simulation plays to the end from %d in the bag; want %d", c.endBag, got, c.want)
		}
	}
	sim, err := player.New("sim", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	o := simOptions{Candidates: player.DefaultSimCandidates, EndBag: -1}
	o.Given[4] = true
	if err := applySim(o, sim); err == nil || !strings.Contains(err.Error(), "--sim-end-bag -1") {
		t.Errorf("--sim-end-bag -1: %v; want it refused by name", err)
	}
}

func TestRunBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	garbage := write("garbage.txt", "{'Board': [[' ']], 'MyHand': 7")
	corrupt := write("corrupt.db", strings.Repeat("not a bbolt file ", 1000))
	leaves := write("leaves.csv", "feature,key,value\ntile,S,lots\n")
	idx := botIndex(t)
	cases := []struct {
		name    string
		args    []string
		mention string
	}{
		{"no argument", []string{"run", "--index", idx}, "one GAMESTATE"},
		{"two arguments", []string{"run", "--index", idx, docExample, docExample}, "one GAMESTATE file (or - for stdin), got 2 arguments"},
		{"broken gamestate", []string{"run", "--index", idx, garbage}, "gamestate"},
		{"missing gamestate", []string{"run", "--index", idx, filepath.Join(dir, "nope.txt")}, "nope.txt"},
		{"missing index", []string{"run", "--index", filepath.Join(dir, "nope.db"), docExample}, "nope.db"},
		{"corrupt index", []string{"run", "--index", corrupt, docExample}, "index"},
		{"unknown policy", []string{"run", "--index", idx, "--strategy", testStrategy, "--policy", "random", docExample}, "policy"},
		{"unknown strategy", []string{"run", "--index", idx, "--strategy", "magic", docExample}, "strategy"},
		{"bad leave table", []string{"run", "--index", idx, "--strategy", testStrategy, "--leaves", leaves, docExample}, "line 2"},
		{"bad margin", []string{"run", "--index", idx, "--margin", "1.5", docExample}, "margin"},
		{"NaN margin", []string{"run", "--index", idx, "--margin", "NaN", docExample}, "--margin NaN"},
		{"negative reserve", []string{"run", "--index", idx, "--reserve", "-5ms", docExample}, "--reserve -5ms"},
		{"negative margin cap", []string{"run", "--index", idx, "--margin-max", "-1s", docExample}, "--margin-max -1s"},
		{"sim flag without sim", []string{"run", "--index", idx, "--policy", "equity", "--sim-plies", "3", docExample}, "--sim-plies applies to the sim policy"},
		{"negative iterations", []string{"run", "--index", idx, "--policy", "sim", "--sim-iterations", "-1", docExample}, "--sim-iterations -1"},
		{"one candidate", []string{"run", "--index", idx, "--policy", "sim", "--sim-candidates", "1", docExample}, "at least 2"},
		{"no candidates", []string{"run", "--index", idx, "--policy", "sim", "--sim-candidates", "0", docExample}, "--sim-candidates 0: a simulation compares at least 2"},
		{"negative threads", []string{"run", "--index", idx, "--policy", "sim", "--sim-threads", "-2", docExample}, "--sim-threads -2"},
		{"threads without sim", []string{"run", "--index", idx, "--policy", "equity", "--sim-threads", "1", docExample}, "--sim-threads applies to the sim policy"},
	}
	for _, c := range cases {
		code, out, errs := runBot(t, "", c.args...)
		if code == 0 || out != "" {
			t.Errorf("%s: exit %d, stdout %q; want a failure and nothing on stdout", c.name, code, out)
		}
		if !strings.Contains(errs, c.mention) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
			t.Errorf("%s: stderr %q should be one line mentioning %q", c.name, errs, c.mention)
		}
	}
}

// With no --index and no $LEXICO_INDEX, run plays with the index cached for
// the gamestate's Dictionary URL, and says nothing about dictionaries.
func TestRunUsesTheIndexCachedForTheDictionaryURL(t *testing.T) {
	// The index cache is a temporary one, not the user's: os.UserCacheDir
	// reads XDG_CACHE_HOME on Linux, HOME elsewhere.
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
	t.Setenv("LEXICO_INDEX", "")
	const url = "http://127.0.0.1:9/lexico-test-words.txt" // never fetched
	path, err := build.DictionaryIndexPath("", url)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	idx, err := os.ReadFile(botIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, idx, 0o644); err != nil {
		t.Fatal(err)
	}
	doc := gamestatetest.DocExampleBytes(t)
	gs := strings.Replace(string(doc), "https://s3.eu-west-2.amazonaws.com/aigaming2/Lexico/dictionary.txt", url, 1)
	if gs == string(doc) {
		t.Fatal("the doc example no longer names its dictionary URL")
	}
	code, out, errs := runBot(t, gs, "run", "--policy", "equity", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Contains(errs, "dictionary") || strings.Contains(errs, "building the default index") {
		t.Fatalf("run did not take the cached index for %s:\n%s", url, errs)
	}
	legalOnDoc(t, []byte(strings.TrimSpace(out)))
}

// Leave values are data: a table that prizes the T makes run keep it,
// where the default table plays it (FLINT).
func TestRunLeavesTableChangesTheChoice(t *testing.T) {
	table := filepath.Join(t.TempDir(), "leaves.csv")
	if err := os.WriteFile(table, []byte("feature,key,value\ntile,T,100\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The plain table prices T low, so that the test does not depend on
	// what the default values (a learned table) think of the T.
	cheap := filepath.Join(t.TempDir(), "cheap.csv")
	if err := os.WriteFile(cheap, []byte("feature,key,value\ntile,T,-100\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var plain, prized runJSON
	for _, c := range []struct {
		args []string
		into *runJSON
	}{{[]string{"--leaves", cheap}, &plain}, {[]string{"--leaves", table}, &prized}} {
		args := append([]string{"run", "--index", botIndex(t), "--policy", "equity", "--json"}, c.args...)
		code, out, errs := runBot(t, "", append(args, docExample)...)
		if code != 0 || json.Unmarshal([]byte(out), c.into) != nil {
			t.Fatalf("%v: exit %d, %q: %s", c.args, code, out, errs)
		}
	}
	if strings.Contains(plain.Leave, "T") {
		t.Fatalf("with T worth -100 the bot keeps the T (%s); the test needs a position where it is played", plain.Leave)
	}
	if !strings.Contains(prized.Leave, "T") {
		t.Fatalf("with T worth 100 the bot still plays it: %s keeps %q", prized.Move, prized.Leave)
	}
	legalOnDoc(t, prized.Move)
}

// TestTopSaysTheMarginAWinIsProvenBy: --top's value column says what the
// endgame solver proved of its move: the exact margin for a solved
// endgame, at least a margin (">=") for a win Raise made larger, "win"
// for a win whatever the bag holds.
func TestTopSaysTheMarginAWinIsProvenBy(t *testing.T) {
	p := gamestatetest.DocExample(t)
	m := move.Move{Kind: move.Play, Score: 9, Tiles: []move.Placement{{Row: 9, Col: 14, Letter: 'T'}}}
	top := []player.Candidate{{Move: m, Equity: 12, Leave: p.Rack}}
	for kind, want := range map[player.EndgameKind]string{player.Solved: "+12", player.Won: ">=+12", player.WonWhateverDrawn: "win"} {
		var out bytes.Buffer
		writeTop(&out, p, nil, top, nil, &player.Endgame{Kind: kind, Proven: true, Value: 12})
		fields := strings.Fields(strings.Split(out.String(), "\n")[1])
		if len(fields) < 3 || fields[2] != want {
			t.Errorf("%v: the row %q, want the value %q", kind, fields, want)
		}
	}
}

// TestTopShowsWorldsAndTheBingo: --top shows each candidate's worlds, so
// that a candidate a race dropped sooner (fewer worlds) is seen to rank
// below one played longer whatever their means, and a play of the whole
// rack says its bingo bonus, which its words' scores leave out.
func TestTopShowsWorldsAndTheBingo(t *testing.T) {
	p := gamestatetest.DocExample(t)
	var tiles []move.Placement
	for c, l := range "RETAINS" {
		tiles = append(tiles, move.Placement{Row: 0, Col: c, Letter: byte(l)})
	}
	bingo := move.Move{Kind: move.Play, Score: 59, Tiles: tiles}
	short := move.Move{Kind: move.Play, Score: 9, Tiles: []move.Placement{{Row: 9, Col: 14, Letter: 'T'}}}
	top := []player.Candidate{{Move: bingo, Equity: 59}, {Move: short, Equity: 12}}
	sim := &player.Simulation{Candidates: 2, Iterations: 400, Results: []montecarlo.Result{
		{Iterations: 400, Equity: 50}, {Iterations: 48, Equity: 51, Dropped: true}}}
	var out bytes.Buffer
	writeTop(&out, p, nil, top, sim, nil)
	lines := strings.Split(out.String(), "\n")
	if len(lines) < 3 || !slices.Contains(strings.Fields(lines[0]), "worlds") {
		t.Fatalf("the table %q has no worlds column", out.String())
	}
	if f := strings.Fields(lines[1]); len(f) < 5 || f[4] != "400" || !strings.Contains(lines[1], "bingo 50") {
		t.Errorf("the bingo's row %q: want 400 worlds and its bingo's 50 points", lines[1])
	}
	if f := strings.Fields(lines[2]); len(f) < 5 || f[4] != "48" || strings.Contains(lines[2], "bingo") {
		t.Errorf("the dropped candidate's row %q: want 48 worlds and no bingo", lines[2])
	}
	if s := simSummary(sim); !strings.Contains(s, "played longer rank first") {
		t.Errorf("the summary %q does not say why a dropped candidate ranks lower", s)
	}
}
