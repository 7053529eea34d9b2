package arena

import "math"

// PairFigures is a seat's win rate and margin over the pairs of a paired
// match (Match.Paired), each pair one sample: the mean of its two games.
// The intervals are 95%, normal approximations over the pairs (too
// narrow over a handful of pairs; fair over the hundreds a match between
// close players needs). Where the
// two games of a pair share their luck, the pairs vary less than single
// games, and these intervals are narrower than the Wilson interval over
// the games, which treats the games as unrelated.
type PairFigures struct {
	WinRate        float64    `json:"win_rate"`
	Interval       [2]float64 `json:"interval95"`
	Margin         float64    `json:"margin"`
	MarginInterval [2]float64 `json:"margin_interval95"`
}

// pairing gathers a paired match's games two by two, in whatever order
// the workers finish them.
type pairing struct {
	// waiting holds the first finished game of each pair not yet whole,
	// by pair (Result.Game / 2).
	waiting map[int]Result
	n       int
	// Seat 0's sums over the whole pairs (seat 1's follow: its win share
	// is 1 less seat 0's, its margin the opposite), and of their squares.
	win, winSq, margin, marginSq float64
}

// add counts r, and its pair once both games are in.
func (p *pairing) add(r Result) {
	k := r.Game / 2
	other, ok := p.waiting[k]
	if !ok {
		if p.waiting == nil {
			p.waiting = map[int]Result{}
		}
		p.waiting[k] = r
		return
	}
	delete(p.waiting, k)
	w := (WinShare(r.Scores[0], r.Scores[1]) + WinShare(other.Scores[0], other.Scores[1])) / 2
	m := float64(r.Scores[0]-r.Scores[1]+other.Scores[0]-other.Scores[1]) / 2
	p.n++
	p.win += w
	p.winSq += w * w
	p.margin += m
	p.marginSq += m * m
}

// WinShare is a side's share of a game's win from its score and the
// other side's: 1, a half for a draw, or 0.
func WinShare(me, opp int) float64 {
	switch {
	case me > opp:
		return 1
	case me < opp:
		return 0
	}
	return 0.5
}

// figures is each seat's PairFigures, nil before two whole pairs (one has
// no spread).
func (p *pairing) figures() (*PairFigures, *PairFigures) {
	if p.n < 2 {
		return nil, nil
	}
	n := float64(p.n)
	half := func(sum, sq float64) float64 {
		mean := sum / n
		return Z95 * math.Sqrt(max((sq-n*mean*mean)/(n-1), 0)/n)
	}
	w, hw := p.win/n, half(p.win, p.winSq)
	m, hm := p.margin/n, half(p.margin, p.marginSq)
	a := &PairFigures{WinRate: w, Interval: [2]float64{max(w-hw, 0), min(w+hw, 1)}, Margin: m, MarginInterval: [2]float64{m - hm, m + hm}}
	b := &PairFigures{WinRate: 1 - w, Interval: [2]float64{max(1-w-hw, 0), min(1-w+hw, 1)}, Margin: -m, MarginInterval: [2]float64{-m - hm, -m + hm}}
	return a, b
}
