package montecarlo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sync/atomic"

	"github.com/lexico/lexico/bot/game/move"
)

// Allocation is how a simulation shares its worlds among the candidates.
type Allocation uint8

const (
	// AllocEqual plays every candidate in every world: each has the same
	// number of worlds, however far behind it is.
	AllocEqual Allocation = iota
	// AllocRace stops playing a candidate once another is clearly ahead of
	// it, and spends its playouts on more worlds for the others (racing:
	// a best-arm identification by elimination). Rounds are played in
	// phases of RacePhase; after each, a candidate is dropped when some
	// other one beats it by more than RaceZ standard errors of their
	// paired difference over the worlds both played (the same worlds:
	// common random numbers make the difference far less noisy than
	// either mean). A candidate costs its worlds until it is clearly
	// behind, so a longer list costs little more than a short one; a
	// wrong drop costs the difference between two close candidates.
	AllocRace
)

// DefaultAllocation is the sim policy's allocation (player.New): a race,
// which lets the policy compare 25 candidates in the time equal shares
// give 10 (player.DefaultSimCandidates), so that it finds the moves the
// static ranking placed 11th to 25th; on the decision-quality benchmark
// it lost half as much a move (docs/lab/quality.md).
const DefaultAllocation = AllocRace

// String is the allocation's name on the command line.
func (a Allocation) String() string {
	if a == AllocRace {
		return "race"
	}
	return "equal"
}

// ParseAllocation reads an allocation's name (Allocation.String).
func ParseAllocation(name string) (Allocation, error) {
	for _, a := range []Allocation{AllocEqual, AllocRace} {
		if name == a.String() {
			return a, nil
		}
	}
	return 0, fmt.Errorf("%w %q: want equal or race", ErrAllocation, name)
}

// RacePhase is how many rounds a race plays between two eliminations:
// the threads wait for each other at its end (a few percent of the time
// at 16), and a candidate clearly behind is fed that many rounds more.
const RacePhase = 16

// RaceMinRounds is how many rounds a race plays before it drops anything:
// a standard error from fewer worlds is itself too uncertain.
const RaceMinRounds = 32

// RaceZ is how many standard errors of the paired difference a candidate
// must trail another by to be dropped. A race compares every candidate
// with every other after each phase, many times a move, so a small z
// drops near-equal candidates by chance and ends early, leaving the
// budget unspent; at 5 a wrong drop is all but impossible and the
// contenders share the whole budget, while a candidate far behind still
// goes after a few dozen worlds. (2.5 and 3.5 chose as well on the
// decision-quality benchmark, thinking a quarter and a half of the time.)
const RaceZ = 5

// racing is one simulation's racing state: who is still played, the phase's
// outcomes, and the paired sums of every two candidates still played.
type racing struct {
	n     int
	alive []bool
	// dropped is the number of rounds a candidate was played before it
	// was dropped (MaxRounds while alive): the report ranks the longer
	// played first.
	dropped []int
	// buf holds a phase's outcomes, round by round, candidate by
	// candidate; done marks the rounds played whole.
	buf  []outcome
	done []bool
	// Pairs of candidates i < j, at i*n + j: the sums of the ranking's key
	// of i less j's, and of its square, over the rounds both played.
	dSum, dSq []float64
	rounds    int // the rounds counted so far
	// byWins: every world is played to the game's end and the report ranks
	// by wins, so the race's key is winsFirst's.
	byWins bool
}

// playRace plays the rounds of a race until stop, the playout budget
// (budget candidate playouts; 0: none) or one candidate is left, and
// returns the sums of the complete rounds and the rounds each candidate
// was played before it was dropped.
func (s *Simulator) playRace(playouts []*playout, cands []move.Move, unseen []byte, budget int64, rank Ranking, byWins bool, stop func() bool) ([]tally, []int) {
	n := len(cands)
	rc := &racing{n: n, byWins: byWins, alive: make([]bool, n), dropped: make([]int, n), buf: make([]outcome, RacePhase*n),
		done: make([]bool, RacePhase), dSum: make([]float64, n*n), dSq: make([]float64, n*n)}
	for i := range rc.alive {
		rc.alive[i], rc.dropped[i] = true, MaxRounds
	}
	totals := make([]tally, n)
	left := budget
	alive := n
	for start := 0; alive > 1 && start < MaxRounds; {
		size := RacePhase
		if budget > 0 {
			size = int(min(int64(size), left/int64(alive)))
			if size == 0 {
				break
			}
		}
		clear(rc.done)
		var next atomic.Int64
		eachPlayout(playouts, func(o *playout) {
			s.playPhase(o, cands, unseen, rc, start, size, &next, stop)
		})
		whole := true
		for r := range size {
			if !rc.done[r] {
				whole = false
				continue
			}
			out := rc.buf[r*n : (r+1)*n]
			if stop() {
				// No decision follows a stop, so the paired sums, a
				// pass over every pair alive (a quarter of a million
				// with an endgame's 500 candidates: tens of
				// milliseconds a round on a crowded machine, past the
				// deadline), are left; the report needs the totals.
				rc.total(totals, out)
				continue
			}
			rc.count(totals, out, rank, s.blend())
		}
		if !whole || stop() {
			break // stopped: the rounds played whole count, no more
		}
		start += size
		left -= int64(size * alive)
		if rc.rounds >= RaceMinRounds {
			alive -= rc.eliminate()
		}
	}
	return totals, rc.dropped
}

// playPhase plays rounds start to start+size-1 on one goroutine, the
// candidates still alive in each, into rc.buf.
func (s *Simulator) playPhase(o *playout, cands []move.Move, unseen []byte, rc *racing, start, size int, next *atomic.Int64, stop func() bool) {
	p := o.p
	var pcg rand.PCG
	r := rand.New(&pcg)
	w := &o.w // the playout's: its deal count tells the shared replies a new world
	for !stop() {
		j := int(next.Add(1) - 1)
		if j >= size {
			return
		}
		pcg.Seed(s.Seed, uint64(start+j))
		w.deal(unseen, o.keptIn(uint64(start+j)), p.BagCount, p.Variant.RackSize, r)
		out := rc.buf[j*rc.n : (j+1)*rc.n]
		for i := range cands {
			if !rc.alive[i] {
				continue
			}
			res, ok := o.run(&cands[i], w)
			if !ok {
				return // cut part way: the round does not count
			}
			out[i] = res
		}
		rc.done[j] = true // round j is this goroutine's alone
	}
}

// total adds one round's outcomes (out, by candidate) to the totals of
// the candidates alive.
func (rc *racing) total(totals []tally, out []outcome) {
	for i := range rc.n {
		if rc.alive[i] {
			totals[i].add(out[i])
		}
	}
}

// count adds one round's outcomes (out, by candidate) to the totals and
// the paired sums of the candidates alive.
func (rc *racing) count(totals []tally, out []outcome, rank Ranking, blend float64) {
	rc.rounds++
	rc.total(totals, out)
	for i := range rc.n {
		if !rc.alive[i] {
			continue
		}
		ki := rc.key(out[i], rank, blend)
		for j := i + 1; j < rc.n; j++ {
			if rc.alive[j] {
				d := ki - rc.key(out[j], rank, blend)
				rc.dSum[i*rc.n+j] += d
				rc.dSq[i*rc.n+j] += d * d
			}
		}
	}
}

// eliminate drops every candidate alive that another alive one beats by
// more than RaceZ standard errors of their paired difference, and returns
// how many it dropped. The decisions are taken on the sums before any
// drop, so the order of the candidates does not matter.
func (rc *racing) eliminate() int {
	n, k := rc.n, float64(rc.rounds)
	var drop []int
	for i := range n {
		for j := range n {
			if i == j || !rc.alive[i] || !rc.alive[j] {
				continue
			}
			// d is i's key less j's.
			a, b, sign := i, j, 1.0
			if a > b {
				a, b, sign = j, i, -1
			}
			sum, sq := sign*rc.dSum[a*n+b], rc.dSq[a*n+b]
			mean := sum / k
			variance := max(sq/k-mean*mean, 0) * k / (k - 1)
			if se := math.Sqrt(variance / k); mean < 0 && -mean > RaceZ*se {
				drop = append(drop, i)
				break
			}
		}
	}
	for _, i := range drop {
		rc.alive[i], rc.dropped[i] = false, rc.rounds
	}
	return len(drop)
}

// winsFirst is what a win is worth in points in a race whose worlds are
// all played to the game's end (racing.byWins): the report ranks such
// candidates by their win rate, points breaking ties, so the race compares
// them alike. Racing on points alone there dropped the candidates a side
// behind needs, the plays that can still win, for scoring less on average
// than plays that lose by less; a thousand points makes a world's result
// count before any margin and the points still decide between candidates
// that win and lose in the same worlds.
const winsFirst = 1000

// key is what the race compares of one outcome: the ranking's key, or,
// when byWins, the result first (the sign of the margin, as
// Result.WinRate counts it) and then the points.
func (rc *racing) key(o outcome, rank Ranking, blend float64) float64 {
	if rc.byWins {
		return winsFirst*result(o.margin) + o.value
	}
	return rankKey(o, rank, blend)
}

// rankKey is what the ranking compares of one outcome.
func rankKey(o outcome, rank Ranking, blend float64) float64 {
	switch rank {
	case RankWinProb:
		return o.wp
	case RankBlend:
		return 100*o.wp + blend*o.value
	}
	return o.value
}
