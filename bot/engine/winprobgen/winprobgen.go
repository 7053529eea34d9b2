// Package winprobgen learns the chance of winning from self-play (package
// winprob's Stats and Table): the equity player plays itself on a
// state.State, under the rules the referee judges with, and every position
// between two turns is counted twice, once from each side: its spread, the
// tiles it cannot see, whether it moves next, and whether it went on to
// win.
//
// The spread counted is the one the simulation puts through the table at
// its horizon (package montecarlo): the score difference plus the value of
// the tiles each side kept at its last move (the static valuation's, taken
// before drawing) less the other's. A lead of points with a poor rack is
// not the same lead as with a good one, and the table is read with the
// same quantity it was learned from.
//
// Game i is dealt from leavegen.GameSeed(seed, 0, i) and games are added in
// their order whatever the number of workers (counts add exactly anyway),
// so a run is reproducible, and a run killed and resumed from its last
// checkpoint ends with the same statistics. Shards play the games i with
// i % k == shard; winprob.Merge adds them up.
package winprobgen

import (
	"context"
	"fmt"
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/leavegen"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/engine/winprob"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/variant"
)

// Trainer plays the self-play games.
type Trainer struct {
	Variant *variant.Variant
	Gen     movegen.Generator
	// Engine, when set, makes the players (its generator is then Gen), so
	// that its Close waits for their searches; nil: players of their own
	// over Gen.
	Engine *engine.Engine
	// Playing is the leave valuation the equity player plays with (and
	// values the kept tiles with).
	Playing *equity.Table
	// Parallel is the number of games played at once (at least 1).
	Parallel int
	// MaxTurns ends a game that has not ended by itself (0: 500, the
	// referee's guard); such a game is not counted.
	MaxTurns int
	// Batch is the number of games between two points where the
	// statistics are consistent (a checkpoint possible); 0:
	// leavegen.DefaultBatch.
	Batch int
}

// MaxUnseen is the largest unseen count of v's games: the bag and a rack
// at the start, as the player who moves first sees them.
func MaxUnseen(v *variant.Variant) int { return max(v.TotalTiles()-v.RackSize, 0) }

// NewStats is empty statistics for v's games.
func NewStats(v *variant.Variant) *winprob.Stats {
	return winprob.NewStats(v.Name, v.Distribution, MaxUnseen(v))
}

// Run plays st's shard from st.Done on, adding each game's positions in
// game order (leavegen.PlayShard). Every checkpointEvery (and at the end)
// it calls checkpoint with st; progress is told of each batch.
func (tr *Trainer) Run(ctx context.Context, st *winprob.Stats, checkpointEvery time.Duration,
	checkpoint func(*winprob.Stats) error, progress func(done, total uint64)) error {
	sh := leavegen.Shard{Games: st.Games, Shard: st.Shard, Shards: st.Shards, Done: &st.Done,
		Parallel: tr.Parallel, Batch: tr.Batch, CheckpointEvery: checkpointEvery}
	play := func(game uint64) ([]record, error) {
		return tr.play(ctx, st, leavegen.GameSeed(st.Seed, 0, game), int(game%2))
	}
	add := func(records []record) {
		for _, r := range records {
			st.Add(r.index, r.wins2)
		}
	}
	var save func() error
	if checkpoint != nil {
		save = func() error { return checkpoint(st) }
	}
	return leavegen.PlayShard(ctx, sh, play, add, save, progress)
}

// record is one position from one side and how that side's game ended.
type record struct {
	index int32
	wins2 uint8
}

// play plays one game and returns its positions, each side's view of each.
func (tr *Trainer) play(ctx context.Context, st *winprob.Stats, seed uint64, starter int) ([]record, error) {
	s, err := state.Start(tr.Variant, seed, starter)
	if err != nil {
		return nil, err
	}
	var pl player.Policy = player.NewEquity(tr.Gen, tr.Playing)
	if tr.Engine != nil {
		if pl, err = tr.Engine.Policy(player.NameEquity, tr.Playing); err != nil {
			return nil, err
		}
	}
	eq := equity.ScoreAndLeave{Table: tr.Playing}
	maxTurns := tr.MaxTurns
	if maxTurns <= 0 {
		maxTurns = 500
	}
	type seen struct {
		index int32
		side  int
	}
	var (
		kept [2]float64 // the value of the tiles each side kept at its last move
		out  []seen
	)
	for turn := 0; !s.Over(); turn++ {
		if turn == maxTurns {
			return nil, nil // not a game of the rules: not counted
		}
		racks, scores, bag := s.Racks(), s.Scores(), s.BagLen()
		for side := range 2 {
			other := 1 - side
			spread := float64(scores[side]-scores[other]) + kept[side] - kept[other]
			out = append(out, seen{st.Index(spread, bag+racks[other].N, s.Turn() == side), side})
		}
		p := s.View()
		ch := pl.Choose(ctx, &p)
		if ctx.Err() != nil {
			return nil, nil // the batch is dropped
		}
		// As the simulation values a side's kept tiles: a pass keeping
		// them, with the bag as it was before the draw.
		pass := move.Move{Kind: move.Pass}
		p.Rack = ch.Leave
		kept[s.Turn()] = eq.Equity(&pass, ch.Leave, &p)
		if err := s.Apply(ch.Move); err != nil {
			return nil, fmt.Errorf("game seed %d turn %d: the player's move %v: %w", seed, turn, ch.Move, err)
		}
	}
	final := s.Scores()
	recs := make([]record, len(out))
	for i, o := range out {
		d := final[o.side] - final[1-o.side]
		var w uint8
		switch {
		case d > 0:
			w = 2
		case d == 0:
			w = 1
		}
		recs[i] = record{o.index, w}
	}
	return recs, nil
}
