package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/build"
)

// checkWords is the dictionary of the check tests: the words of the plays
// tried on the doc's example (rack TNFSLPI), and not FOOLSV.
var checkWords = []string{"FLINTS", "SPLINT", "IF", "NO", "TO", "IT", "TIN"}

func checkIndex(t *testing.T) string {
	t.Helper()
	return testIndex(t, "check", fixedWords(checkWords), build.Options{})
}

func runCheck(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"lexico-bot", "check"}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// Moves on the doc's example, in platform coordinates ([x, y], y up). The
// expected scores are worked out by hand from the standard tile values (the
// example has no premium squares).
func TestCheckJSON(t *testing.T) {
	idx := checkIndex(t)
	type word struct {
		Word  string `json:"word"`
		Score int    `json:"score"`
		Valid bool   `json:"valid"`
	}
	tests := []struct {
		name   string
		move   string
		code   int
		legal  bool
		reason string
		score  int
		words  []word
	}{
		{
			// LINTS after the F at the top of FOOL (x 2, y 11): F4 L1 I1 N1 T1 S1.
			name: "extends an old word", move: `[["L","I","N","T","S"],[[3,11],[4,11],[5,11],[6,11],[7,11]]]`,
			legal: true, score: 9, words: []word{{"FLINTS", 9, true}},
		},
		{
			// SPLINT down x = 1 from the top, alongside F, O, O of FOOL.
			name: "cross words count", move: `[["S","P","L","I","N","T"],[[1,14],[1,13],[1,12],[1,11],[1,10],[1,9]]]`,
			legal: true, score: 8 + 5 + 2 + 2,
			words: []word{{"SPLINT", 8, true}, {"IF", 5, true}, {"NO", 2, true}, {"TO", 2, true}},
		},
		{
			// S under the L of FOOL touches the V of RAVE: FOOLSV.
			name: "invalid word still scored", move: `[["S"],[[2,7]]]`,
			code: 1, reason: "FOOLSV not in the dictionary", score: 4 + 1 + 1 + 1 + 1 + 4,
			words: []word{{"FOOLSV", 12, false}},
		},
		{
			name: "not touching the board", move: `[["I","T"],[[0,0],[1,0]]]`,
			code: 1, reason: "adjacent", score: 2, words: []word{{"IT", 2, true}},
		},
		{
			// Q left of the top O of FOOL: QO, from a rack without a Q.
			name: "tile not on the rack", move: `[["Q"],[[1,10]]]`,
			code: 1, reason: "rack does not hold", score: 11, words: []word{{"QO", 11, false}},
		},
		{name: "exchange", move: `[["T","N"],["Pass"]]`, legal: true, words: []word{}},
		{name: "pass", move: `[[],["Pass"]]`, legal: true, words: []word{}},
		{name: "Python-literal move", move: `[['T', 'N'], ['Pass']]`, legal: true, words: []word{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCheck(t, "", "--index", idx, "--json", docExample, tc.move)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tc.code, stderr)
			}
			var got struct {
				Legal  bool   `json:"legal"`
				Reason string `json:"reason"`
				Score  int    `json:"score"`
				Words  []word `json:"words"`
				Bingo  bool   `json:"bingo"`
			}
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("output is not the JSON object: %v\n%s", err, stdout)
			}
			if got.Legal != tc.legal || got.Score != tc.score || got.Bingo || !strings.Contains(got.Reason, tc.reason) {
				t.Errorf("got %+v, want legal %v score %d reason ~%q", got, tc.legal, tc.score, tc.reason)
			}
			if got.Words == nil || len(got.Words) != len(tc.words) {
				t.Fatalf("words %v, want %v", got.Words, tc.words)
			}
			for i := range tc.words {
				if got.Words[i] != tc.words[i] {
					t.Errorf("word %d: %+v, want %+v", i, got.Words[i], tc.words[i])
				}
			}
			if tc.code == 1 && !strings.Contains(stderr, "illegal move") {
				t.Errorf("stderr does not say the move is illegal: %q", stderr)
			}
		})
	}
}

func TestCheckText(t *testing.T) {
	idx := checkIndex(t)
	code, stdout, _ := runCheck(t, "", "--index", idx, docExample, `[["S"],[[2,7]]]`)
	// The play is named as the page and play name it: [2, 7] (y up) is C8,
	// the S after FOOL, which runs down column C from C4.
	if code != 1 || !strings.Contains(stdout, "play C4 down FOOLSV: illegal: FOOLSV not in the dictionary; would score 12") ||
		!strings.Contains(stdout, "FOOLSV  12  NOT in the dictionary") {
		t.Errorf("exit %d, output:\n%s", code, stdout)
	}
	code, stdout, _ = runCheck(t, "", "--index", idx, docExample, `[["S","P","L","I","N","T"],[[1,14],[1,13],[1,12],[1,11],[1,10],[1,9]]]`)
	if code != 0 || !strings.HasPrefix(stdout, "play B1 down SPLINT: legal; scores 17\n") || !strings.Contains(stdout, "IF      5  in the dictionary") {
		t.Errorf("exit %d, output:\n%s", code, stdout)
	}
}

// The gamestate from stdin, the move from a file; a bingo on an empty board.
func TestCheckStdinAndMoveFile(t *testing.T) {
	dir := t.TempDir()
	gs := `{"Board": [` + strings.Repeat(`[" "," "," "," "," "," "," "," "," "," "," "," "," "," "," "],`, 14) +
		`[" "," "," "," "," "," "," "," "," "," "," "," "," "," "," "]], "MyHand": ["F","L","I","N","T","S","Blank"],
		"NumberOfTilesInBag": 86, "FirstGo": true, "DoubleWordList": [[7,7]], "TripleLetterList": [[4,7]]}`
	mv := filepath.Join(dir, "move.json")
	// FLINTS with a blank S, F on the TL [4,7], the centre DW under T:
	// (4*3 + 1 + 1 + 1 + 1 + 0) * 2 = 32, six tiles: no bingo.
	if err := os.WriteFile(mv, []byte(`[["F","L","I","N","T","Blank"],[[4,7],[5,7],[6,7],[7,7],[8,7],[9,7]],["S"]]`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCheck(t, gs, "--index", checkIndex(t), "--json", "-", mv)
	if code != 0 || !strings.Contains(stdout, `"score":32`) || !strings.Contains(stdout, `"bingo":false`) {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
}

func TestCheckUnusableInput(t *testing.T) {
	idx := checkIndex(t)
	tests := []struct {
		name   string
		stdin  string
		args   []string
		stderr string
	}{
		{"no arguments", "", nil, "GAMESTATE and MOVE"},
		{"one argument", "", []string{docExample}, "GAMESTATE and MOVE, got 1 argument"},
		{"missing gamestate file", "", []string{"no-such-file", `[[],["Pass"]]`}, "no-such-file"},
		{"bad gamestate", `{"Board": [[" "]]}`, []string{"-", `[[],["Pass"]]`}, "MyHand"},
		{"bad move", "", []string{docExample, `[["A"],[[1,2,3]]]`}, "positions[0]"},
		{"move file missing", "", []string{docExample, "no-such-move"}, "no-such-move"},
		{"move an object", "", []string{docExample, `{"tiles": ["A"]}`}, "is neither a move in the platform's format"},
		{"move a word", "", []string{docExample, "pass"}, `MOVE "pass" is neither a move`},
		{"both from stdin", "", []string{"-", "-"}, "stdin"},
		{"missing index", "", []string{"--index", filepath.Join(t.TempDir(), "none.db"), docExample, `[[],["Pass"]]`}, "index"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args
			if len(args) == 0 || args[0] != "--index" {
				args = append([]string{"--index", idx}, args...)
			}
			code, stdout, stderr := runCheck(t, tc.stdin, args...)
			if code != 2 || !strings.Contains(stderr, tc.stderr) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Fatalf("exit %d, stderr %q (want 2 and one line naming %q); stdout %q", code, stderr, tc.stderr, stdout)
			}
		})
	}
}
