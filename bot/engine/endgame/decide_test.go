package endgame

import (
	"testing"

	"github.com/lexico/lexico/bot/engine/endgame/endgametest"
	"github.com/lexico/lexico/bot/game/move"
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

// TestRaiseProvesTheValue: on small endgames whose minimax value is known,
// Raise from a margin proven a few points below it reaches the value and
// says so (Best), whether its first guess is below the value, on it or
// above it, and its move reaches the value against minimax's defence;
// cut short after its first question, it still answers a margin its move
// reaches, never more than the value.
func TestRaiseProvesTheValue(t *testing.T) {
	positions := smallEndgames(t, 8, 8)
	s := &Solver{Gen: gen(), TableBits: 12, KeepTable: true}
	compared := 0
	for i, st := range positions {
		budget := 1500
		want, ok := endgametest.Minimax(st, &budget)
		if !ok {
			continue
		}
		below := want - 9
		d, err := s.DecideAtLeast(st, below, nil)
		if err != nil || !d.Proven || !d.Win {
			t.Fatalf("position %d: DecideAtLeast %+d (minimax %+d): proven %v reached %v, %v", i, below, want, d.Proven, d.Win, err)
		}
		for _, guess := range []int{below, want, want + 6} {
			g, err := s.Raise(st, Guarantee{Move: d.Move, Margin: below}, guess, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Best || g.Margin != want {
				t.Fatalf("position %d, guess %+d: Raise reached %+d (best %v) in %d questions, minimax %+d", i, guess, g.Margin, g.Best, g.Tests, want)
			}
			reaches(t, i, st, g.Move, want)
		}
		asked := 0
		g, err := s.Raise(st, Guarantee{Move: d.Move, Margin: below}, want+1, func() bool { asked++; return asked > 1 })
		if err != nil {
			t.Fatal(err)
		}
		if g.Margin > want || g.Best && g.Margin != want {
			t.Fatalf("position %d: Raise cut short answered %+d (best %v), minimax %+d", i, g.Margin, g.Best, want)
		}
		reaches(t, i, st, g.Move, g.Margin)
		compared++
	}
	if compared < 30 {
		t.Fatalf("only %d positions small enough to compare", compared)
	}
}

// reaches checks that m, played in st, leaves the opponent a minimax
// margin of at most -margin: m reaches margin against any defence.
func reaches(t *testing.T, i int, st *state.State, m move.Move, margin int) {
	t.Helper()
	if err := st.Apply(m); err != nil {
		t.Fatalf("position %d: %v: %v", i, m, err)
	}
	budget := 1 << 20
	after, ok := endgametest.Minimax(st, &budget)
	st.Undo()
	if !ok {
		t.Fatalf("position %d: after %v too big for minimax", i, m)
	}
	if -after < margin {
		t.Fatalf("position %d: after %v the mover's margin is %+d, below the %+d it was said to reach", i, m, -after, margin)
	}
}
