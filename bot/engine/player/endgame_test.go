package player

import (
	"context"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/variant"
)

// TestSimHandsEndgamesToTheSolver: in a late endgame of a real game (the
// bag empty, a few tiles left) the sim policy answers the endgame solver's
// proven line, whose moves play out to the margin it claims.
func TestSimHandsEndgamesToTheSolver(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	eq, sim := endgamePlayers(t)
	solved := 0
	for seed := uint64(1); seed < 12 && solved < 2; seed++ {
		st, ok := playToEndgame(t, eq, seed, 8)
		if !ok {
			continue
		}
		ch := chooseWithin5s(sim, st)
		eg := ch.Endgame
		if eg == nil || eg.Kind != Solved || !eg.Proven || len(eg.Line) == 0 || eg.Line[0].Key() != ch.Move.Key() {
			t.Fatalf("seed %d: the endgame was not solved: %+v, move %v", seed, eg, ch.Move)
		}
		mover := st.Turn()
		for _, m := range eg.Line {
			if err := st.Apply(m); err != nil {
				t.Fatalf("seed %d: line move %v: %v", seed, m, err)
			}
		}
		s := st.Scores()
		if !st.Over() || s[mover]-s[1-mover] != eg.Value {
			t.Errorf("seed %d: the line ends (over %v) at %+d, the solver claims %+d", seed, st.Over(), s[mover]-s[1-mover], eg.Value)
		}
		solved++
	}
	if solved < 2 {
		t.Fatalf("only %d endgames reached", solved)
	}
}

// TestEndgameTopValues: the moves a solved endgame lists (run --top, the
// web page's study) are worth what they say with best play on both sides
// (each solved again after it, for the opponent): the first, the move
// played, the solved margin; the others exactly their value, or at most it
// when marked as a bound, and the sample holds bounds above the value,
// which listed as values would mislead.
func TestEndgameTopValues(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	eq, sim := endgamePlayers(t)
	sim.Top = 6
	loose, endgames := 0, 0
	for seed := uint64(1); seed <= 12; seed++ {
		st, ok := playToEndgame(t, eq, seed, 9)
		if !ok {
			continue
		}
		ch := chooseWithin5s(sim, st)
		if ch.Endgame == nil || ch.Endgame.Kind != Solved || !ch.Endgame.Proven {
			continue // decided otherwise (a proven win alone): nothing listed to check
		}
		endgames++
		loose += checkEndgameTop(t, sim, st, ch)
	}
	if endgames < 4 || loose == 0 {
		t.Fatalf("%d endgames solved, %d moves listed with a bound above their value: the test checks too little", endgames, loose)
	}
}

// playToEndgame plays game seed with eq's static choices on both sides
// until the bag is empty and the racks hold at most tiles tiles; ok is
// false when the game ended first.
func playToEndgame(t *testing.T, eq *Static, seed uint64, tiles int) (st *state.State, ok bool) {
	t.Helper()
	st, err := state.Start(variant.Multipliers, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	for !st.Over() {
		r := st.Racks()
		if st.BagLen() == 0 && r[0].N+r[1].N <= tiles {
			return st, true
		}
		p := st.View()
		if err := st.Apply(eq.Choose(context.Background(), &p).Move); err != nil {
			t.Fatal(err)
		}
	}
	return st, false
}

// chooseWithin5s is sim's choice in st with 5 s to think.
func chooseWithin5s(sim *Sim, st *state.State) Choice {
	p := st.View()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return sim.Choose(ctx, &p)
}

// checkEndgameTop checks the moves ch lists for st (see
// TestEndgameTopValues) and returns how many are bounds above their value.
func checkEndgameTop(t *testing.T, sim *Sim, st *state.State, ch Choice) (loose int) {
	t.Helper()
	if len(ch.Top) < 2 || ch.Top[0].Move.Key() != ch.Move.Key() || ch.Top[0].Bound || int(ch.Top[0].Equity) != ch.Endgame.Value {
		t.Fatalf("the solver's top moves %+v for move %v worth %+d", ch.Top, ch.Move, ch.Endgame.Value)
	}
	solver := endgame.New(sim.Gen)
	for _, c := range ch.Top[1:] {
		if err := st.Apply(c.Move); err != nil {
			t.Fatal(err)
		}
		value := 0
		if st.Over() {
			s, me := st.Scores(), 1-st.Turn()
			value = s[me] - s[1-me]
		} else {
			res, err := solver.Solve(st, nil)
			if err != nil || !res.Proven {
				t.Fatalf("after %v: %+v, %v", c.Move, res, err)
			}
			value = -res.Value // the opponent's final margin, from its view
		}
		if !st.Undo() {
			t.Fatal("nothing to undo")
		}
		switch {
		case c.Bound:
			if value > int(c.Equity) {
				t.Errorf("%v: listed as at most %+.0f, worth %+d", c.Move, c.Equity, value)
			}
			if value < int(c.Equity) {
				loose++
			}
		case value != int(c.Equity):
			t.Errorf("%v: listed as worth %+.0f, worth %+d", c.Move, c.Equity, value)
		}
		if value > ch.Endgame.Value {
			t.Errorf("%v is worth %+d, more than the move played (%+d)", c.Move, value, ch.Endgame.Value)
		}
	}
	return loose
}

// TestSimComparesManyEndgameCandidates: once the bag is empty every world
// is the same, so a sim player without the solver plays one world and
// compares far more candidates than the ten of the middle game, the pass
// among them.
func TestSimComparesManyEndgameCandidates(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	eq, sim := endgamePlayers(t)
	sim.NoEndgame = true
	st := emptyBag(t, eq, 3)
	if st == nil {
		t.Fatal("game 3 ended before the bag emptied")
	}
	p := st.View()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ch := sim.Choose(ctx, &p)
	if s := ch.Simulation; s == nil || s.Iterations != 1 || s.Candidates <= DefaultSimCandidates+1 {
		t.Fatalf("rack %s, bag empty: simulation %+v; want one world and more than %d candidates", p.Rack, s, DefaultSimCandidates+1)
	}
	// Every candidate listed: the pass is one of them.
	sim.Top = 10000
	ch = sim.Choose(ctx, &p)
	passes := 0
	for _, c := range ch.Top {
		if c.Move.Kind == move.Pass {
			passes++
		}
	}
	if s := ch.Simulation; passes != 1 || s == nil || len(ch.Top) != s.Candidates {
		t.Errorf("%d candidates listed, %d of them passes, of %+v; want all, one pass", len(ch.Top), passes, s)
	}
}

// endgamePlayers are an equity and a sim player over the full embedded
// dictionary.
// emptyBag is game seed of multipliers played by eq on both sides until
// the bag is empty: nil when the game ended first.
func emptyBag(t *testing.T, eq *Static, seed uint64) *state.State {
	t.Helper()
	return playTo(t, eq, seed, 0)
}

// playTo is game seed of multipliers played by eq on both sides until the
// bag holds bag tiles or fewer: nil when the game ended first.
func playTo(t *testing.T, eq *Static, seed uint64, bag int) *state.State {
	t.Helper()
	st, err := state.Start(variant.Multipliers, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	for !st.Over() && st.BagLen() > bag {
		p := st.View()
		if err := st.Apply(eq.Choose(context.Background(), &p).Move); err != nil {
			t.Fatal(err)
		}
	}
	if st.Over() {
		return nil
	}
	return st
}

func endgamePlayers(t *testing.T) (eq *Static, sim *Sim) {
	t.Helper()
	_, _, gd := embeddedWords(t)
	gen := movegen.NewGADDAG(gd)
	table, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	s := NewShared() // the two share gen: their playouts are numbered alike
	return s.Equity(gen, table), s.Sim(gen, table)
}

// Playout plays a known game out with the static choice on both sides: the
// margin of the seat to move when the game ends, as playing those choices
// by hand gives, and the state as it was.
func TestPlayoutPlaysTheStaticChoiceToTheEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	eq, _ := endgamePlayers(t)
	for _, seed := range []uint64{3, 4} {
		st, err := state.Start(variant.Multipliers, seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		for st.BagLen() > 2 && !st.Over() { // a pre-endgame: a few tiles still in the bag
			p := st.View()
			if err := st.Apply(eq.Choose(context.Background(), &p).Move); err != nil {
				t.Fatal(err)
			}
		}
		if st.Over() {
			continue
		}
		before, seat := st.Scores(), st.Turn()
		got, err := eq.Playout(st)
		if err != nil {
			t.Fatal(err)
		}
		if st.Scores() != before || st.Turn() != seat || st.Over() {
			t.Fatalf("seed %d: Playout left the state changed", seed)
		}
		n := 0
		for ; !st.Over(); n++ {
			p := st.View()
			if err := st.Apply(eq.Choose(context.Background(), &p).Move); err != nil {
				t.Fatal(err)
			}
		}
		s := st.Scores()
		if want := s[seat] - s[1-seat]; got != want || n == 0 {
			t.Errorf("seed %d: Playout %+d, the static choices by hand %+d over %d moves", seed, got, want, n)
		}
	}
}

// TestSimPlaysAProvenWin: where the exact value is not proven within the
// solver's search (a node budget here, the clock in play) but a win is,
// the sim player plays a winning move and says by how much at least, and
// the move does win by that much: solved to the end after it, the
// opponent's best is a loss by at least that margin. Raise does raise:
// some of the wins are by more than the 1 point Decide proves.
func TestSimPlaysAProvenWin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	eq, sim := endgamePlayers(t)
	sim.EndgameNodes = 3000
	checked, raised := 0, 0
	for seed := uint64(1); seed < 40 && checked < 5; seed++ {
		st := emptyBag(t, eq, seed)
		if st == nil {
			continue
		}
		p := st.View()
		ch := sim.Choose(context.Background(), &p) // no deadline: the node budget decides
		eg := ch.Endgame
		if eg == nil || eg.Kind != Won {
			continue // proven exactly, or no win proven: other tests' cases
		}
		if !eg.Proven || eg.Value < 1 || len(eg.Line) != 0 || ch.Reason != "" && ch.Move.Kind != move.Pass {
			t.Fatalf("seed %d: a win reported as %+v (reason %q)", seed, eg, ch.Reason)
		}
		if err := st.Apply(ch.Move); err != nil {
			t.Fatalf("seed %d: the winning move %v: %v", seed, ch.Move, err)
		}
		mover := 1 - st.Turn()
		if !st.Over() {
			check := &endgame.Solver{Gen: sim.Gen, MaxNodes: 2_000_000}
			res, err := check.Solve(st, nil)
			if err != nil {
				t.Fatalf("seed %d: solving after %v: %v", seed, ch.Move, err)
			}
			if !res.Proven {
				continue // too large to check here
			}
			if res.Value > -eg.Value {
				t.Fatalf("seed %d: after the move %v, said to win by at least %+d, the opponent's best ends at %+d", seed, ch.Move, eg.Value, res.Value)
			}
		} else if s := st.Scores(); s[mover]-s[1-mover] < eg.Value {
			t.Fatalf("seed %d: the move %v, said to win by at least %+d, ends the game at %d-%d", seed, ch.Move, eg.Value, s[mover], s[1-mover])
		}
		t.Logf("seed %d: %v wins by at least %+d (depth %d, %d nodes)", seed, ch.Move, eg.Value, eg.Depth, eg.Nodes)
		checked++
		if eg.Value > 1 {
			raised++
		}
	}
	if checked < 2 || raised == 0 {
		t.Fatalf("%d endgames of seeds 1-39 had a win proven and its value not, %d of them by more than 1: too few to check", checked, raised)
	}
}

// TestSimPlaysASureWinInAPreEndgame: with a tile in the bag, where
// a move wins whatever the bag holds, the sim player plays such a move
// and says so; and it does win in every draw: solved to the end after it,
// the opponent's best is a loss, whichever tiles it holds.
func TestSimPlaysASureWinInAPreEndgame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	eq, sim := endgamePlayers(t)
	sim.EndgameNodes = 20_000
	s := *sim.Simulator
	s.MaxIterations = 20
	sim.Simulator = &s
	checked := 0
	for seed := uint64(1); seed < 60 && checked == 0; seed++ {
		st := playTo(t, eq, seed, 1)
		if st == nil || st.BagLen() == 0 {
			continue
		}
		p := st.View()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		ch := sim.Choose(ctx, &p)
		cancel()
		if ch.Endgame == nil || ch.Endgame.Kind != WonWhateverDrawn {
			continue
		}
		if !ch.Endgame.Proven {
			t.Fatalf("seed %d: a sure win not proven: %+v", seed, ch.Endgame)
		}
		draws, sampled, err := endgame.Draws(&p, endgame.DefaultMaxDraws, 0)
		if err != nil || sampled {
			t.Fatalf("seed %d: draws: %v (sampled %v)", seed, err, sampled)
		}
		settled := true
		for _, d := range draws {
			ds, err := state.FromPosition(&p)
			if err == nil {
				err = ds.Deal(1, d.Rack.Tiles(), d.Bag)
			}
			if err == nil {
				err = ds.Apply(ch.Move)
			}
			if err != nil {
				t.Fatalf("seed %d: draw %q: %v", seed, d.Bag, err)
			}
			if ds.Over() {
				if sc := ds.Scores(); sc[0] <= sc[1] {
					t.Fatalf("seed %d: %v ends the game at %d-%d", seed, ch.Move, sc[0], sc[1])
				}
				continue
			}
			res, err := (&endgame.Solver{Gen: sim.Gen, MaxNodes: 500_000}).Solve(ds, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Proven {
				settled = false
				break
			}
			if res.Value >= 0 {
				t.Fatalf("seed %d: after %v, with the bag %q, the opponent's best ends at %+d", seed, ch.Move, d.Bag, res.Value)
			}
		}
		if settled {
			t.Logf("seed %d, bag %d: %v wins in all %d draws", seed, p.BagCount, ch.Move, len(draws))
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no pre-endgame of seeds 1-59 had a sure win the test could check")
	}
}

// A Shared with FreshSolvers never hands a solver, and the table it filled,
// to a second search: seeded self-play that must reproduce relies on it.
func TestFreshSolversAreNeverReused(t *testing.T) {
	fresh := Shared{FreshSolvers: true}
	for i := 0; i < 3; i++ {
		a := fresh.solver()
		fresh.putSolver(a)
		if b := fresh.solver(); a == b {
			t.Fatalf("call %d: the solver of one search was handed to the next", i)
		}
	}
}

// Without a deadline, an endgame whose searches are capped in positions
// is bounded by the cap alone, so a seeded analysis's answers do not
// depend on the machine's speed; uncapped, it gets endgameBudget, and a
// deadline binds either way.
func TestEndgameDeadline(t *testing.T) {
	var capped, uncapped Sim
	capped.EndgameNodes = 100_000
	if d := time.Until(capped.endgameDeadline(context.Background())); d < untimed-time.Minute {
		t.Errorf("capped in nodes, no deadline: %v to search, want about %v", d, untimed)
	}
	if d := time.Until(uncapped.endgameDeadline(context.Background())); d > endgameBudget {
		t.Errorf("uncapped, no deadline: %v to search, want at most %v", d, endgameBudget)
	}
	due := time.Now().Add(300 * time.Millisecond)
	ctx, cancel := context.WithDeadline(context.Background(), due)
	defer cancel()
	for _, pl := range []*Sim{&capped, &uncapped} {
		if got := pl.endgameDeadline(ctx); !got.Equal(due) {
			t.Errorf("EndgameNodes %d under a deadline: %v, want the deadline %v", pl.EndgameNodes, got, due)
		}
	}
}
