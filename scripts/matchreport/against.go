package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"

	"github.com/lexico/lexico/bot/match/arena"
)

// Two runs on the same bags (-against). A paired match deals each pair of
// games from one bag seed, which the record's header keeps; two runs of
// `play --paired` with the same --seed deal the same bags in the same order,
// whatever --games, so the run of engine A against C and the run of B
// against C can be compared pair by pair. When C plays the same in both
// (a static player; a simulation with a fixed cap), a pair's difference is
// A's result less B's on the very same bags and the same opposition, and
// the luck of the draw, the largest part of a match's noise, cancels in
// part: the interval of the difference is narrower than the two runs'
// intervals side by side say.

// pairResult is seat 1's result over one pair of games: its score (1 a
// win, ½ a tie) and its margin, each the mean of the two games.
type pairResult struct {
	score, margin float64
}

// pairKey names a pair by its bag: the seed of its first game's bag and
// its number in the run (a seed could recur only by chance).
type pairKey struct {
	pair int
	seed uint64
}

var errNotSameBags = errors.New("the runs share no pair of games on the same bags")

// pairsOf reads the paired games of dir: each complete pair's result for
// seat 1, keyed by its bag, and the seats' names.
func pairsOf(dir string) (map[pairKey]pairResult, [2]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "game-*.jsonl"))
	if err != nil {
		return nil, [2]string{}, err
	}
	sort.Strings(files)
	type half struct {
		seed          uint64
		score, margin float64
	}
	games := map[int]half{}
	var names [2]string
	for _, name := range files {
		rec, err := readRecord(name)
		if err != nil {
			return nil, names, err
		}
		switch {
		case names == [2]string{}:
			names = rec.Header.Players
		case names != rec.Header.Players:
			return nil, names, fmt.Errorf("%w: %s has %q against %q, the others %q against %q", errMismatch, name, rec.Header.Players[0], rec.Header.Players[1], names[0], names[1])
		}
		sc := rec.End.Scores
		games[rec.Header.Game] = half{seed: rec.Header.Seed, score: arena.WinShare(sc[0], sc[1]), margin: float64(sc[0] - sc[1])}
	}
	pairs := map[pairKey]pairResult{}
	for g, a := range games {
		if g%2 != 0 {
			continue
		}
		b, ok := games[g+1]
		if !ok {
			continue
		}
		pairs[pairKey{pair: g / 2, seed: a.seed}] = pairResult{score: (a.score + b.score) / 2, margin: (a.margin + b.margin) / 2}
	}
	return pairs, names, nil
}

// comparison is run's seat 1 against base's seat 1 on the pairs both
// played from the same bags.
type comparison struct {
	names, baseNames [2]string
	pairs            int
	// Run's and base's seat 1 over those pairs: win rate and margin.
	score, baseScore, margin, baseMargin float64
	// The pair-by-pair differences (run less base), each a mean and the
	// half-width of its 95% interval, and the correlation of the two
	// runs' pair scores (how much of the draw's luck they share).
	scoreDiff, scoreHalf, marginDiff, marginHalf float64
	correlation                                  float64
}

// compare matches run's pairs to base's by their bags. The seat the two
// runs share is their second: a comparison of different opponents says
// nothing, so differing second seats are refused.
func compare(run, base map[pairKey]pairResult, names, baseNames [2]string) (comparison, error) {
	c := comparison{names: names, baseNames: baseNames}
	if names[1] != baseNames[1] {
		return c, fmt.Errorf("%w: the second seats differ (%q against %q): -against compares the first seats on the same opposition", errMismatch, names[1], baseNames[1])
	}
	var ds, dm, xs, ys []float64
	for k, r := range run {
		b, ok := base[k]
		if !ok {
			continue
		}
		xs, ys = append(xs, r.score), append(ys, b.score)
		ds = append(ds, r.score-b.score)
		dm = append(dm, r.margin-b.margin)
		c.margin += r.margin
		c.baseMargin += b.margin
	}
	c.pairs = len(ds)
	if c.pairs < 2 {
		return c, errNotSameBags
	}
	n := float64(c.pairs)
	c.score, c.baseScore = sum(xs)/n, sum(ys)/n
	c.margin, c.baseMargin = c.margin/n, c.baseMargin/n
	c.scoreDiff, c.scoreHalf = meanHalf(ds)
	c.marginDiff, c.marginHalf = meanHalf(dm)
	c.correlation = correlation(xs, ys)
	return c, nil
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// meanHalf is the mean of xs and the half-width of its 95% interval
// (normal: the pairs are hundreds).
func meanHalf(xs []float64) (float64, float64) {
	n := float64(len(xs))
	m := sum(xs) / n
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return m, arena.Z95 * math.Sqrt(v/(n-1)/n)
}

func correlation(xs, ys []float64) float64 {
	n := float64(len(xs))
	mx, my := sum(xs)/n, sum(ys)/n
	var sxy, sxx, syy float64
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
		syy += (ys[i] - my) * (ys[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}

func (c comparison) write(w io.Writer) {
	fmt.Fprintf(w, "\nOn the %d pairs both runs played from the same bags, each against %s:\n", c.pairs, c.names[1])
	fmt.Fprintf(w, "  %s: %.1f%% of the pairs, margin %+.1f\n", c.names[0], 100*c.score, c.margin)
	fmt.Fprintf(w, "  %s (-against): %.1f%%, margin %+.1f\n", c.baseNames[0], 100*c.baseScore, c.baseMargin)
	fmt.Fprintf(w, "  difference, pair by pair: %+.1f [%+.1f, %+.1f] points of percentage, margin %+.1f [%+.1f, %+.1f]; the runs' pairs correlate at %+.2f\n",
		100*c.scoreDiff, 100*(c.scoreDiff-c.scoreHalf), 100*(c.scoreDiff+c.scoreHalf),
		c.marginDiff, c.marginDiff-c.marginHalf, c.marginDiff+c.marginHalf, c.correlation)
}
