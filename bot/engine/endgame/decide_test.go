package endgame

import (
	"testing"
)

// TestDecideAgreesWithMinimax: on the small endgames of the minimax test,
// Decide settles every one, says the mover wins exactly when plain
// minimax's value is a final margin of at least 1 (and DecideAtLeast 0
// that it avoids losing exactly when the value is at least 0), and its winning move
// is one: after it, minimax's value for the opponent is below 0. The
// table is small and kept from position to position, and a Solve of the
// same position follows each Decide (as the bot asks them), so each
// meets the other's bounds: Solve must still prove minimax's value.
func TestDecideAgreesWithMinimax(t *testing.T) {
	positions := smallEndgames(t, 20, 8)
	s := &Solver{Gen: gen(), TableBits: 12, KeepTable: true}
	compared, wins := 0, 0
	for i, st := range positions {
		budget := 1500
		want, ok := minimax(st, &budget)
		if !ok {
			continue
		}
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
			wins++
			if err := st.Apply(d.Move); err != nil {
				t.Fatalf("position %d: the winning move %v: %v", i, d.Move, err)
			}
			budget = 1 << 20
			after, _ := minimax(st, &budget)
			st.Undo()
			if after >= 0 {
				t.Fatalf("position %d: after the winning move %v the opponent's margin is %+d", i, d.Move, after)
			}
		}
		// Not losing: a final margin of at least 0.
		level, err := s.DecideAtLeast(st, 0, nil)
		if err != nil {
			t.Fatalf("position %d: %v", i, err)
		}
		if !level.Proven || level.Win != (want >= 0) {
			t.Fatalf("position %d: DecideAtLeast 0 proven %v reached %v, minimax %+d", i, level.Proven, level.Win, want)
		}
		agree(t, s, i, st, want)
		compared++
	}
	if compared < 100 || wins == 0 || wins == compared {
		t.Fatalf("%d positions compared, %d of them wins: too few, or all one way, to test both answers", compared, wins)
	}
	t.Logf("%d endgames decided as minimax does (%d wins)", compared, wins)
}
