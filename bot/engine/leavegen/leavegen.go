// Package leavegen learns leave values from self-play: the equity player
// plays itself with the current table, the leaves of its moves are credited
// with what they were worth (the target), and the averages per leave
// (package leaves, Stats.Fit) are the next generation's table.
//
// Two targets (leaves.Target). The classic superleave one (Quackle's
// superleaves, macondo's leavegen), TargetNextTurn: the value of keeping a
// leave is what the next turn is worth to the mover holding it, against
// the average over all leaves. Here a turn is worth its score plus the
// valuation's own estimate of the leave it keeps in turn (a one-step
// bootstrap, so tiles kept for later are credited to the leave that kept
// them). TargetRack, MAGPIE's: every sub-leave of the rack a move is made
// from is credited with that move's worth, so a leave's value is what
// racks holding it are worth against the average rack. Either way the
// average is subtracted when the statistics are fitted, and the values are
// shifted so that keeping nothing is worth 0.
//
// Games are played on a state.State (the rules engine the referee judges
// with), not through the referee's JSON round trip, which would cost more
// than the move generation; the player is the real equity policy. Each game
// is dealt from a seed derived from the trainer's seed, the generation and
// the game's number, and games are added to the statistics in their order,
// so a run is reproducible whatever the number of workers, and a run killed
// and resumed from its last checkpoint ends with the same statistics.
package leavegen

import (
	"context"
	"fmt"
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/leaves"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/variant"
)

// Trainer plays one generation's games.
type Trainer struct {
	Variant *variant.Variant
	Gen     movegen.Generator
	// Engine, when set, makes the players (its generator is then Gen), so
	// that its Close waits for their searches; nil: players of their own
	// over Gen.
	Engine *engine.Engine
	// Playing is the valuation the games are played with (the previous
	// generation's table, or the hand-tuned model for the first).
	Playing *equity.Table
	// Parallel is the number of games played at once (at least 1).
	Parallel int
	// MaxTurns ends a game that has not ended by itself (0: 500, the
	// referee's guard).
	MaxTurns int
	// Batch is the number of games between two points where the
	// statistics are consistent (added in order, a checkpoint possible);
	// 0 means DefaultBatch.
	Batch int
	// Target is what a leave is credited with.
	Target leaves.Target
}

// record is one leave kept and what it was worth.
type record struct {
	rank   int32
	target float64
}

// GameSeed is the seed of game i of generation gen (SplitMix64 of the three,
// so neighbouring games and generations are unrelated).
func GameSeed(seed uint64, gen int, i uint64) uint64 {
	z := seed ^ uint64(gen)*0xd1b54a32d192ed03
	z += (i + 1) * 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// DefaultBatch is Trainer.Batch's default: long enough to keep every
// worker busy, short enough that a kill loses seconds.
const DefaultBatch = 32

// Run plays st's shard of its generation from st.Done on, adding each game's
// records in game order. Every checkpointEvery (and at the end) it calls
// checkpoint with st; progress is told of each batch.
func (tr *Trainer) Run(ctx context.Context, st *leaves.Stats, checkpointEvery time.Duration,
	checkpoint func(*leaves.Stats) error, progress func(done, total uint64)) error {
	sh := Shard{Games: st.GenGames, Shard: st.Shard, Shards: st.Shards, Done: &st.Done,
		Parallel: tr.Parallel, Batch: tr.Batch, CheckpointEvery: checkpointEvery}
	play := func(game uint64) ([]record, error) {
		return tr.play(ctx, st, GameSeed(st.Seed, st.Generation, game), int(game%2))
	}
	add := func(records []record) {
		for _, r := range records {
			st.Add(int(r.rank), r.target)
		}
	}
	var save func() error
	if checkpoint != nil {
		save = func() error { return checkpoint(st) }
	}
	return PlayShard(ctx, sh, play, add, save, progress)
}

// play plays one game and returns its records.
func (tr *Trainer) play(ctx context.Context, st *leaves.Stats, seed uint64, starter int) ([]record, error) {
	v := tr.Variant
	s, err := state.Start(v, seed, starter)
	if err != nil {
		return nil, err
	}
	var pl player.Policy = player.NewEquity(tr.Gen, tr.Playing)
	if tr.Engine != nil {
		if pl, err = tr.Engine.Policy(player.NameEquity, tr.Playing); err != nil {
			return nil, err
		}
	}
	maxTurns := tr.MaxTurns
	if maxTurns <= 0 {
		maxTurns = 500
	}
	type pending struct {
		rank int32
		ok   bool
		// first is, with TargetTwoTurns, the first turn's score.
		first float64
	}
	var (
		waiting [2]pending
		// second is, with TargetTwoTurns, the leave of each seat waiting
		// for its second turn while the next waits for its first.
		second [2]pending
		out    []record
		ranks  []int32
	)
	for turn := 0; !s.Over() && turn < maxTurns; turn++ {
		seat := s.Turn()
		p := s.View()
		ch := pl.Choose(ctx, &p)
		if ctx.Err() != nil {
			return nil, nil // the batch is dropped
		}
		m := ch.Move
		// What the move is worth as the player values it: its points and
		// what it keeps, fading with the bag as the valuation does.
		worth := float64(m.Score) + fadeAt(tr.Playing, p.BagCount)*tr.Playing.LeaveValue(v, ch.Leave)
		switch tr.Target {
		case leaves.TargetRack:
			// A rack is recorded when it is full and the move is followed
			// by a full draw, as the leaves of the next-turn target are.
			if p.Rack.N == v.RackSize && p.BagCount >= v.RackSize {
				ranks = st.Space.AppendSubRanks(ranks[:0], &p.Rack)
				for _, r := range ranks {
					out = append(out, record{r, worth})
				}
			}
		case leaves.TargetTwoTurns:
			// The leave kept two turns ago is worth the turn between and
			// this one; the leave kept last turn has had one.
			if w := &second[seat]; w.ok {
				out = append(out, record{w.rank, w.first + worth})
				w.ok = false
			}
			if w := &waiting[seat]; w.ok {
				second[seat] = pending{rank: w.rank, ok: true, first: float64(m.Score)}
				w.ok = false
			}
			if m.Kind != move.Pass && p.BagCount >= 2*v.RackSize {
				if r, ok := st.Space.Rank(&ch.Leave); ok {
					waiting[seat] = pending{rank: int32(r), ok: true}
				}
			}
		default:
			// The leave this seat kept last turn is worth this turn.
			if w := &waiting[seat]; w.ok {
				out = append(out, record{w.rank, worth})
				w.ok = false
			}
			// A leave is recorded when the bag refills the rack and leaves
			// the opponent a full draw too: late leaves are the endgame's
			// business.
			if m.Kind != move.Pass && p.BagCount >= 2*v.RackSize {
				if r, ok := st.Space.Rank(&ch.Leave); ok {
					waiting[seat] = pending{rank: int32(r), ok: true}
				}
			}
		}
		if err := s.Apply(m); err != nil {
			return nil, fmt.Errorf("game seed %d turn %d: the player's move %v: %w", seed, turn, m, err)
		}
	}
	return out, nil
}

// fadeAt is the share of a leave's value the valuation counts with bag tiles
// in the bag.
func fadeAt(t *equity.Table, bag int) float64 {
	switch {
	case bag <= 0:
		return 0
	case float64(bag) < t.FadeBag:
		return float64(bag) / t.FadeBag
	}
	return 1
}
