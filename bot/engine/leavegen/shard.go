package leavegen

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/lexico/lexico/bot/engine/leaves"
)

// Shard is the part of a self-play run one process plays, and how: the
// loop both trainers (leaves here, win probability in package winprobgen)
// share, so that a run is reproducible, resumable and sharded by one rule.
type Shard struct {
	// Games is the run's (or generation's) number of games; Shard of
	// Shards says which this process plays: the games i with
	// i % Shards == Shard (Shards 0 or 1: all).
	Games         uint64
	Shard, Shards int
	// Done is how many of the shard's share are played (the resume
	// point); PlayShard advances it batch by batch.
	Done *uint64
	// Parallel is the games played at once (at least 1); Batch the games
	// between two points where the counts are consistent (0:
	// DefaultBatch).
	Parallel, Batch int
	// CheckpointEvery is the least time between two checkpoints.
	CheckpointEvery time.Duration
}

// PlayShard plays the shard's games from *Done on: play plays the run's
// game number game, add takes its result, in game order whatever
// Parallel, after every game of its batch has been played. Every
// CheckpointEvery (and at the end) it calls checkpoint; progress is told
// of each batch. When ctx ends it returns an ErrStopped error, the batch
// in flight dropped.
func PlayShard[R any](ctx context.Context, sh Shard, play func(game uint64) (R, error), add func(R),
	checkpoint func() error, progress func(done, total uint64)) error {
	share := leaves.ShareOf(sh.Games, sh.Shard, sh.Shards)
	k := uint64(max(sh.Shards, 1))
	batch := uint64(DefaultBatch)
	if sh.Batch > 0 {
		batch = uint64(sh.Batch)
	}
	last := time.Now()
	for *sh.Done < share {
		done := *sh.Done
		n := min(batch, share-done)
		results := make([]R, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		next := make(chan uint64)
		for range min(uint64(max(sh.Parallel, 1)), n) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range next {
					results[j], errs[j] = play(uint64(sh.Shard) + (done+j)*k) // the run's game number
				}
			}()
		}
		for j := range n {
			next <- j
		}
		close(next)
		wg.Wait()
		if ctx.Err() != nil {
			return fmt.Errorf("%w after %d of %d games: %v", ErrStopped, done, share, ctx.Err())
		}
		for j := range n {
			if errs[j] != nil {
				return errs[j]
			}
			add(results[j])
		}
		*sh.Done += n
		if progress != nil {
			progress(*sh.Done, share)
		}
		if checkpoint != nil && (*sh.Done == share || time.Since(last) >= sh.CheckpointEvery) {
			if err := checkpoint(); err != nil {
				return err
			}
			last = time.Now()
		}
	}
	return nil
}
