// Package montecarlo chooses among a few candidate moves by playing the game
// on from each of them many times, with the unseen tiles dealt at random:
// the simulation of the LEXI_PI developer documentation's roadmap (simulate
// random games for the top 10 candidates and pick the one with the best
// prospects, even if it scores fewer points) and of macondo's montecarlo
// package.
//
// A static valuation (score plus the value of the tiles kept) cannot see
// what a move opens for the opponent, or that a lower score keeps a better
// rack for the turn after. A simulation sees both, at the cost of
// generating every play of a few simulated turns per candidate and world:
// it is for a bot with time to think (the platform gives 5 s a move), on
// top of the static search, which picks the candidates.
package montecarlo

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/winprob"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
)

// DefaultPlies is how many turns a simulation plays after the candidate
// when Simulator.Plies is not set: the opponent's reply and the mover's
// next turn, what the candidate opens and what it keeps. More plies see
// further but cost a generation each and add the noise of more draws.
const DefaultPlies = 2

// DefaultIterations is how many rounds a simulation plays when nothing else
// would end it: MaxIterations unset and a context without a deadline.
const DefaultIterations = 200

// DefaultEndgameBag is the sim policy's EndgameBag: from 10 tiles in the
// bag every world is played to the game's end and candidates are ranked by
// wins. Two plies ranked by points see neither that the game ends within a
// few turns of each side nor who wins it; on the late set's positions
// (8 to 13 in the bag, docs/quality.md) playing to the end from 10 chose
// moves that win more often from 8 to 10 in the bag, and from 11 to 13 no
// better, each world costing several more turns. It trades points for
// wins: the moves chosen score some points less on average.
const DefaultEndgameBag = 10

// EndPlies bounds a world played to the game's end (Simulator.EndgameBag):
// two racks emptied a tile a turn, and passes, end well within it.
const EndPlies = 40

// Simulator plays candidate moves out. Its fields are read-only once
// Simulate runs; one Simulator serves concurrent calls.
type Simulator struct {
	// Gen finds the simulated turns' plays.
	Gen movegen.Generator
	// Equity chooses each simulated turn's play (the best by it) and values
	// the tiles each side kept at its last move.
	Equity equity.Calculator
	// Plies is how many turns are played after the candidate (0: none,
	// the candidate's static equity alone, which one world tells; at most
	// MaxPlies).
	Plies int
	// EndgameBag: with at most this many tiles in the bag, every world is
	// played to the game's end whatever Plies says (0: never). Near the
	// end what matters is who wins, which only a finished game tells, and
	// the turns left are few and cheap; earlier, whole games would cost
	// tens of generations a world and mostly add noise.
	EndgameBag int
	// Threads is how many goroutines play rounds at once (0: GOMAXPROCS;
	// at most MaxThreads).
	Threads int
	// MaxIterations caps the rounds (0: until ctx ends, or
	// DefaultIterations when ctx has no deadline). A capped
	// simulation with a Seed gives the same report on every run, whatever
	// Threads is.
	MaxIterations int
	// Seed fixes the worlds: round k is dealt from (Seed, k).
	Seed uint64
	// Keys numbers the playouts so that a search may reuse the leave
	// values an earlier search of the same rack found (movegen.Args.LeaveKey):
	// every Simulator over Gen must share it. nil: no reuse, each search
	// values its leaves again (the same answer, more slowly).
	Keys *LeaveKeys
	// Rank is what the candidates are ranked by (RankPoints, the zero
	// value, RankWinProb or RankBlend).
	Rank Ranking
	// Blend is RankBlend's weight of the points: the ranking adds Blend
	// percent of win probability per point of mean equity (0:
	// DefaultBlend).
	Blend float64
	// Allocation is how the worlds are shared among the candidates
	// (AllocEqual, the zero value, or AllocRace). With AllocRace a
	// capped simulation (MaxIterations, or DefaultIterations without a
	// deadline) spends the playouts of MaxIterations worlds of every
	// candidate: the candidates still in the race get more worlds.
	Allocation Allocation
	// WinProbs are the tables the playouts' final margins go through when
	// the ranking needs win probabilities, the one learned with the
	// position's bag (player.Shared gives its simulations the shipped
	// ones). With no table for the bag the candidates are ranked by points.
	WinProbs winprob.Set
	// Infer deals the worlds from what the opponent may have kept at its
	// last play, when the position has it (position.Last; infer.go), not
	// from the unseen tiles alone. It costs InferTries searches a move, and
	// its model is an opponent that plays by the static valuation: one that
	// simulates is misread (its likely racks taken as unlikely), which is
	// why it is off by default.
	Infer bool
}

// Ranking is what a simulation ranks its candidates by.
type Ranking uint8

const (
	// RankPoints ranks by the mean equity (points: the candidate's score,
	// the simulated gains and the kept tiles' values), and, when every
	// world was played to the game's end, by the win rate, points
	// breaking ties.
	RankPoints Ranking = iota
	// RankWinProb ranks by the mean chance of winning: each world's final
	// margin (the real spread plus the points of RankPoints) through the
	// win probability table at the horizon's unseen count and side to
	// move, or 1, 1/2 or 0 where the simulated game ended; the mean
	// equity breaks ties (a game won or lost in every world). Points
	// count as much as they change who wins: a lead of 100 is not made
	// safer by 20 more, a close game is decided by them.
	RankWinProb
	// RankBlend ranks by the mean win probability in percent plus Blend
	// times the mean equity: the points still count where the chance of
	// winning barely moves (a game all but won or lost).
	RankBlend
)

// DefaultRank is the sim policy's ranking (player.New): the mean points,
// which still rank by the win rate once every world reaches the game's
// end. The chance of winning chose worse moves on the decision-quality
// benchmark (0.4 points a move lost, no more worlds ahead at the horizon)
// and was level in self-play, so it stays a choice (--sim-rank winprob)
// until a table or a blend measures better (docs/winprob.md).
const DefaultRank = RankPoints

// DefaultBlend is RankBlend's weight when Simulator.Blend is not set: ten
// points of mean equity count as one percent of win probability, about
// what ten points are worth in a close middle game.
const DefaultBlend = 0.1

// String is the ranking's name on the command line.
func (r Ranking) String() string {
	switch r {
	case RankWinProb:
		return "winprob"
	case RankBlend:
		return "blend"
	}
	return "points"
}

// ParseRanking reads a ranking's name (Ranking.String).
func ParseRanking(name string) (Ranking, error) {
	for _, r := range []Ranking{RankPoints, RankWinProb, RankBlend} {
		if name == r.String() {
			return r, nil
		}
	}
	return 0, fmt.Errorf("%w %q: want points, winprob or blend", ErrRanking, name)
}

// winProbFor is the table the ranking reads for p, nil when it ranks by
// points (asked to, or no table fits p's bag).
func (s *Simulator) winProbFor(p *position.Position) *winprob.Table {
	if s.Rank == RankPoints {
		return nil
	}
	return s.WinProbs.For(&p.Variant.Distribution)
}

// Result is what the simulation says of one candidate.
type Result struct {
	// Iterations is the number of worlds the candidate was played out in:
	// the same for every candidate of a report, but in an endgame's one
	// world (Simulate), where a candidate the deadline left unplayed has 0
	// and ranks after every played one, and in a race (AllocRace), where a
	// candidate dropped has fewer and ranks after those played longer.
	Iterations int
	// Equity is the mean, over the worlds, of the candidate's score plus
	// the mover's gain over the opponent in the simulated turns, plus,
	// where a simulation stopped before the game's end, the value of the
	// tiles the mover kept at its last move less the opponent's: points,
	// comparable with the static equity (equal to it with no ply).
	Equity float64
	// StdErr is the standard error of Equity.
	StdErr float64
	// WinProb is the mean over the worlds of the mover's chance of
	// winning at the simulation's end: the final margin through the win
	// probability table, or the result where the game ended (0 when the
	// simulation did not rank by win probability: Report.Rank).
	WinProb float64
	// WinProbErr is the standard error of WinProb.
	WinProbErr float64
	// WinRate is the share of worlds where the mover ends ahead (ties
	// count half), from the real scores plus the simulated points; exact
	// in the worlds where the simulated game ended, else an estimate.
	WinRate float64
	// Ended counts the worlds in which the simulated game ended.
	Ended int
	// Dropped is set when a race (AllocRace) stopped playing the
	// candidate: another was clearly ahead of it.
	Dropped bool
}

// Report is a simulation's verdict on a list of candidates.
type Report struct {
	// Results holds one Result per candidate, in the candidates' order.
	Results []Result
	// Order lists the candidates' indices, best first.
	Order []int
	// Iterations is the number of complete rounds (every candidate played
	// out in the same world).
	Iterations int
	// Plies is how many turns were played after each candidate at most:
	// Simulator.Plies, or EndPlies when the worlds were played to the end.
	Plies int
	// ByWins is set when the candidates were ranked by WinRate: every
	// simulated game ended, so the win rates are exact in each world.
	// Otherwise they are ranked by Equity, which says more than a
	// win-or-lose count while the game goes on past the horizon.
	ByWins bool
	// Rank is what the candidates were ranked by: the Simulator's
	// ranking, or RankPoints when no win probability table fits the bag.
	Rank Ranking
	// Inferred is how many racks the opponent may have kept the worlds
	// were dealt from (Simulator.Infer); 0 when nothing was inferred.
	Inferred int
}

// Simulate plays each candidate out in the same random worlds, round after
// round, until ctx ends or MaxIterations rounds are done, and ranks them.
// Only complete rounds count: a round cut by ctx is dropped, so every
// candidate has the same number of iterations. With no iteration (ctx
// already done) the report keeps the candidates' order. When the bag is
// empty and the unseen tiles are the opponent's rack, every world is the
// same, so one round tells everything and is the only one played: its
// candidates are shared out among the threads, best first, and a deadline
// that cuts it keeps those played (playOne).
//
// The worlds are played on a state.State from p, so a simulated game
// draws and ends by the same rules as a refereed one. A candidate the
// state cannot play (tiles the mover does not hold, a square off the
// board or taken) is an ErrBadCandidate error before any world.
func (s *Simulator) Simulate(ctx context.Context, p *position.Position, cands []move.Move) (Report, error) {
	if len(cands) == 0 {
		return Report{}, ErrNoCandidates
	}
	unseen, err := Unseen(p)
	if err != nil {
		return Report{}, err
	}
	rounds := s.MaxIterations
	if _, ok := ctx.Deadline(); !ok && rounds <= 0 {
		rounds = DefaultIterations
	}
	oneWorld := p.BagCount == 0 && len(unseen) <= p.Variant.RackSize // the unseen tiles are the opponent's rack
	if oneWorld {
		rounds = 1
	}
	plies := min(s.Plies, MaxPlies)
	toEnd := s.EndgameBag > 0 && p.BagCount <= s.EndgameBag
	if toEnd {
		plies = EndPlies
	}
	if plies == 0 && !oneWorld {
		// Every world gives each candidate its static equity: one says
		// all, where a budget of seconds once played millions alike.
		rounds = 1
	}
	threads := s.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	threads = min(threads, MaxThreads)
	switch {
	case oneWorld:
		threads = min(threads, len(cands))
	case rounds > 0:
		threads = min(threads, rounds)
	}
	stop := stopFunc(ctx)
	wp := s.winProbFor(p)
	rank := s.Rank
	if wp == nil {
		rank = RankPoints
	}
	// A playout costs a game state of its own (some microseconds, some
	// kilobytes): made one by one until the deadline, they never make the
	// answer late, and the simulation plays on those made (one at least,
	// which checks the candidates).
	playouts := make([]*playout, 0, threads)
	for len(playouts) < threads && (len(playouts) == 0 || !stop()) {
		o, err := newPlayout(s, p, plies, wp, stop)
		if err != nil {
			return Report{}, err
		}
		playouts = append(playouts, o)
	}
	if err := playouts[0].check(cands, unseen); err != nil {
		return Report{}, err
	}
	var kept [][]byte
	if s.Infer && !oneWorld && rounds != 1 {
		kept = s.infer(p, unseen, InferTries, stop)
		for _, o := range playouts {
			o.kept = kept
		}
	}
	if oneWorld {
		rep := s.report(s.playOne(playouts, cands, unseen, stop), rank, nil)
		rep.Plies = plies
		return rep, nil
	}
	if s.Allocation == AllocRace && rounds != 1 && len(cands) >= 2 {
		budget := int64(0)
		if rounds > 0 {
			budget = int64(rounds) * int64(len(cands))
		}
		// Played to the end, the report ranks by wins (unless by blend):
		// the race too.
		totals, dropped := s.playRace(playouts, cands, unseen, budget, rank, toEnd && rank != RankBlend, stop)
		rep := s.report(totals, rank, dropped)
		rep.Plies, rep.Inferred = plies, len(kept)
		return rep, nil
	}

	var (
		next   atomic.Int64
		mu     sync.Mutex
		totals = make([]tally, len(cands))
	)
	eachPlayout(playouts, func(o *playout) {
		mine := s.play(o, cands, unseen, rounds, &next, stop)
		mu.Lock()
		for i := range totals {
			totals[i].merge(&mine[i])
		}
		mu.Unlock()
	})
	rep := s.report(totals, rank, nil)
	rep.Plies, rep.Inferred = plies, len(kept)
	return rep, nil
}

// MaxPlies caps Simulator.Plies, and the flags that set it: a game lasts
// some 25 turns and a world stops where its game ends, so more plies only
// mean to the game's end, while each playout reserved a journal of Plies
// moves up front (99999999999 ran out of memory).
const MaxPlies = 1000

// MaxThreads caps Simulator.Threads, and the flags that set it: 100,000
// threads once took 1.4 GB and seconds to start, past the answer's
// deadline. A thread past the machine's cores only shares one, so the cap
// is above any core count the bot runs on (a few dozen), and a command
// line written for a large machine runs unchanged on a small one.
const MaxThreads = 256

// MaxRounds caps the rounds of a simulation whatever its budget: the sums
// (stats.go) stay exact well beyond it, and past a few hundred
// thousand worlds more change nothing a move depends on.
const MaxRounds = 1 << 30

// play runs rounds on one goroutine until stop, or until the counter passes
// rounds (0: no cap), and returns the sums of the complete ones.
func (s *Simulator) play(o *playout, cands []move.Move, unseen []byte, rounds int, next *atomic.Int64, stop func() bool) []tally {
	p := o.p
	var pcg rand.PCG
	r := rand.New(&pcg)
	var w world
	sums := make([]tally, len(cands))
	out := make([]outcome, len(cands))
	limit := int64(MaxRounds)
	if rounds > 0 {
		limit = min(limit, int64(rounds))
	}
	for !stop() {
		k := next.Add(1) - 1
		if k >= limit {
			break
		}
		pcg.Seed(s.Seed, uint64(k))
		w.deal(unseen, o.keptIn(uint64(k)), p.BagCount, p.Variant.RackSize, r)
		for i := range cands {
			res, ok := o.run(&cands[i], &w)
			if !ok {
				return sums // cut part way: the round does not count
			}
			out[i] = res
		}
		for i := range out {
			sums[i].add(out[i])
		}
	}
	return sums
}

// playOne plays every candidate out in the one world there is (the bag
// empty, the unseen tiles the opponent's rack), the candidates shared out
// among the playouts in their order (best first), and returns each one's
// sums: a candidate not reached before stop, or cut by it, has none.
// Where rounds of many worlds must be whole to compare the candidates,
// here each candidate's playout is the whole of its figures, so a deadline
// costs only the candidates it left unplayed, at the end of the list.
func (s *Simulator) playOne(playouts []*playout, cands []move.Move, unseen []byte, stop func() bool) []tally {
	sums := make([]tally, len(cands))
	var next atomic.Int64
	eachPlayout(playouts, func(o *playout) {
		var pcg rand.PCG
		pcg.Seed(s.Seed, 0)
		var w world
		w.deal(unseen, nil, o.p.BagCount, o.p.Variant.RackSize, rand.New(&pcg))
		for !stop() {
			i := int(next.Add(1) - 1)
			if i >= len(cands) {
				return
			}
			res, ok := o.run(&cands[i], &w)
			if !ok {
				return
			}
			sums[i].add(res) // candidate i is this goroutine's alone
		}
	})
	return sums
}

// eachPlayout runs f on every playout, each on a goroutine of its own (a
// playout owns its state and buffers: one thread of the simulation), and
// returns when all have.
func eachPlayout(playouts []*playout, f func(*playout)) {
	var wg sync.WaitGroup
	for _, o := range playouts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(o)
		}()
	}
	wg.Wait()
}

// blend is RankBlend's weight.
func (s *Simulator) blend() float64 {
	if s.Blend == 0 {
		return DefaultBlend
	}
	return s.Blend
}

// report turns the sums into each candidate's figures and the ranking;
// dropped, for a race, is the rounds each candidate was played before it
// was dropped (nil: none was).
func (s *Simulator) report(totals []tally, rank Ranking, dropped []int) Report {
	n := len(totals)
	rep := Report{Results: make([]Result, n), Order: make([]int, n), Rank: rank}
	blend := s.blend()
	for i := range totals {
		rep.Results[i] = totals[i].result()
		rep.Results[i].Dropped = dropped != nil && dropped[i] < MaxRounds
		rep.Order[i] = i
		rep.Iterations = max(rep.Iterations, rep.Results[i].Iterations)
	}
	if rep.Iterations == 0 {
		return rep
	}
	// With every world played to its end, the chance of winning is the
	// win rate: both rankings say "by wins".
	rep.ByWins = rank != RankBlend
	for _, r := range rep.Results {
		rep.ByWins = rep.ByWins && r.Ended == r.Iterations
	}
	// Stable: among equals the candidates keep their (static) order.
	slices.SortStableFunc(rep.Order, func(a, b int) int {
		ra, rb := rep.Results[a], rep.Results[b]
		if played := cmp.Compare(min(rb.Iterations, 1), min(ra.Iterations, 1)); played != 0 {
			return played // unplayed (an endgame's cut world) last
		}
		if dropped != nil && dropped[a] != dropped[b] {
			return cmp.Compare(dropped[b], dropped[a]) // dropped sooner, lower
		}
		switch {
		case rep.ByWins && ra.WinRate != rb.WinRate:
			return cmp.Compare(rb.WinRate, ra.WinRate)
		case rank == RankWinProb && ra.WinProb != rb.WinProb:
			return cmp.Compare(rb.WinProb, ra.WinProb)
		case rank == RankBlend:
			ka, kb := 100*ra.WinProb+blend*ra.Equity, 100*rb.WinProb+blend*rb.Equity
			if ka != kb {
				return cmp.Compare(kb, ka)
			}
		}
		return cmp.Compare(rb.Equity, ra.Equity)
	})
	return rep
}

// stopFunc is the playouts' stop: ctx is done, or its deadline has passed.
// The deadline is read off the clock rather than waited for: while the
// playouts busy every core, the goroutine a context's timer wakes may wait
// for one (movegen.Args.Stop has the same reasoning).
func stopFunc(ctx context.Context) func() bool {
	deadline, hasDeadline := ctx.Deadline()
	var stopped atomic.Bool
	return func() bool {
		switch {
		case stopped.Load():
			return true
		case hasDeadline && !time.Now().Before(deadline), ctx.Err() != nil:
			stopped.Store(true)
			return true
		}
		return false
	}
}
