package montecarlo

import (
	"math"
	"math/rand/v2"

	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
)

// Inference: the opponent's last play says something about the tiles it
// kept. A player who placed three tiles for 12 points when the rack it held
// had a 40-point play is unlikely to have held that rack. With the play seen
// (position.Last), the worlds deal the opponent a rack drawn from what it
// may have kept, each weighed by how well the play suits it, instead of
// from the unseen tiles alone.
//
// The model is the static valuation's: a player holding rack R picks a play
// whose equity is near R's best. A kept rack L (the play's tiles and L made
// R) is a draw of the unseen tiles, as the opponent's rack was before it
// played, accepted with chance exp(-d/InferTemperature), d being how far the
// play's equity falls below the best of R (1 when it is the best). The
// accepted racks are draws from the opponent's kept tiles given its play;
// each world takes the next in turn and deals the rest at random.
//
// What it trades: a search of the position before the play for every rack
// tried (InferTries, a few percent of a 1 s budget on one thread), and a
// model of the opponent. An opponent that chooses by more than the static
// valuation (a simulation) picks a play some points below the static best
// in a third of positions: the temperature keeps such a play's true rack
// likely, at the cost of a weaker inference. A play the model cannot
// explain (fewer than InferMinKept racks accepted) infers nothing.
const (
	// InferTries is how many kept racks are tried.
	InferTries = 300
	// InferTemperature is how many points below the best play a play may
	// fall for its rack's chance to shrink by e.
	InferTemperature = 4.0
	// InferMinKept is the fewest racks accepted for the inference to be
	// used.
	InferMinKept = 12
)

// inferSeed tells the inference's random numbers apart from the worlds'
// (round k is dealt from (Seed, k)).
const inferSeed = 0x696e666572 // "infer"

// infer returns the racks the opponent may have kept at its last play
// (p.Last), drawn as the package comment says from unseen, the tiles the
// mover cannot see now, in tries draws; nil when there is nothing to infer
// (no play seen, a bingo, the bag empty, a board that is not the last one's
// plus a play) or the play is not explained. It stops early, with nil,
// when stop says so.
func (s *Simulator) infer(p *position.Position, unseen []byte, tries int, stop func() bool) [][]byte {
	in := s.inference(p, stop)
	if in == nil || len(unseen) < in.keep {
		return nil
	}
	var pcg rand.PCG
	pcg.Seed(s.Seed, inferSeed)
	r := rand.New(&pcg)
	pool := append([]byte(nil), unseen...)
	var kept [][]byte
	for try := 0; try < tries; try++ {
		if stop() {
			return nil
		}
		// A draw of keep tiles of the pool: its first keep after a
		// partial shuffle.
		for i := 0; i < in.keep; i++ {
			j := i + r.IntN(len(pool)-i)
			pool[i], pool[j] = pool[j], pool[i]
		}
		d, ok := in.shortfall(tile.RackOf(pool[:in.keep]))
		if !ok {
			return nil
		}
		if d <= 0 || r.Float64() < math.Exp(-d/InferTemperature) {
			kept = append(kept, append([]byte(nil), pool[:in.keep]...))
		}
	}
	if len(kept) < InferMinKept {
		return nil
	}
	return kept
}

// inference is the opponent's last play, ready to be weighed against the
// racks it may have kept.
type inference struct {
	o      *playout // on the position the opponent moved from
	played tile.Rack
	keep   int // how many tiles it kept
	bag    int // the bag when it moved
	lead   int // its lead then
	score  int // what the play scored
}

// inference reads p.Last; nil when there is nothing to infer from.
func (s *Simulator) inference(p *position.Position, stop func() bool) *inference {
	last := p.Last
	if last == nil || last.Before == nil || p.BagCount == 0 || last.Score < 0 {
		return nil
	}
	before := last.Before
	if before.Board == nil || before.Variant == nil {
		return nil
	}
	played, ok := p.Board.AddedSince(before.Board) // the play's tiles
	if !ok {
		return nil // not the board before plus a play
	}
	// The bag had tiles after the opponent's draw, so it held a full rack.
	keep := p.Variant.RackSize - played.N
	if played.N == 0 || keep <= 0 {
		return nil
	}
	opp := position.Position{Variant: before.Variant, Board: before.Board, BagCount: p.BagCount + played.N,
		MyScore: p.OppScore - last.Score, OppScore: p.MyScore, Rack: played}
	o, err := newPlayout(s, &opp, 0, nil, stop)
	if err != nil {
		return nil
	}
	return &inference{o: o, played: played, keep: keep, bag: opp.BagCount, lead: opp.MyScore - opp.OppScore, score: last.Score}
}

// shortfall is how far the play's equity falls below the best play of the
// rack it makes with leave (0 when it is the best), both valued alike: the
// score plus the tiles kept (the bounded search does not report its best's
// equity). ok is false when the search was stopped.
func (in *inference) shortfall(leave tile.Rack) (d float64, ok bool) {
	rack := in.played
	for i, n := range leave.Counts {
		for ; n > 0; n-- {
			rack.Add(tile.Byte(i))
		}
	}
	o := in.o
	found, finished := o.bestPlay(rack, in.lead, in.bag)
	if !finished {
		return 0, false
	}
	if !found {
		return 0, true
	}
	bestLeave := rack
	for _, pl := range o.best.Tiles {
		bestLeave.Remove(pl.Tile())
	}
	d = float64(o.best.Score) + o.leaveValue(bestLeave, in.bag) - (float64(in.score) + o.leaveValue(leave, in.bag))
	return max(d, 0), true
}
