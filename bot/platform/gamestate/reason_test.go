package gamestate_test

import (
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// A user who sends [[99, 99]] or plays on an occupied [x, y] must read that
// same [x, y] back, not the engine's flipped row.
func TestReasonNamesSquaresInPlatformCoordinates(t *testing.T) {
	p := gamestatetest.DocExample(t)
	for _, c := range []struct{ move, want string }{
		{`[["Q"],[[99,99]]]`, "square [99, 99] on a 15x15 board"},
		// Board[5][8] is the O of ODIOUS (y = 5 counts from the bottom row).
		{`[["Q"],[[8,5]]]`, "square [8, 5] holds O"},
	} {
		m, err := gamestate.ParseMove([]byte(c.move), 15)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		res := rules.Check(p, m, nil)
		if got := gamestate.Reason(res, 15); res.Legal || !strings.Contains(got, c.want) {
			t.Errorf("%s: reason %q, want it to contain %q", c.move, got, c.want)
		}
	}
	if got := gamestate.Reason(rules.Result{Legal: true}, 15); got != "" {
		t.Errorf("legal result has reason %q", got)
	}
}
