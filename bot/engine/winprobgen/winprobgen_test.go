package winprobgen

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/winprob"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/index/gaddag"
	"github.com/lexico/lexico/wordlist"
)

var (
	genOnce sync.Once
	gen     movegen.Generator
	genErr  error
)

// shortWords is a real generator over the embedded list's words of up to
// five letters: whole games in milliseconds.
func shortWords(t *testing.T) movegen.Generator {
	t.Helper()
	genOnce.Do(func() {
		var words []string
		if words, genErr = wordlist.DefaultWords(2, 5); genErr == nil {
			gen = movegen.NewGADDAG(gaddag.Build(words))
		}
	})
	if genErr != nil {
		t.Fatal(genErr)
	}
	return gen
}

func newStats(v *variant.Variant, games uint64) *winprob.Stats {
	st := NewStats(v)
	st.Seed, st.Games = 42, games
	return st
}

func trainer(t *testing.T, v *variant.Variant, parallel int) *Trainer {
	hand, err := equity.HandTable()
	if err != nil {
		t.Fatal(err)
	}
	return &Trainer{Variant: v, Gen: shortWords(t), Playing: hand, Parallel: parallel, Batch: 2}
}

func serialize(st *winprob.Stats) []byte {
	var b bytes.Buffer
	st.WriteTo(&b)
	return b.Bytes()
}

// The same seed gives the same counts whatever the number of workers, and
// a run stopped after a checkpoint and resumed from it ends with the very
// same counts as one that ran through. Each position is counted from both
// sides, so the wins of a game's positions are half their count (ties
// aside).
func TestTrainingIsReproducibleAndResumable(t *testing.T) {
	v := variant.Multipliers
	const games = 6
	whole := newStats(v, games)
	if err := trainer(t, v, 2).Run(context.Background(), whole, time.Hour, nil, nil); err != nil {
		t.Fatal(err)
	}
	var wins2 uint64
	for _, w := range whole.Wins2 {
		wins2 += uint64(w)
	}
	if whole.Done != games || whole.Records < games*10 || whole.Records%2 != 0 || wins2 != whole.Records {
		t.Fatalf("%d games, %d positions counted, %d wins counted twice: want %d games, both sides of several positions a game, as many wins as positions",
			whole.Done, whole.Records, wins2, games)
	}

	ctx, cancel := context.WithCancel(context.Background())
	var saved []byte
	first := newStats(v, games)
	err := trainer(t, v, 1).Run(ctx, first, 0, func(st *winprob.Stats) error {
		saved = serialize(st)
		cancel() // killed after the first checkpoint
		return nil
	}, nil)
	if !errors.Is(err, ErrStopped) {
		t.Fatalf("stopped run: %v, want ErrStopped", err)
	}
	resumed, err := winprob.ReadStats(saved)
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Done == 0 || resumed.Done >= games {
		t.Fatalf("checkpoint after %d games, want part of the %d", resumed.Done, games)
	}
	if err := trainer(t, v, 2).Run(context.Background(), resumed, time.Hour, nil, nil); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(serialize(resumed), serialize(whole)) {
		t.Fatalf("resumed: %d positions; uninterrupted: %d, or other counts", resumed.Records, whole.Records)
	}

	var parts []*winprob.Stats
	for i := range 2 {
		st := newStats(v, games)
		st.Shard, st.Shards = i, 2
		if err := trainer(t, v, 1).Run(context.Background(), st, time.Hour, nil, nil); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, st)
	}
	merged, err := winprob.Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	if merged.Records != whole.Records || !slices.Equal(merged.N, whole.N) || !slices.Equal(merged.Wins2, whole.Wins2) {
		t.Fatalf("two shards merged: %d positions, the whole run %d", merged.Records, whole.Records)
	}
}
