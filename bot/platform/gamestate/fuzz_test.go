package gamestate_test

import (
	"testing"

	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// FuzzParse: no input panics, and whatever parses encodes and parses again
// to the same position. Run with
//
//	go test -run '^$' -fuzz 'FuzzParse$' -fuzztime 30s -fuzzminimizetime 2s ./bot/platform/gamestate
//
// The short -fuzzminimizetime matters: the seeds are 2 KB gamestates, and
// with the default (60 s per new input) the engine spends the whole run
// minimizing instead of fuzzing.
func FuzzParse(f *testing.F) {
	f.Add(readDoc(f))
	f.Add([]byte(lopsided))
	f.Add([]byte(`{'Board': [[' ']], 'MyHand': [], 'NumberOfTilesInBag': 0}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := gamestate.ParseRequest(data)
		if err != nil {
			return
		}
		enc, err := gamestate.EncodeRequest(p)
		if err != nil {
			t.Fatalf("parsed but does not encode: %v", err)
		}
		q, err := gamestate.ParseRequest(enc)
		if err != nil {
			t.Fatalf("encoded gamestate does not parse: %v\n%s", err, enc)
		}
		sameRequest(t, p, q)
	})
}

// FuzzParseMove: no input panics, and whatever parses encodes and parses
// again to the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		`[["C", "A", "R"], [[6,7], [7,7], [8,7]]]`,
		`[["C", "A", "Blank"], [[6,7], [7,7], [8,7]],["R"]]`,
		`[["C", "A", "R"], ["Pass"]]`,
		`[[], ["Pass"]]`,
		`[['O', 'N'], [(3, 4), (3, 5)]]`,
	} {
		f.Add([]byte(s), 15)
	}
	f.Fuzz(func(t *testing.T, data []byte, size int) {
		m, err := gamestate.ParseMove(data, size)
		if err != nil {
			return
		}
		enc, err := gamestate.EncodeMove(m, size)
		if err != nil {
			return // e.g. an exchange of no tiles: parsed as a pass instead
		}
		m2, err := gamestate.ParseMove(enc, size)
		if err != nil {
			t.Fatalf("encoded move %s does not parse: %v", enc, err)
		}
		if m.Key() != m2.Key() {
			t.Fatalf("move %v became %v via %s", m, m2, enc)
		}
	})
}

// FuzzCheck: any move that parses, judged in any gamestate that parses, gets
// a verdict without a panic, and every refusal a reason (check prints it as
// the one line a user reads). The dictionary is a handful of words, so that
// both verdicts come up.
func FuzzCheck(f *testing.F) {
	doc := readDoc(f)
	for _, mv := range []string{
		`[["T"], [[14,9]]]`,
		`[["C", "A", "R"], [[6,7], [7,7], [8,7]]]`,
		`[["C", "A", "Blank"], [[6,7], [7,7], [8,7]],["R"]]`,
		`[["F","L","P"], ["Pass"]]`,
		`[[], ["Pass"]]`,
	} {
		f.Add(doc, []byte(mv))
	}
	f.Add([]byte(lopsided), []byte(`[["A"], [[2,1]]]`))
	dict := words{"CAT": true, "AT": true, "TA": true, "ODIOUST": true, "CAR": true, "QAT": true}
	f.Fuzz(func(t *testing.T, gs, mv []byte) {
		p, err := gamestate.Parse(gs)
		if err != nil {
			return
		}
		m, err := gamestate.ParseMove(mv, p.Board.Size)
		if err != nil {
			return
		}
		res := rules.Check(p, m, dict)
		if res.Legal != (res.Reason == "") || res.Legal != (res.Err == nil) {
			t.Fatalf("%v: legal %v with reason %q and error %v", m, res.Legal, res.Reason, res.Err)
		}
	})
}
