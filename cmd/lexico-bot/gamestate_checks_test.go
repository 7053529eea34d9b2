package main

import (
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// unreachable are the doc example (a classic game) edited into gamestates
// no game can reach, each with the field its refusal names; the table of
// every refusal is the gamestate package's, this checks that each command
// applies them alike.
func unreachable(t *testing.T) []struct{ name, gs, field string } {
	doc := string(gamestatetest.DocExampleBytes(t))
	edit := func(old, new string) string {
		t.Helper()
		out := strings.Replace(doc, old, new, 1)
		if out == doc {
			t.Fatalf("the doc example holds no %q: update this test", old)
		}
		return out
	}
	return []struct{ name, gs, field string }{
		{"a blank in a classic hand", edit("'MyHand': ['T', 'N', 'F', 'S', 'L', 'P', 'I']", "'MyHand': ['T', 'N', 'F', 'S', 'L', 'P', 'Blank']"), "MyHand"},
		{"MoveTime as a string", edit("'MoveTime': 5000", "'MoveTime': '5000'"), "MoveTime"},
		{"500 tiles in the bag", edit("'NumberOfTilesInBag': 47", "'NumberOfTilesInBag': 500"), "NumberOfTilesInBag"},
		{"IsMover false", edit("'IsMover': True", "'IsMover': False"), "IsMover"},
		{"a tile cut off from the rest", edit("'Board': [\n["+strings.Repeat("' ', ", 14)+"' ']", "'Board': [\n["+strings.Repeat("' ', ", 14)+"'Q']"), "Board"},
	}
}

// run, moves and check refuse each with exit 2 and one line naming the
// field, writing nothing on stdout.
func TestCommandsRefuseUnreachableGamestates(t *testing.T) {
	idx := botIndex(t)
	for _, tc := range unreachable(t) {
		for _, args := range [][]string{
			{"run", "--index", idx, "--strategy", testStrategy, "-"},
			{"moves", "--index", idx, "-"},
			{"check", "--index", idx, "-", `[[],["Pass"]]`},
		} {
			code, out, errs := runBot(t, tc.gs, args...)
			if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "invalid gamestate: "+tc.field+": ") {
				t.Errorf("%s: %s: exit %d, stdout %q, stderr %q; want exit 2 and one line naming %s", tc.name, args[0], code, out, errs, tc.field)
			}
		}
	}
}

// run --lines refuses each line alike, answering a pass and naming the
// field on stderr, and goes on to answer the next line; a line over the
// input limit is refused the same way, not the end of the session.
func TestRunLinesRefusesALineAndAnswersTheNext(t *testing.T) {
	good := strings.Join(strings.Fields(string(gamestatetest.DocExampleBytes(t))), " ")
	cases := unreachable(t)
	var in strings.Builder
	for _, tc := range cases {
		in.WriteString(strings.Join(strings.Fields(tc.gs), " ") + "\n")
	}
	in.WriteString(`{"Board": "` + strings.Repeat("x", maxInput) + `"}` + "\n")
	in.WriteString(good + "\n")
	code, out, errs := runBot(t, in.String(), "run", "--lines", "--index", botIndex(t), "--policy", "greedy", "--strategy", testStrategy)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	answers := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(answers) != len(cases)+2 {
		t.Fatalf("%d answers to %d lines:\n%s\nstderr:\n%s", len(answers), len(cases)+2, out, errs)
	}
	for i, tc := range cases {
		if answers[i] != passLine || !strings.Contains(errs, "invalid gamestate: "+tc.field+": ") {
			t.Errorf("%s: answered %s; stderr %q does not name %s", tc.name, answers[i], errs, tc.field)
		}
	}
	if answers[len(cases)] != passLine || !strings.Contains(errs, "longer than") {
		t.Errorf("the over-long line: answered %s, stderr %q", answers[len(cases)], errs)
	}
	legalOnDoc(t, []byte(answers[len(cases)+1]))
}

// run --lines names a refused line by its number in the input, blank lines
// counted: they were skipped in the count, so an error after one named
// the line before it.
func TestRunLinesNamesTheLineItRefuses(t *testing.T) {
	good := strings.Join(strings.Fields(string(gamestatetest.DocExampleBytes(t))), " ")
	in := good + "\n\n  \n" + `{"Board": 5}` + "\n" + good + "\n"
	code, out, errs := runBot(t, in, "run", "--lines", "--index", botIndex(t), "--policy", "greedy", "--strategy", testStrategy)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	answers := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(answers) != 3 || answers[1] != passLine {
		t.Fatalf("answers %q to 3 gamestates and 2 blank lines, want the second a pass", answers)
	}
	if !strings.Contains(errs, "line 4: ") || strings.Contains(errs, "line 2: ") {
		t.Errorf("stderr %q; want the bad gamestate named as line 4", errs)
	}
}

// moves reads JSON lines on stdin; a first line no game can reach is
// refused as that line, not read as the start of a multi-line gamestate.
func TestMovesRefusesAnUnreachableFirstLine(t *testing.T) {
	good, err := gamestate.EncodeRequest(gamestatetest.DocExampleRequest(t))
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(good), `"IsMover":true`, `"IsMover":false`, 1)
	if bad == string(good) {
		t.Fatal("the encoded gamestate holds no IsMover")
	}
	code, out, errs := runBot(t, bad+"\n"+string(good)+"\n", "moves", "--index", botIndex(t), "--count", "-")
	if code != 2 || out != "" || !strings.Contains(errs, "stdin line 1: invalid gamestate: IsMover: false") {
		t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 naming stdin line 1 and IsMover", code, out, errs)
	}
}
