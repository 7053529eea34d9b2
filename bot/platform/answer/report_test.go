package answer

import (
	"encoding/json"
	"testing"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// TestEndgameReportSaysTheMarginProven: the JSON a client reads says the
// final margin the solver proved: the exact value for "endgame" (with its
// line), the least the move reaches for "win" (a win Raise made larger),
// and none for "pre-endgame", whose win is over the draws of the bag.
func TestEndgameReportSaysTheMarginProven(t *testing.T) {
	p := gamestatetest.DocExample(t)
	for _, c := range []struct {
		eg       player.Endgame
		kind     string
		value    *int
		lineMove int
	}{
		{player.Endgame{Kind: player.Solved, Proven: true, Value: 7, Line: []move.Move{tAfterOdious}}, "endgame", ptr(7), 1},
		{player.Endgame{Kind: player.Won, Proven: true, Value: 12}, "win", ptr(12), 0},
		{player.Endgame{Kind: player.WonWhateverDrawn, Proven: true}, "pre-endgame", nil, 0},
	} {
		raw, err := json.Marshal(endgameReport(p, &c.eg))
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Kind  string            `json:"kind"`
			Value *int              `json:"value"`
			Line  []json.RawMessage `json:"line"`
		}
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatal(err)
		}
		if got.Kind != c.kind || (got.Value == nil) != (c.value == nil) || got.Value != nil && *got.Value != *c.value || len(got.Line) != c.lineMove {
			t.Errorf("%v: reported %s, want kind %q, value %v, %d line moves", c.eg.Kind, raw, c.kind, deref(c.value), c.lineMove)
		}
	}
	if endgameReport(p, nil) != nil {
		t.Error("a move the solver did not decide has an endgame report")
	}
}

func ptr(v int) *int { return &v }

func deref(v *int) any {
	if v == nil {
		return nil
	}
	return *v
}
