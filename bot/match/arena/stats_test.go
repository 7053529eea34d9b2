package arena

import (
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The examples of Newcombe (1998), "Two-sided confidence intervals for the
// single proportion", Statistics in Medicine 17, Table I, method 3 (score
// interval without continuity correction), given there to four places.
func TestWilsonMatchesNewcombe(t *testing.T) {
	for _, c := range []struct {
		wins      float64
		n         int
		low, high float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
	} {
		low, high := Wilson(c.wins, c.n, Z95)
		if math.Abs(low-c.low) > 5e-5 || math.Abs(high-c.high) > 5e-5 {
			t.Errorf("Wilson(%v/%d) = [%.4f, %.4f], want [%.4f, %.4f]", c.wins, c.n, low, high, c.low, c.high)
		}
	}
}

func TestWilsonEdges(t *testing.T) {
	// No win in n games: the upper bound is z²/(n+z²), in closed form.
	n := 10
	if low, high := Wilson(0, n, Z95); low != 0 || math.Abs(high-Z95*Z95/(float64(n)+Z95*Z95)) > 1e-12 {
		t.Errorf("Wilson(0/10) = [%v, %v]", low, high)
	}
	// The interval for losses mirrors the one for wins.
	for _, w := range []float64{0, 3, 5, 7.5, 10} {
		l1, h1 := Wilson(w, n, Z95)
		l2, h2 := Wilson(float64(n)-w, n, Z95)
		if math.Abs(l1-(1-h2)) > 1e-12 || math.Abs(h1-(1-l2)) > 1e-12 {
			t.Errorf("Wilson(%v/10) = [%v, %v] does not mirror Wilson(%v/10) = [%v, %v]", w, l1, h1, float64(n)-w, l2, h2)
		}
	}
	// No games: nothing is known.
	if low, high := Wilson(0, 0, Z95); low != 0 || high != 1 {
		t.Errorf("Wilson(0/0) = [%v, %v], want [0, 1]", low, high)
	}
	// More games, narrower interval around the same rate.
	l1, h1 := Wilson(58, 100, Z95)
	l2, h2 := Wilson(580, 1000, Z95)
	if !(l1 < l2 && h2 < h1 && l2 < 0.58 && 0.58 < h2) {
		t.Errorf("58/100 gives [%v, %v], 580/1000 [%v, %v]: the second should be inside the first and hold 0.58", l1, h1, l2, h2)
	}
}

func TestQuantilesNearestRank(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- { // unsorted on purpose
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	q := Quantiles(ds)
	if q.N != 100 || q.P50 != 50*time.Millisecond || q.P99 != 99*time.Millisecond || q.Max != 100*time.Millisecond {
		t.Errorf("Quantiles(1..100 ms) = %+v", q)
	}
	if q := Quantiles([]time.Duration{7}); q.P50 != 7 || q.P99 != 7 || q.Max != 7 {
		t.Errorf("Quantiles of one = %+v", q)
	}
	if q := Quantiles(nil); q != (Percentiles{}) {
		t.Errorf("Quantiles of none = %+v", q)
	}
}

func TestSummaryCountsDrawsAsHalf(t *testing.T) {
	var s Summary
	s.Add(Result{Starter: 0, Scores: [2]int{300, 250}, Bingos: [2]int{2, 0}, Times: [2][]time.Duration{{time.Millisecond}, {2 * time.Millisecond}}})
	s.Add(Result{Starter: 1, Scores: [2]int{280, 280}})
	s.Add(Result{Starter: 0, Scores: [2]int{200, 310}, Illegal: [2]int{0, 1}, Late: [2]int{1, 0}})
	s.Finish(time.Second)
	a, b := s.Seats[0], s.Seats[1]
	if a.Wins != 1 || a.Losses != 1 || a.Draws != 1 || b.Wins != 1 || b.Losses != 1 || b.Draws != 1 {
		t.Fatalf("wins/losses/draws: %+v / %+v", a, b)
	}
	if a.WinRate != 0.5 || b.WinRate != 0.5 {
		t.Errorf("win rates %v, %v: want 0.5 each (a draw is half a win)", a.WinRate, b.WinRate)
	}
	if a.AvgScore != 260 || a.AvgMargin != -20 || b.AvgMargin != 20 {
		t.Errorf("averages: seat 1 score %v margin %v, seat 2 margin %v", a.AvgScore, a.AvgMargin, b.AvgMargin)
	}
	// Margins +50, 0, -110: sample variance 6,700, so the half-width is
	// 1.96 * sqrt(6700/3) = 92.6 points either side of the mean.
	half := Z95 * math.Sqrt(6700.0/3)
	if math.Abs(a.MarginInterval[0]-(-20-half)) > 1e-9 || math.Abs(a.MarginInterval[1]-(-20+half)) > 1e-9 ||
		math.Abs(b.MarginInterval[0]-(20-half)) > 1e-9 || math.Abs(b.MarginInterval[1]-(20+half)) > 1e-9 {
		t.Errorf("margin intervals %v and %v; want -20 and +20 ± %.2f", a.MarginInterval, b.MarginInterval, half)
	}
	if a.BingosPerGame != 2.0/3 || a.Late != 1 || b.Illegal != 1 || a.Illegal != 0 {
		t.Errorf("bingos %v, late %d, illegal %d/%d", a.BingosPerGame, a.Late, a.Illegal, b.Illegal)
	}
	if a.WinRateFirst != 0.5 || b.WinRateFirst != 0.5 {
		t.Errorf("moving first: %v, %v", a.WinRateFirst, b.WinRateFirst)
	}
}

// A one-game match has a summary like any other: it encodes as JSON (play
// --json --games 1), with no margin interval, since one margin has no spread.
func TestSummaryOfOneGameEncodes(t *testing.T) {
	var s Summary
	s.Add(Result{Starter: 0, Scores: [2]int{300, 250}})
	s.Finish(time.Second)
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatalf("one game's summary does not encode: %v", err)
	}
	if strings.Contains(string(b), "margin_interval95") {
		t.Errorf("one game's summary gives a margin interval: %s", b)
	}
	var text strings.Builder
	s.WriteText(&text)
	if !strings.Contains(text.String(), "one game: no interval") || strings.Contains(text.String(), "Inf") {
		t.Errorf("one game's text summary:\n%s", text.String())
	}
	// Seat 2 started no game: it has no win rate moving first, not 0%.
	if a, b := s.Seats[0], s.Seats[1]; a.GamesFirst != 1 || b.GamesFirst != 0 {
		t.Errorf("games moving first %d and %d, want 1 and 0", a.GamesFirst, b.GamesFirst)
	}
	if !regexp.MustCompile(`(?m)^win rate moving first +100\.0% +none started`).MatchString(text.String()) {
		t.Errorf("one game's text summary gives the seat that did not start a win rate moving first:\n%s", text.String())
	}
}

// A paired match's figures over the pairs: a pair counts once both its
// games are in, whatever order they finish in, as the mean of the two; a
// lone game counts among the games alone.
func TestSummaryOverPairs(t *testing.T) {
	s := &Summary{Paired: true}
	for _, r := range []struct{ game, a, b int }{
		{5, 300, 340}, {0, 400, 390}, {6, 350, 300}, {1, 410, 380}, {2, 400, 390}, {4, 360, 380}, {3, 370, 400},
	} {
		s.Add(Result{Game: r.game, Scores: [2]int{r.a, r.b}})
	}
	s.Finish(time.Second)
	// Pairs: (0, 1) both won, margins +10 and +30; (2, 3) one each, +10
	// and -30; (4, 5) both lost, -20 and -40. Game 6 has no partner.
	if s.Games != 7 || s.Pairs != 3 {
		t.Fatalf("%d games, %d pairs; want 7 and 3", s.Games, s.Pairs)
	}
	a, b := s.Seats[0].Pairs, s.Seats[1].Pairs
	if a == nil || b == nil {
		t.Fatal("no figures over the pairs")
	}
	near := func(x, y float64) bool { return math.Abs(x-y) < 0.01 }
	// Win shares 1, 1/2, 0: mean 1/2, standard error 0.2887, half-width
	// 0.566, so the interval is clipped to [0, 1]. Margins 20, -10, -30:
	// mean -6.67, standard error 14.53, half-width 28.48.
	if !near(a.WinRate, 0.5) || a.Interval != [2]float64{0, 1} || !near(a.Margin, -6.667) ||
		!near(a.MarginInterval[0], -35.14) || !near(a.MarginInterval[1], 21.81) {
		t.Errorf("seat 0 over the pairs: %+v", a)
	}
	if !near(b.WinRate, 0.5) || !near(b.Margin, 6.667) || !near(b.MarginInterval[0], -21.81) || !near(b.MarginInterval[1], 35.14) {
		t.Errorf("seat 1 over the pairs: %+v", b)
	}
	one := &Summary{Paired: true}
	one.Add(Result{Game: 0, Scores: [2]int{1, 0}})
	one.Add(Result{Game: 1, Scores: [2]int{0, 1}})
	if one.Finish(time.Second); one.Pairs != 1 || one.Seats[0].Pairs != nil {
		t.Errorf("one pair: %d pairs, figures %+v; want 1 and none (one pair has no spread)", one.Pairs, one.Seats[0].Pairs)
	}
}
