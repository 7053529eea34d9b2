package main

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/scripts/internal/late"
)

// setFile is the middle-game set, whose positions the tests below that
// need a real one take.
const setFile = "../../data/quality/positions.jsonl"

// committedSet is a position set in data/quality, its reference and extra
// moves, and what each of its positions must be.
type committedSet struct {
	dir       string
	positions int
	stage     string // stages' key
}

var committedSets = []committedSet{
	{"../../data/quality", 250, "middle"},
	{"../../data/quality/pre-endgame", 150, "pre-endgame"},
	{"../../data/quality/late", 150, "late"},
	{"../../data/quality/endgame", 150, "endgame"},
}

// Each committed set is what docs/quality.md says: the middle set's 250
// full-rack middle-game positions, the pre-endgame set's 150 with 1 to 7
// in the bag, the late set's 150 with 8 to 13 and the endgame set's 150
// with the bag empty, the game in doubt, each named in the sources file,
// none twice.
func TestTheSetsAreOfTheirStage(t *testing.T) {
	for _, cs := range committedSets {
		set, err := readSet(cs.dir + "/positions.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		if len(set) != cs.positions {
			t.Errorf("%s: %d positions, want %d", cs.dir, len(set), cs.positions)
		}
		seen := map[string]int{}
		for _, s := range set {
			if !stages[cs.stage](s.Pos) {
				t.Errorf("%s line %d: not a %s position (bag %d, %d tiles on the board, rack %d, spread %d)", cs.dir, s.Line, cs.stage,
					s.Pos.BagCount, s.Pos.Board.TileCount(), s.Pos.Rack.N, s.Pos.MyScore-s.Pos.OppScore)
			}
			if l, ok := seen[s.ID]; ok {
				t.Errorf("%s line %d is line %d again", cs.dir, s.Line, l)
			}
			seen[s.ID] = s.Line
		}
		data, err := os.ReadFile(cs.dir + "/positions.sources.tsv")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		if len(lines) != len(set) {
			t.Errorf("%s: %d source lines for %d positions", cs.dir, len(lines), len(set))
		}
	}
}

// The stages' filters: a pre-endgame position has 1 to 7 tiles in the bag,
// a full rack and a spread within 100, a late one 8 to 13 and the same; a
// middle-game one at least 14; an endgame one the bag empty, a spread
// within 100 and any rack but none.
func TestStageFilters(t *testing.T) {
	set, err := readSet(setFile)
	if err != nil {
		t.Fatal(err)
	}
	p := *set[0].Pos
	for _, c := range []struct {
		bag, spread, rack      int
		middle, pre, late, end bool
	}{
		{14, 0, 7, true, false, false, false}, {13, 0, 7, false, false, true, false}, {8, -100, 7, false, false, true, false},
		{8, 101, 7, false, false, false, false}, {10, 0, 6, false, false, false, false}, {7, 0, 7, false, true, false, false},
		{1, -100, 7, false, true, false, false}, {1, 101, 7, false, false, false, false}, {0, 0, 7, false, false, false, true},
		{3, 0, 6, false, false, false, false}, {30, 500, 7, true, false, false, false}, {0, -100, 3, false, false, false, true},
		{0, 101, 7, false, false, false, false}, {0, 0, 0, false, false, false, false},
	} {
		q := p
		q.BagCount, q.MyScore, q.OppScore = c.bag, 300+c.spread, 300
		for q.Rack.N > c.rack {
			q.Rack.Remove(q.Rack.Tiles()[0])
		}
		if lastTile(&q) != (c.pre && c.bag == 1) {
			t.Errorf("bag %d, spread %d, rack %d: last-tile %v", c.bag, c.spread, c.rack, lastTile(&q))
		}
		if middle(&q) != c.middle || preEndgame(&q) != c.pre || lateGame(&q) != c.late || endgameStage(&q) != c.end {
			t.Errorf("bag %d, spread %d, rack %d: middle %v pre-endgame %v late %v endgame %v, want %v, %v, %v and %v", c.bag, c.spread, c.rack,
				middle(&q), preEndgame(&q), lateGame(&q), endgameStage(&q), c.middle, c.pre, c.late, c.end)
		}
	}
}

// A reference's worlds are played again as they were made: a line
// without end_bag (made before it was a setting) went to the end from 7 in
// the bag, the late set's from 13, and quality extra must play them so or
// refuse every move as not the same worlds.
func TestExtraPlaysTheReferencesWorlds(t *testing.T) {
	for _, c := range []struct {
		dir  string
		want int
	}{{"../../data/quality/pre-endgame", 7}, {"../../data/quality/late", 13}, {"../../data/quality", 7}} {
		set, err := readSet(c.dir + "/positions.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		refs, err := readReference(c.dir+"/reference.jsonl", set)
		if err != nil {
			t.Fatal(err)
		}
		r := refs[1]
		o := r.options(2)
		if o.endBag != c.want || o.seed != r.Seed || o.worlds != r.Worlds || o.plies != r.Plies || o.threads != 2 {
			t.Errorf("%s: played again with %+v; want seed %d, %d worlds, %d plies, to the end from %d", c.dir, o, r.Seed, r.Worlds, r.Plies, c.want)
		}
		if got := simulator(&late.Kit{}, o, 0).EndgameBag; got != c.want {
			t.Errorf("%s: the simulator plays to the end from %d; want %d", c.dir, got, c.want)
		}
	}
}

// Each committed reference is of its set, covers every position, every candidate's move
// parses to its key, the best comes first with nothing above it, and the
// figures hang together.
func TestTheReferenceIsWellFormed(t *testing.T) {
	for _, cs := range committedSets {
		t.Run(cs.stage, func(t *testing.T) { checkReference(t, cs.dir) })
	}
}

func checkReference(t *testing.T, dir string) {
	set, err := readSet(dir + "/positions.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	refs, err := readReference(dir+"/reference.jsonl", set)
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) != len(set) {
		t.Errorf("%s: a reference for %d of %d positions", dir, len(refs), len(set))
	}
	for line, r := range refs {
		if r.Unproven {
			if !r.Solved || len(r.Cands) != 0 {
				t.Errorf("line %d: unproven, solved %v, with %d candidates", line, r.Solved, len(r.Cands))
			}
			continue
		}
		if r.Solved {
			checkSolved(t, line, r)
		}
		size := set[line-1].Pos.Board.Size
		if r.Cands[0].Key != r.Best || r.Cands[0].Diff != 0 {
			t.Errorf("line %d: the first candidate %s (diff %v) is not the best %s", line, r.Cands[0].Key, r.Cands[0].Diff, r.Best)
		}
		keys := map[string]bool{}
		for _, c := range r.Cands {
			key, _, err := moveKey(c.Move, size)
			if err != nil || key != c.Key {
				t.Errorf("line %d: move %s parses to %q (%v), listed as %q", line, c.Move, key, err, c.Key)
			}
			if keys[c.Key] {
				t.Errorf("line %d: %s listed twice", line, c.Key)
			}
			keys[c.Key] = true
			if c.Diff > 0 || c.Mean > r.Cands[0].Mean {
				t.Errorf("line %d: %s is above the best (diff %v)", line, c.Key, c.Diff)
			}
			if c.Worlds != r.Worlds && (c.Worlds != r.PruneAfter || c.Key == r.Best) {
				t.Errorf("line %d: %s played %d worlds: want %d, or %d when dropped (never the best)", line, c.Key, c.Worlds, r.Worlds, r.PruneAfter)
			}
			if len(c.Q) != 9 || c.Win < 0 || c.Win > 1 || c.SE <= 0 && !r.Solved {
				t.Errorf("line %d: %s: %d quantiles, win %v, se %v", line, c.Key, len(c.Q), c.Win, c.SE)
			}
			for i := 1; i < len(c.Q); i++ {
				if c.Q[i] < c.Q[i-1] {
					t.Errorf("line %d: %s: quantiles out of order %v", line, c.Key, c.Q)
					break
				}
			}
		}
	}
	extraFile := dir + "/extra.jsonl"
	extras, _, torn, err := readJSONLines[extraMove](extraFile)
	if err != nil || torn {
		t.Fatalf("%s: %v (torn %v)", extraFile, err, torn)
	}
	for _, e := range extras {
		r := refs[e.Line]
		if r == nil {
			t.Errorf("extra move %s on line %d, which the reference lacks", e.Key, e.Line)
			continue
		}
		if r.find(e.Key) != nil {
			t.Errorf("extra move %s on line %d is also a reference candidate", e.Key, e.Line)
		}
		if key, _, err := moveKey(e.Move, 15); e.Illegal == "" && (err != nil || key != e.Key) {
			t.Errorf("extra move %s on line %d parses to %q (%v)", e.Move, e.Line, key, err)
		}
	}
}

// checkSolved checks what a solved endgame's reference says of its own
// kind: one world, exact points (no standard error), and each candidate's
// win what its final margin makes it.
func checkSolved(t *testing.T, line int, r *refPosition) {
	t.Helper()
	if r.Worlds != 1 || r.Bag != 0 || r.SolveNodes <= 0 {
		t.Errorf("line %d: solved, but %d worlds, bag %d, a budget of %d nodes", line, r.Worlds, r.Bag, r.SolveNodes)
	}
	for _, c := range r.Cands {
		final := float64(r.Spread) + c.Mean
		want := 0.5
		if final > 0 {
			want = 1
		} else if final < 0 {
			want = 0
		}
		if c.SE != 0 || c.Worlds != 1 || c.Margin != final || c.Win != want || c.Mean != math.Round(c.Mean) {
			t.Errorf("line %d: %s: points %v, se %v, %d worlds, final margin %v, win %v (want %v)", line, c.Key, c.Mean, c.SE, c.Worlds, c.Margin, c.Win, want)
		}
	}
}

// A chosen move is matched to the reference's candidate that places the
// same tiles, whatever order it lists them in; a blank is another move
// than the letter; an exchange is matched by its tiles in any order; a
// move the reference lacks is taken from the extra moves, an illegal one
// counted apart, and neither is ever taken as the best or the worst.
func TestAnswersAreRatedAgainstTheMatchingCandidate(t *testing.T) {
	set, err := readSet(setFile)
	if err != nil {
		t.Fatal(err)
	}
	exKey, _, err := moveKey([]byte(`[["V","Blank","Q"],["Pass"]]`), 15)
	if err != nil {
		t.Fatal(err)
	}
	ref := &refPosition{Line: 1, Best: "7,7C 7,8a", Cands: []refCandidate{
		// C at [7,7] and a blank for A at [8,7]: row 14-7 = 7 (y points up).
		{Key: "7,7C 7,8a", Move: json.RawMessage(`[["C","Blank"],[[7,7],[8,7]],["A"]]`), Win: 0.70},
		{Key: "7,7C 7,8A", Move: json.RawMessage(`[["C","A"],[[7,7],[8,7]]]`), Diff: -2.5, Win: 0.66},
		{Key: exKey, Move: json.RawMessage(`[["Q","V","Blank"],["Pass"]]`), Diff: -7, Win: 0.5},
	}}
	refs := map[int]*refPosition{1: ref}
	extras := []extraMove{
		{Line: 1, refCandidate: refCandidate{Key: "0,0H 0,1I", Diff: -11, Win: 0.4}},
		{Line: 1, refCandidate: refCandidate{Key: "0,0Z 0,1Z"}, Illegal: "not a word"},
	}
	ans := func(policy string, line int, mv string) choice {
		return choice{Policy: policy, BudgetMS: 1000, Line: line, Move: json.RawMessage(mv)}
	}
	choices := []choice{
		ans("blank-reversed", 1, `[["Blank","C"],[[8,7],[7,7]],["A"]]`),
		ans("letter", 1, `[["A","C"],[[8,7],[7,7]]]`),
		ans("exchange", 1, `[["Blank","V","Q"],["Pass"]]`),
		ans("extra", 1, `[["I","H"],[[1,14],[0,14]]]`),
		ans("illegal", 1, `[["Z","Z"],[[0,14],[1,14]]]`),
		ans("unvalued", 1, `[["Q"],[[3,3]]]`),
		ans("unvalued", 2, `[["Q"],[[3,3]]]`),
	}
	runs, err := rate(set, refs, extras, choices)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		loss, ahead float64
		best        bool
	}{
		"blank-reversed": {0, 0, true},
		"letter":         {2.5, 0.04, false},
		"exchange":       {7, 0.2, false},
		"extra":          {11, 0.3, false},
	}
	for name, w := range want {
		r := runs[name+"@1000ms"]
		a, ok := r.answers[1]
		if !ok {
			t.Errorf("%s: not rated (%d unvalued, %d illegal)", name, r.unvalued, r.illegal)
			continue
		}
		if math.Abs(a.loss-w.loss) > 1e-9 || math.Abs(a.ahead-w.ahead) > 1e-9 || a.best != w.best {
			t.Errorf("%s: loss %v, ahead %v, best %v; want %v, %v, %v", name, a.loss, a.ahead, a.best, w.loss, w.ahead, w.best)
		}
	}
	if r := runs["illegal@1000ms"]; len(r.answers) != 0 || r.illegal != 1 {
		t.Errorf("illegal: %d rated, %d illegal; want 0 and 1", len(r.answers), r.illegal)
	}
	if r := runs["unvalued@1000ms"]; len(r.answers) != 0 || r.unvalued != 1 || r.noRef != 1 {
		t.Errorf("unvalued: %d rated, %d unvalued, %d without reference; want 0, 1, 1", len(r.answers), r.unvalued, r.noRef)
	}
}

// Where the reference solved its candidates exactly, a move valued later
// that beats the reference's best becomes the best the answers are rated
// against, so that no answer is rated below zero; where it simulated, the
// reference's best stays the mark, whatever a later move's noisy mean.
func TestExactlyValuedExtrasRaiseTheBest(t *testing.T) {
	set, err := readSet(setFile)
	if err != nil {
		t.Fatal(err)
	}
	cands := func() []refCandidate {
		return []refCandidate{
			{Key: "7,7C 7,8A", Move: json.RawMessage(`[["C","A"],[[7,7],[8,7]]]`), Win: 0.5},
			{Key: "7,7C 7,8a", Move: json.RawMessage(`[["C","Blank"],[[7,7],[8,7]],["A"]]`), Diff: -2, Win: 0.5},
		}
	}
	extras := []extraMove{
		{Line: 1, refCandidate: refCandidate{Key: "0,0H 0,1I", Diff: 3, Win: 0.75}},
		{Line: 2, refCandidate: refCandidate{Key: "0,0H 0,1I", Diff: 3, Win: 0.75}},
		{Line: 1, refCandidate: refCandidate{Key: "0,0Z 0,1Z", Diff: 50, Win: 1}, Illegal: "not a word"},
	}
	refs := map[int]*refPosition{
		1: {Line: 1, Solved: true, Bag: 1, Best: "7,7C 7,8A", Cands: cands()},
		2: {Line: 2, Best: "7,7C 7,8A", Cands: cands()},
	}
	var choices []choice
	for line := 1; line <= 2; line++ {
		choices = append(choices,
			choice{Policy: "reference-best", BudgetMS: 1000, Line: line, Move: json.RawMessage(`[["C","A"],[[7,7],[8,7]]]`)},
			choice{Policy: "extra", BudgetMS: 1000, Line: line, Move: json.RawMessage(`[["I","H"],[[1,14],[0,14]]]`)})
	}
	runs, err := rate(set, refs, extras, choices)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		policy      string
		line        int
		loss, ahead float64
		best        bool
	}{
		{"reference-best", 1, 3, 0.25, false}, // solved: the extra is the best known
		{"extra", 1, 0, 0, true},
		{"reference-best", 2, 0, 0, true}, // simulated: the reference's best stays
		{"extra", 2, -3, -0.25, false},
	}
	for _, w := range want {
		a, ok := runs[w.policy+"@1000ms"].answers[w.line]
		if !ok {
			t.Errorf("%s, line %d: not rated", w.policy, w.line)
			continue
		}
		if math.Abs(a.loss-w.loss) > 1e-9 || math.Abs(a.ahead-w.ahead) > 1e-9 || a.best != w.best {
			t.Errorf("%s, line %d: loss %v, ahead %v, best %v; want %v, %v, %v", w.policy, w.line, a.loss, a.ahead, a.best, w.loss, w.ahead, w.best)
		}
	}
}

// Answers to a set that was regenerated since they were asked are refused,
// not scored against positions they were not given: an answer names its
// position, and one past the set's end is refused too. Answers written
// before they named it are taken by their line.
func TestAnswersToAnotherSetAreRefused(t *testing.T) {
	set, err := readSet(setFile)
	if err != nil {
		t.Fatal(err)
	}
	mv := json.RawMessage(`[["Q"],[[3,3]]]`)
	ok := []choice{
		{Policy: "sim", Line: 1, Gamestate: set[0].ID, Move: mv},
		{Policy: "sim", Line: 2, Move: mv},
	}
	if err := ofSet("answers.jsonl", set, ok); err != nil {
		t.Errorf("answers to the set's own positions: %v", err)
	}
	for _, c := range []choice{
		{Policy: "sim", Line: 2, Gamestate: set[0].ID, Move: mv},
		{Policy: "sim", Line: len(set) + 1, Move: mv},
		{Policy: "sim", Line: 0, Move: mv},
	} {
		var usage usageError
		if err := ofSet("answers.jsonl", set, []choice{c}); !errors.As(err, &usage) {
			t.Errorf("line %d naming %q: %v, want a usage error", c.Line, c.Gamestate, err)
		}
	}
}

// A candidate's figures: its loss to the best world by world, the share of
// worlds it leads in, and the quantiles of its lead.
func TestCandidateFigures(t *testing.T) {
	set, err := readSet(setFile)
	if err != nil {
		t.Fatal(err)
	}
	p := set[0].Pos
	spread := float64(p.MyScore - p.OppScore)
	// Points chosen so that the lead (spread + points) is -10, 0, 10, 20.
	v := []float64{-10 - spread, -spread, 10 - spread, 20 - spread}
	best := []float64{v[0] + 1, v[1] + 3, v[2] + 1, v[3] + 3}
	c, err := candidateFigures(move.NewPass(), p, v, best)
	if err != nil {
		t.Fatal(err)
	}
	if c.Diff != -2 || math.Abs(c.DiffSE-math.Sqrt(4.0/3/4)) > 1e-3 {
		t.Errorf("diff %v ± %v, want -2 ± %.3f", c.Diff, c.DiffSE, math.Sqrt(4.0/3/4))
	}
	if c.Win != 0.625 {
		t.Errorf("win %v, want 0.625 (two worlds ahead, one tied, of four)", c.Win)
	}
	if c.Margin != 5 || c.Key != "pass" {
		t.Errorf("margin %v key %q, want 5, pass", c.Margin, c.Key)
	}
	if q := c.Q; len(q) != 9 || q[0] != -7 || q[8] != 17 {
		t.Errorf("quantiles %v, want 9 from -7 to 17", q)
	}
}

func TestWorldSeedsAreDistinct(t *testing.T) {
	seen := map[uint64]bool{}
	for _, seed := range []uint64{1, 2} {
		for w := range 3000 {
			s := worldSeed(seed, w)
			if seen[s] {
				t.Fatalf("seed %d world %d repeats a seed", seed, w)
			}
			seen[s] = true
		}
	}
}

// A report on an exact reference whose positions hold different numbers of
// tiles in the bag (the pre-endgame's check with 1 and 2) says the range,
// and the range of deals solved, not the first position's alone.
func TestReportSaysTheBagsItCovers(t *testing.T) {
	set, err := readSet(setFile)
	if err != nil {
		t.Fatal(err)
	}
	cand := []refCandidate{{Key: "7,7C 7,8A", Move: json.RawMessage(`[["C","A"],[[7,7],[8,7]]]`)}}
	refs := map[int]*refPosition{
		1: {Line: 1, Solved: true, Bag: 1, Worlds: 8, SolveNodes: 100, Best: "7,7C 7,8A", Cands: cand},
		2: {Line: 2, Solved: true, Bag: 2, Worlds: 72, SolveNodes: 100, Best: "7,7C 7,8A", Cands: cand},
		3: {Line: 3, Solved: true, Bag: 2, SolveNodes: 100, Unproven: true},
	}
	var out strings.Builder
	report(&out, "set.jsonl", "ref.jsonl", set, refs, map[string]*run{}, nil, "", nil)
	for _, want := range []string{"covers 2 of them, those with 1 to 2 tiles in the bag", "8 to 72 deals", "1 positions it did not prove"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// An answers FILE named to score or extra that does not exist is refused,
// naming it: it was read as no answers, and the report went out without
// them (exit 0).
func TestMissingAnswersAreRefused(t *testing.T) {
	dir := t.TempDir()
	missing := dir + "/answers-1s.jsonl"
	set := []string{"-in", setFile, "-ref", "../../data/quality/reference.jsonl"}
	for name, main := range map[string]func([]string) error{
		"score": func(a []string) error {
			return scoreMain(append(append(set, "-extra", "../../data/quality/extra.jsonl", "-out", dir+"/Q.md"), a...))
		},
		"extra": func(a []string) error { return extraMain(append(append(set, "-out", dir+"/extra.jsonl"), a...)) },
	} {
		var usage usageError
		if err := main([]string{missing}); !errors.As(err, &usage) || !strings.Contains(err.Error(), missing) {
			t.Errorf("%s of a missing answers file: %v, want a usage error naming it", name, err)
		}
	}
	if _, err := os.Stat(dir + "/Q.md"); err == nil {
		t.Error("score wrote a report without the answers")
	}
}

// -lines takes lines and ranges of the set; one past its end is refused,
// naming it, before any line is listed: a range of a billion lines filled
// memory for minutes.
func TestParseLines(t *testing.T) {
	only, err := parseLines("1-3,7", 10)
	if err != nil || len(only) != 4 || !only[1] || !only[3] || !only[7] || only[4] {
		t.Errorf("parseLines(1-3,7): %v, %v", only, err)
	}
	for _, s := range []string{"1-2000000000", "11", "0", "5-2", "x"} {
		var usage usageError
		if _, err := parseLines(s, 10); !errors.As(err, &usage) {
			t.Errorf("-lines %s of a set of 10: %v, want a usage error", s, err)
		}
	}
}
