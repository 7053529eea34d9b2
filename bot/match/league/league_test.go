package league

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/match/arena"
)

// Two entrants: the fit is the closed form, the odds of the wins with the
// virtual draw, and the error that of a proportion.
func TestBradleyTerryTwoEntrants(t *testing.T) {
	r, se := BradleyTerry([][]float64{{0, 75}, {25, 0}})
	odds := 75.5 / 25.5
	wantGap := 400 * math.Log10(odds)
	if math.Abs(r[0]-r[1]-wantGap) > 1e-6 || math.Abs(r[0]+r[1]) > 1e-6 {
		t.Errorf("ratings %v: want a gap of %.3f centred on 0", r, wantGap)
	}
	q := odds / (1 + odds)
	wantSE := eloScale / 2 / math.Sqrt(101*q*(1-q))
	if math.Abs(se[0]-wantSE) > 1e-6 || math.Abs(se[1]-wantSE) > 1e-6 {
		t.Errorf("standard errors %v, want %.4f each", se, wantSE)
	}
}

// A beats B beats C: the ratings keep the order; a clean sweep stays
// finite; equal records rate equal.
func TestBradleyTerryOrderAndSweep(t *testing.T) {
	r, se := BradleyTerry([][]float64{{0, 60, 100}, {40, 0, 60}, {0, 40, 0}})
	if !(r[0] > r[1] && r[1] > r[2]) {
		t.Errorf("ratings %v: want A > B > C", r)
	}
	for i := range r {
		if math.IsInf(r[i], 0) || math.IsNaN(r[i]) || !(se[i] > 0) || math.IsInf(se[i], 0) {
			t.Errorf("entrant %d: rating %v ± %v; want finite, with a positive error", i, r[i], se[i])
		}
	}
	r, _ = BradleyTerry([][]float64{{0, 10, 10}, {10, 0, 10}, {10, 10, 0}})
	for _, v := range r {
		if math.Abs(v) > 1e-6 {
			t.Errorf("equal records rated %v, want all 0", r)
		}
	}
}

func summary(winsA, winsB, draws, illegalA int) *arena.Summary {
	n := winsA + winsB + draws
	s := &arena.Summary{Games: n}
	s.Seats[0] = arena.SeatSummary{Wins: winsA, Losses: winsB, Draws: draws, Illegal: illegalA, Moves: 10 * n}
	s.Seats[1] = arena.SeatSummary{Wins: winsB, Losses: winsA, Draws: draws, Moves: 10 * n}
	s.Seats[0].WinRate = (float64(winsA) + float64(draws)/2) / float64(n)
	s.Seats[0].Interval[0], s.Seats[0].Interval[1] = arena.Wilson(float64(winsA)+float64(draws)/2, n, arena.Z95)
	return s
}

func TestTableCountsEveryPair(t *testing.T) {
	names := []string{"greedy", "equity", "mine"}
	tb, err := New(names, []string{"greedy", "equity", "cmd:./mine"}, "multipliers", 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	sched := Schedule(3)
	if len(sched) != 3 {
		t.Fatalf("schedule %v: want the 3 pairs", sched)
	}
	results := map[Pairing]*arena.Summary{{0, 1}: summary(3, 7, 0, 0), {0, 2}: summary(5, 4, 1, 0), {1, 2}: summary(6, 4, 0, 0)}
	for _, p := range sched {
		tb.Add(p, results[p])
	}
	tb.Finish()
	eq := tb.Standings[1]
	if eq.Games != 20 || math.Abs(eq.Score-13.0/20) > 1e-9 {
		t.Errorf("equity: %d games, score %v; want 20 and 0.65", eq.Games, eq.Score)
	}
	if tb.Standings[0].Illegal != 0 || tb.Standings[1].Rating <= tb.Standings[0].Rating {
		t.Errorf("standings %+v", tb.Standings)
	}
	var out bytes.Buffer
	if err := tb.WriteText(&out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"greedy vs equity", "3-7", "30.0% [", "equity  ", "cmd:./mine"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, out.String())
		}
	}
	if _, err := New([]string{"a", "a"}, []string{"greedy", "equity"}, "", 1, 1); err == nil {
		t.Error("two entrants of one name were accepted")
	}
}
