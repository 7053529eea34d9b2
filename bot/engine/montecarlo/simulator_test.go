package montecarlo_test

import (
	"context"
	"errors"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
	"github.com/lexico/lexico/internal/race"
)

// The doc's example: 98 classic tiles, 37 on the board, 7 in the hand, so
// 54 unseen (the 47 of the bag and the opponent's 7). Its hand holds an F
// and the board one (FOOL): none of the two left; one S in ODIOUS and one
// in the hand: two of four left.
func TestUnseenDocExample(t *testing.T) {
	unseen, err := montecarlo.Unseen(gamestatetest.DocExample(t))
	if err != nil {
		t.Fatal(err)
	}
	r := tile.RackOf(unseen)
	if len(unseen) != 54 || r.Count('F') != 0 || r.Count('S') != 2 || r.Blanks() != 0 {
		t.Errorf("unseen %q: %d tiles, %d F, %d S, %d blanks; want 54, 0, 2, 0", unseen, len(unseen), r.Count('F'), r.Count('S'), r.Blanks())
	}
}

func TestUnseenRefusesWhatNoBagHolds(t *testing.T) {
	b := variant.Classic.NewBoard()
	b.Set(7, 7, board.Square{Letter: 'Z'})
	rack, _ := tile.ParseRack("ZAB")
	p := &position.Position{Variant: variant.Classic, Board: b, Rack: rack, BagCount: 10}
	_, err := montecarlo.Unseen(p)
	if !errors.Is(err, montecarlo.ErrUnknownBag) || !strings.Contains(err.Error(), "1 more Z") {
		t.Errorf("two Zs in a one-Z set: got %v", err)
	}
	rack, _ = tile.ParseRack("AB")
	p.Rack, p.BagCount = rack, 96
	_, err = montecarlo.Unseen(p)
	if !errors.Is(err, montecarlo.ErrUnknownBag) || !strings.Contains(err.Error(), "95 tiles unseen but 96") {
		t.Errorf("a bag larger than the unseen tiles: got %v", err)
	}
}

// In an end game (the bag empty) every simulated game runs to its end, and
// each must end exactly as the game does when the static player itself
// plays it out from the candidate, scored by the rules engine: same points,
// the win or loss that follows from them, one world only.
func TestEndgamePlayoutsAreTheGame(t *testing.T) {
	sim := &montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(t)}, Plies: 40}
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		v := variant.Multipliers
		if seed%2 == 0 {
			v = variant.Classic
		}
		end := selfPlay(t, v, seed, -1).end
		if end == nil {
			t.Fatalf("%s seed %d: the game ended before the bag emptied", v.Name, seed)
		}
		cands := candidates(t, end.pos, 5)
		rep, err := sim.Simulate(context.Background(), end.pos, cands)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Iterations != 1 || rep.ByWins != true {
			t.Errorf("%s seed %d: %d iterations, by wins %v; want one world, ranked by wins", v.Name, seed, rep.Iterations, rep.ByWins)
		}
		for i, m := range cands {
			spread := playOut(t, end, m)
			res := rep.Results[i]
			margin := end.pos.MyScore - end.pos.OppScore + spread
			win := map[bool]float64{true: 1, false: 0}[margin > 0]
			if margin == 0 {
				win = 0.5
			}
			if res.Equity != float64(spread) || res.WinRate != win || res.Ended != 1 {
				t.Errorf("%s seed %d, candidate %s: simulated %+v; the game played out gives %+d points (margin %+d)",
					v.Name, seed, m, res, spread, margin)
			}
			checked++
		}
	}
	t.Logf("%d end-game candidates played out as the game", checked)
}

// countingStatic is the score and leave valuation, counting the leaves it values
// and calling cancel once it has valued cancelAt of them (0: never).
type countingStatic struct {
	equity.ScoreAndLeave
	calls    *atomic.Int64
	cancelAt int64
	cancel   context.CancelFunc
}

func (c countingStatic) LeaveValue(leave tile.Rack, p *position.Position) float64 {
	if n := c.calls.Add(1); n == c.cancelAt {
		c.cancel()
	}
	return c.ScoreAndLeave.LeaveValue(leave, p)
}

// An end game's one world: when the deadline cuts it, the candidates
// played out keep their figures (those of the whole simulation) and rank
// first; the others have none and rank after them, in their order. (A
// round of many worlds must be whole to compare candidates; here each
// candidate's playout is the whole of its figures.)
func TestEndgameWorldCutKeepsThePlayedCandidates(t *testing.T) {
	end := selfPlay(t, variant.Multipliers, 1, -1).end
	if end == nil {
		t.Fatal("the game ended before the bag emptied")
	}
	cands := candidates(t, end.pos, 8)
	if len(cands) < 4 {
		t.Fatalf("%d candidates", len(cands))
	}
	static := equity.ScoreAndLeave{Table: table(t)}
	var calls atomic.Int64
	whole := &montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: countingStatic{ScoreAndLeave: static, calls: &calls}, Plies: 40, Threads: 1}
	full, err := whole.Simulate(context.Background(), end.pos, cands)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cutAt := calls.Load() / 2
	calls.Store(0)
	cut := &montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: countingStatic{ScoreAndLeave: static, calls: &calls, cancelAt: cutAt, cancel: cancel}, Plies: 40, Threads: 1}
	rep, err := cut.Simulate(ctx, end.pos, cands)
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for played < len(cands) && rep.Results[played].Iterations == 1 {
		played++
	}
	if played == 0 || played == len(cands) || rep.Iterations != 1 {
		t.Fatalf("cut half way through its leaves: %d of %d candidates played, %d iterations", played, len(cands), rep.Iterations)
	}
	for i, r := range rep.Results {
		switch {
		case i < played && r != full.Results[i]:
			t.Errorf("candidate %d played before the cut: %+v, uncut %+v", i, r, full.Results[i])
		case i >= played && r.Iterations != 0:
			t.Errorf("candidate %d after the cut: %+v, want unplayed", i, r)
		}
	}
	for k, i := range rep.Order {
		if (k < played) != (i < played) || k >= played && i != k {
			t.Fatalf("order %v: the %d played candidates first, then the others in their order", rep.Order, played)
		}
	}
}

// playOut plays the end game s from candidate m to its end with the equity
// player on both sides, judged and scored by the rules engine, and returns
// the mover's points less the opponent's from m on.
func playOut(t *testing.T, s *snapshot, m move.Move) int {
	t.Helper()
	pl := newPlayer(t, "equity")
	b := s.pos.Board.Clone()
	racks := [2]tile.Rack{s.pos.Rack, s.oppRack}
	var scores [2]int
	passes := 0
	for turn := 0; turn < 40; turn++ {
		who := turn % 2
		p := &position.Position{Variant: s.pos.Variant, Board: b, Rack: racks[who],
			MyScore: s.pos.MyScore + scores[who], OppScore: s.pos.OppScore + scores[1-who]}
		if turn > 0 {
			m = pl.Choose(context.Background(), p).Move
		}
		if m.Kind != move.Play {
			if passes++; passes == 2 {
				break
			}
			continue
		}
		res := rules.Check(p, m, nil)
		if !res.Legal {
			t.Fatalf("turn %d: %s refused: %s", turn, m, res.Reason)
		}
		rules.Apply(b, m)
		racks[who], _ = m.Leave(racks[who])
		scores[who] += res.Score
		passes = 0
		if racks[who].N == 0 {
			break
		}
	}
	return scores[0] - scores[1]
}

// The same seed and rounds give the same report, to the last bit, on one
// thread or two: round k is dealt from (Seed, k) whoever plays it, and the
// sums are integers, whose total does not depend on the order of the rounds.
func TestSimulationIsReproducible(t *testing.T) {
	mid := selfPlay(t, variant.Multipliers, 11, 8).mid
	if mid == nil {
		t.Fatal("no middle-game position")
	}
	cands := candidates(t, mid.pos, 6)
	sim := montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(t)}, Plies: 2, MaxIterations: 24, Seed: 5}
	var reps [2]montecarlo.Report
	for i, threads := range []int{1, 2} {
		sim.Threads = threads
		rep, err := sim.Simulate(context.Background(), mid.pos, cands)
		if err != nil {
			t.Fatal(err)
		}
		reps[i] = rep
	}
	if !reflect.DeepEqual(reps[0], reps[1]) {
		t.Errorf("one thread and two differ:\n%+v\n%+v", reps[0], reps[1])
	}
	rep := reps[0]
	if rep.Iterations != 24 || rep.ByWins {
		t.Errorf("%d iterations, by wins %v; want 24 by equity (the game goes on past 2 plies)", rep.Iterations, rep.ByWins)
	}
	for i, r := range rep.Results {
		if r.Iterations != 24 || r.StdErr <= 0 {
			t.Errorf("candidate %d: %+v", i, r)
		}
	}
	for i := 1; i < len(rep.Order); i++ {
		if rep.Results[rep.Order[i-1]].Equity < rep.Results[rep.Order[i]].Equity {
			t.Errorf("order %v is not by simulated equity: %+v", rep.Order, rep.Results)
		}
	}
	// Another seed deals other worlds.
	sim.Seed = 6
	other, _ := sim.Simulate(context.Background(), mid.pos, cands)
	if reflect.DeepEqual(other.Results, rep.Results) {
		t.Error("seeds 5 and 6 gave the same results")
	}
}

// With a deadline and no cap, the simulation plays rounds until the
// deadline and stops there; a context already done simulates nothing and
// keeps the candidates' order.
func TestSimulationStopsAtTheDeadline(t *testing.T) {
	mid := selfPlay(t, variant.Multipliers, 12, 10).mid
	cands := candidates(t, mid.pos, 5)
	sim := &montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(t)}, Plies: 2}
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	defer cancel()
	rep, err := sim.Simulate(ctx, mid.pos, cands)
	if err != nil {
		t.Fatal(err)
	}
	// The clock, not ctx.Err: the simulation reads the deadline off the
	// clock and may return before the context's timer has fired.
	if deadline, _ := ctx.Deadline(); time.Now().Before(deadline) {
		t.Errorf("Simulate returned %v before its deadline: with no cap it should use the time", time.Until(deadline))
	}
	if rep.Iterations < 1 {
		t.Errorf("no round finished in 150 ms: %+v", rep)
	}
	for _, r := range rep.Results {
		if r.Iterations != rep.Iterations {
			t.Errorf("a candidate has %d iterations, the report %d", r.Iterations, rep.Iterations)
		}
	}
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	rep, err = sim.Simulate(done, mid.pos, cands)
	if err != nil || rep.Iterations != 0 || !reflect.DeepEqual(rep.Order, []int{0, 1, 2, 3, 4}) {
		t.Errorf("a done context: %+v, %v; want no iteration and the order kept", rep, err)
	}
	if _, err := sim.Simulate(context.Background(), mid.pos, nil); !errors.Is(err, montecarlo.ErrNoCandidates) {
		t.Errorf("no candidates: %v", err)
	}
}

// Threads beyond reason cannot make the answer late: each thread's playout
// was made before the first world, 100,000 of them in seconds (and 1.4 GB),
// past a deadline of 300 ms. Now they are capped (MaxThreads) and made
// only while the deadline allows.
func TestManyThreadsStillStopAtTheDeadline(t *testing.T) {
	mid := selfPlay(t, variant.Multipliers, 12, 10).mid
	cands := candidates(t, mid.pos, 5)
	sim := &montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(t)}, Plies: 2, Threads: 50000}
	const budget = 100 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	start := time.Now()
	if _, err := sim.Simulate(ctx, mid.pos, cands); err != nil {
		t.Fatal(err)
	}
	// The slack is for a loaded machine; the threads took ten times it.
	if took := time.Since(start); took > budget+150*time.Millisecond {
		t.Errorf("50,000 threads answered after %v, the deadline was %v", took, budget)
	}
}

// A candidate the game cannot play is refused before any world is played,
// with the rule it breaks: a square off the board once crashed the
// simulation's goroutine (the board indexed out of range), and tiles the
// mover does not hold were played out as if it did.
func TestBadCandidatesAreRefused(t *testing.T) {
	mid := selfPlay(t, variant.Multipliers, 12, 10).mid
	cands := candidates(t, mid.pos, 2)
	sim := &montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(t)}, Plies: 2, MaxIterations: 2}
	missing := byte('A')
	for mid.pos.Rack.Count(missing) > 0 {
		missing++
	}
	for _, tc := range []struct {
		bad  move.Move
		want error
	}{
		{move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: 15, Col: 0, Letter: 'A'}}}, rules.ErrOffBoard},
		{move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: -1, Col: 3, Letter: 'A'}}}, rules.ErrOffBoard},
		{move.NewExchange([]byte{missing}), rules.ErrNotInRack},
	} {
		_, err := sim.Simulate(context.Background(), mid.pos, append(slices.Clone(cands), tc.bad))
		if !errors.Is(err, montecarlo.ErrBadCandidate) || !errors.Is(err, tc.want) {
			t.Errorf("candidate %v: %v, want %v and %v", tc.bad, err, montecarlo.ErrBadCandidate, tc.want)
		}
	}
}

// With at most EndgameBag tiles in the bag, every world is played to the
// game's end and the candidates are ranked by win rate; with the switch
// off, two plies leave most of those games unfinished.
func TestEndgameBagPlaysWorldsToTheEnd(t *testing.T) {
	for seed := uint64(30); seed < 33; seed++ {
		late := selfPlay(t, variant.Multipliers, seed, -1).late
		if late == nil {
			t.Fatalf("seed %d: no position with a rack's worth in the bag", seed)
		}
		cands := candidates(t, late.pos, 5)
		sim := montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(t)}, Plies: 2,
			EndgameBag: montecarlo.DefaultEndgameBag, MaxIterations: 12}
		rep, err := sim.Simulate(context.Background(), late.pos, cands)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.ByWins || rep.Plies != montecarlo.EndPlies {
			t.Errorf("seed %d, bag %d: by wins %v, plies %d; want every game ended, %d plies", seed, late.pos.BagCount, rep.ByWins, rep.Plies, montecarlo.EndPlies)
		}
		for i := 1; i < len(rep.Order); i++ {
			if a, b := rep.Results[rep.Order[i-1]], rep.Results[rep.Order[i]]; a.WinRate < b.WinRate {
				t.Errorf("seed %d: order %v is not by win rate: %+v", seed, rep.Order, rep.Results)
			}
		}
		sim.EndgameBag = 0
		rep, _ = sim.Simulate(context.Background(), late.pos, cands)
		unfinished := 0
		for _, r := range rep.Results {
			unfinished += r.Iterations - r.Ended
		}
		if rep.ByWins || rep.Plies != 2 || unfinished == 0 {
			t.Errorf("seed %d: with the switch off, by wins %v, plies %d, %d unfinished games", seed, rep.ByWins, rep.Plies, unfinished)
		}
	}
}

// With no ply simulated, a candidate is worth its score and the value of
// the tiles it keeps, whatever the world: exactly its static equity (an
// exchange, the static cost of exchanging aside), with no spread. To a
// millionth of a point: the simulation counts values in 2^-20 of a point.
// One world says it all, so one is played, however long the budget (a
// sim player given --sim-plies 0 used to play millions of worlds alike for
// its whole MoveTime).
func TestNoPlyIsTheStaticEquity(t *testing.T) {
	tb := table(t)
	sim := &montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: tb}, Plies: 0}
	checked := 0
	for seed := uint64(40); seed < 44; seed++ {
		v := variant.Multipliers
		if seed%2 == 0 {
			v = variant.Classic
		}
		mid := selfPlay(t, v, seed, 7).mid
		pl := newPlayer(t, "equity")
		pl.Top = 10
		top := pl.Choose(context.Background(), mid.pos).Top
		moves := make([]move.Move, len(top))
		for i, c := range top {
			moves[i] = c.Move
		}
		// A minute and no cap on the worlds: only Plies 0 stops it.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		rep, err := sim.Simulate(ctx, mid.pos, moves)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range top {
			want := c.Equity
			if c.Move.Kind == move.Exchange {
				want += tb.ExchangeCost
			}
			if r := rep.Results[i]; math.Abs(r.Equity-want) > 1e-6 || r.StdErr != 0 || r.Iterations != 1 {
				t.Errorf("%s seed %d, %s: simulated %+v, static equity %v", v.Name, seed, c.Move, r, want)
			}
			checked++
		}
	}
	t.Logf("%d candidates", checked)
}

// A simulation keeps running sums, not a record per round: its memory does
// not grow with the rounds it plays. A budget of seconds on a cheap end
// game plays millions of rounds; a record of each once held a gigabyte
// and cost most of a second to summarise after the deadline. Counted in
// allocations, which do not depend on the machine's speed: 400 rounds
// allocate what one does.
func TestSimulationMemoryDoesNotGrowWithRounds(t *testing.T) {
	race.SkipAllocCounts(t)
	late := selfPlay(t, variant.Multipliers, 31, -1).late
	if late == nil {
		t.Fatal("no position with a rack's worth in the bag")
	}
	cands := candidates(t, late.pos, 6)
	allocs := func(rounds int) uint64 {
		sim := montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(t)}, Plies: 2,
			EndgameBag: montecarlo.DefaultEndgameBag, MaxIterations: rounds, Threads: 1}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rep, err := sim.Simulate(context.Background(), late.pos, cands)
		runtime.ReadMemStats(&after)
		if err != nil || rep.Iterations != rounds {
			t.Fatalf("%d rounds: %d iterations, %v", rounds, rep.Iterations, err)
		}
		return after.Mallocs - before.Mallocs
	}
	one, many := allocs(1), allocs(400)
	// A margin for the runtime's own allocations, which vary from run to
	// run; one allocation a round would be 400 more.
	if many > one+100 {
		t.Errorf("400 rounds allocate %d times, one round %d: something is kept per round", many, one)
	}
	t.Logf("allocations: one round %d, 400 rounds %d", one, many)
}
