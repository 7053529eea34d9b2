package endgame

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/endgame/endgametest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// TestDraws: every order of the bag is listed once, with the bag and the
// rack together the unseen tiles, and the weights sum to one; past the
// cap the draws are sampled and weigh the same.
func TestDraws(t *testing.T) {
	st := selfPlay(t, variant.Multipliers, 2, 3)
	if st == nil || st.BagLen() == 0 {
		t.Fatal("game 2 ended or emptied its bag early")
	}
	p := st.View()
	unseen, err := p.Variant.Unseen(p.Board, p.Rack)
	if err != nil {
		t.Fatal(err)
	}
	draws, sampled, err := Draws(&p, 1<<20, 1)
	if err != nil {
		t.Fatal(err)
	}
	if sampled {
		t.Fatal("sampled under a cap of a million")
	}
	seen := map[string]bool{}
	sum := 0.0
	for _, d := range draws {
		if len(d.Bag) != p.BagCount || seen[string(d.Bag)] {
			t.Fatalf("draw %q: %d tiles, or listed twice", d.Bag, len(d.Bag))
		}
		seen[string(d.Bag)] = true
		all := d.Rack
		for _, b := range d.Bag {
			all.Add(b)
		}
		for k, n := range unseen {
			if int(all.Counts[k]) != n {
				t.Fatalf("draw %q + %s is not the unseen tiles", d.Bag, d.Rack.String())
			}
		}
		sum += d.Weight
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("the weights sum to %v", sum)
	}
	if want := countOrders(unseen, p.BagCount, 1<<30); len(draws) != want {
		t.Errorf("%d draws, %d orders", len(draws), want)
	}
	few, sampled, err := Draws(&p, 5, 1)
	if err != nil || !sampled || len(few) != 5 || few[0].Weight != 0.2 {
		t.Errorf("capped at 5: %d draws, sampled %v, err %v", len(few), sampled, err)
	}
	p.BagCount = 0
	if _, _, err := Draws(&p, 10, 1); !errors.Is(err, ErrBag) {
		t.Errorf("an empty bag: %v, want ErrBag", err)
	}
}

// smallPreEndgame is a pre-endgame on a real self-play board with a few
// tiles: one or two on the mover's rack, one in the bag and two on the
// opponent's rack, under a copy of the variant whose tile set is exactly
// the board's and these, so that the unseen tiles are the bag and the
// opponent's rack.
func smallPreEndgame(t *testing.T, seed uint64) *position.Position {
	t.Helper()
	st := selfPlay(t, variant.Multipliers, seed, 0)
	if st == nil {
		return nil
	}
	r := rand.New(rand.NewPCG(seed, 5))
	racks := st.Racks()
	pool := append(racks[0].Tiles(), racks[1].Tiles()...)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	if len(pool) < 6 {
		return nil
	}
	k := 1 + r.IntN(2)
	mine, hidden := tile.RackOf(pool[:k]), pool[k:k+3]
	v := *st.Variant()
	v.Distribution = st.Board().TileCounts()
	for _, b := range append(mine.Tiles(), hidden...) {
		v.Distribution[tile.Index(b)]++
	}
	sc := st.Scores()
	return &position.Position{Variant: &v, Board: st.Board().Clone(), Rack: mine, BagCount: len(hidden) - 2,
		MyScore: sc[0], OppScore: sc[1]}
}

// TestPreEndgameAgreesWithMinimax: with no clock, every candidate's win
// probability and expected margin are what plain minimax gives in every
// draw, weighted, and the ranking is by them; the wins-only ranking gives
// the same win probabilities; WinsEveryDraw says which candidates win in
// every draw; and Winning answers the first of them, or none.
func TestPreEndgameAgreesWithMinimax(t *testing.T) {
	checked, sure := 0, 0
	pe := &PreEndgame{Solver: &Solver{Gen: gen(), TableBits: 12}, Candidates: 6}
	byWins := *pe
	byWins.WinsOnly = true
	for seed := uint64(1); checked < 8 && seed < 30; seed++ {
		p := smallPreEndgame(t, seed)
		if p == nil {
			continue
		}
		want, ok := expected(t, p, pe)
		if !ok {
			continue // too big for the plain search
		}
		res, err := pe.Solve(p, time.Time{}, nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		draws, _, _ := Draws(p, DefaultMaxDraws, 0)
		if res.Valued != len(draws) || res.Draws != len(draws) {
			t.Fatalf("seed %d: %d of %d draws valued, %d listed", seed, res.Valued, res.Draws, len(draws))
		}
		if len(res.Ranked) != len(want) {
			t.Fatalf("seed %d: %d ranked, %d candidates", seed, len(res.Ranked), len(want))
		}
		for i, rk := range res.Ranked {
			wins, margin := want[rk.Move.Key()][0], want[rk.Move.Key()][1]
			if math.Abs(wins-rk.Wins) > 1e-9 || math.Abs(margin-rk.Margin) > 1e-9 || rk.Proven != len(draws) {
				t.Fatalf("seed %d, %v: wins %.4f margin %.2f proven %d/%d; minimax wins %.4f margin %.2f",
					seed, rk.Move, rk.Wins, rk.Margin, rk.Proven, len(draws), wins, margin)
			}
			if i > 0 {
				a := res.Ranked[i-1]
				if a.Wins < rk.Wins || a.Wins == rk.Wins && a.Margin < rk.Margin {
					t.Fatalf("seed %d: %v ranked above %v", seed, a, rk)
				}
			}
		}
		if checkWins(t, seed, p, &byWins, want) {
			sure++
		}
		checked++
	}
	if checked < 6 || sure == 0 || sure == checked {
		t.Fatalf("%d pre-endgames checked, a sure win in %d: too few, or all one way", checked, sure)
	}
}

// checkWins checks pe's wins-only ranking of p and its Winning against
// want, plain minimax's figures of each candidate, and reports whether p
// has a sure win.
func checkWins(t *testing.T, seed uint64, p *position.Position, pe *PreEndgame, want map[string][2]float64) bool {
	t.Helper()
	res, err := pe.Solve(p, time.Time{}, nil)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	for _, rk := range res.Ranked {
		if w := want[rk.Move.Key()][0]; math.Abs(w-rk.Wins) > 1e-9 || rk.Proven != res.Valued {
			t.Fatalf("seed %d, %v: wins only %.4f (proven %d of %d), minimax %.4f", seed, rk.Move, rk.Wins, rk.Proven, res.Valued, w)
		}
	}
	var first *move.Move // the first candidate that wins every draw
	cands := pe.candidates(p)
	for i := range cands {
		sure := want[cands[i].Key()][0] == 1
		if sure && first == nil {
			first = &cands[i]
		}
		wins, settled, _, err := pe.WinsEveryDraw(p, cands[i], time.Now().Add(time.Hour), nil)
		if err != nil || !settled || wins != sure {
			t.Fatalf("seed %d, %v: WinsEveryDraw %v (settled %v, %v), minimax wins %.4f", seed, cands[i], wins, settled, err, want[cands[i].Key()][0])
		}
	}
	m, ok, _, err := pe.Winning(p, time.Now().Add(time.Hour), nil)
	switch {
	case err != nil:
		t.Fatalf("seed %d: %v", seed, err)
	case ok != (first != nil):
		t.Fatalf("seed %d: Winning found %v (%v), minimax's first sure win %v", seed, ok, m, first)
	case ok && m.Key() != first.Key():
		t.Fatalf("seed %d: Winning answers %v, the first sure win is %v", seed, m, *first)
	}
	return ok
}

// expected is plain minimax's win probability and expected margin of each
// of pe's candidates in p, by move key, false when a search is too big.
func expected(t *testing.T, p *position.Position, pe *PreEndgame) (map[string][2]float64, bool) {
	draws, _, err := Draws(p, DefaultMaxDraws, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]float64{}
	for _, m := range pe.candidates(p) {
		var wins, margin float64
		for _, d := range draws {
			st, err := state.FromPosition(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Deal(1, d.Rack.Tiles(), d.Bag); err != nil {
				t.Fatal(err)
			}
			if err := st.Apply(m); err != nil {
				t.Fatal(err)
			}
			budget := 1500
			v, ok := endgametest.Minimax(st, &budget)
			if !ok {
				return nil, false
			}
			v = -v // minimax is from the seat to move, the opponent
			margin += d.Weight * float64(v)
			switch {
			case v > 0:
				wins += d.Weight
			case v == 0:
				wins += d.Weight / 2
			}
		}
		out[m.Key()] = [2]float64{wins, margin}
	}
	return out, true
}

// TestPreEndgameDeadline: with a deadline already past, nothing is valued
// but every candidate is listed, the pass among them.
func TestPreEndgameDeadline(t *testing.T) {
	st := selfPlay(t, variant.Multipliers, 2, 3)
	if st == nil || st.BagLen() == 0 {
		t.Fatal("game 2 ended or emptied its bag early")
	}
	p := st.View()
	res, err := (&PreEndgame{Solver: New(gen())}).Solve(&p, time.Now().Add(-time.Second), nil)
	if err != nil {
		t.Fatal(err)
	}
	hasPass := false
	for _, r := range res.Ranked {
		hasPass = hasPass || r.Move.Kind == move.Pass
	}
	if res.Valued != 0 || len(res.Ranked) < 2 || !hasPass {
		t.Errorf("past deadline: %d valued, %d ranked, pass listed %v", res.Valued, len(res.Ranked), hasPass)
	}
}

// A draw the solver does not prove in its share (here: a node budget of
// one) is valued by Playout, called with the position after the
// candidate, opponent to move; a proven one keeps the solver's value.
func TestPreEndgamePlaysOutWhatItDoesNotProve(t *testing.T) {
	var p *position.Position
	for seed := uint64(1); p == nil && seed < 30; seed++ {
		p = smallPreEndgame(t, seed)
	}
	if p == nil {
		t.Fatal("no small pre-endgame")
	}
	calls := 0
	const oppMargin = 1000 // what every playout says the opponent ends with
	pe := &PreEndgame{Solver: &Solver{Gen: gen(), TableBits: 12, MaxNodes: 1}, Candidates: 4,
		Playout: func(st *state.State) (int, error) {
			calls++
			if st.Turn() != 1 {
				t.Errorf("played out with seat %d to move, want the opponent", st.Turn())
			}
			return oppMargin, nil
		}}
	res, err := pe.Solve(p, time.Time{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	unproven := 0
	for _, rk := range res.Ranked {
		unproven += rk.Draws - rk.Proven
		if rk.Proven == 0 && rk.Margin != -oppMargin {
			t.Errorf("%v: no draw proven, margin %.2f, want the playouts' %d", rk.Move, rk.Margin, -oppMargin)
		}
	}
	if unproven == 0 || calls != unproven {
		t.Fatalf("%d playouts for %d draws not proven (of %d valued)", calls, unproven, res.Valued)
	}
	pe.Playout = nil
	res, err = pe.Solve(p, time.Time{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, rk := range res.Ranked {
		if rk.Margin == -oppMargin {
			t.Errorf("%v: without a playout, the margin is still the playouts'", rk.Move)
		}
	}
}
