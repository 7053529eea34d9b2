package endgame

import (
	"testing"

	"github.com/lexico/lexico/bot/engine/endgame/endgametest"
	"github.com/lexico/lexico/bot/game/state"
)

// decides checks Decide on position i, whose plain minimax value is want:
// it settles it, says the mover wins exactly when want is a final margin
// of at least 1 (and DecideAtLeast 0 that it avoids losing exactly when
// want is at least 0), its winning move is one (after it, minimax's value
// for the opponent is below 0), and st is left as it was. It reports
// whether the mover wins. TestSolveAgreesWithMinimax calls it before its
// Solve of the same position with the table kept, as the bot asks them,
// so each meets the other's bounds.
func decides(t *testing.T, s *Solver, i int, st *state.State, want int) bool {
	t.Helper()
	before := pictureOf(st)
	d, err := s.Decide(st, nil)
	if err != nil {
		t.Fatalf("position %d: %v", i, err)
	}
	if !pictureOf(st).equal(before) {
		t.Fatalf("position %d: Decide left the state changed", i)
	}
	if !d.Proven || d.Win != (want >= 1) {
		racks := st.Racks()
		t.Fatalf("position %d (racks %s / %s): Decide proven %v win %v (depth %d), minimax %+d",
			i, racks[0].String(), racks[1].String(), d.Proven, d.Win, d.Depth, want)
	}
	if d.Win {
		if err := st.Apply(d.Move); err != nil {
			t.Fatalf("position %d: the winning move %v: %v", i, d.Move, err)
		}
		budget := 1 << 20
		after, _ := endgametest.Minimax(st, &budget)
		st.Undo()
		if after >= 0 {
			t.Fatalf("position %d: after the winning move %v the opponent's margin is %+d", i, d.Move, after)
		}
	}
	level, err := s.DecideAtLeast(st, 0, nil)
	if err != nil {
		t.Fatalf("position %d: %v", i, err)
	}
	if !level.Proven || level.Win != (want >= 0) {
		t.Fatalf("position %d: DecideAtLeast 0 proven %v reached %v, minimax %+d", i, level.Proven, level.Win, want)
	}
	return d.Win
}
