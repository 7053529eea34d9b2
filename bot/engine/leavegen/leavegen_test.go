package leavegen

import (
	"bytes"
	"context"
	"errors"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/leaves"
	"github.com/lexico/lexico/bot/engine/movegen"
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

func newStats(t *testing.T, v *variant.Variant, games uint64) *leaves.Stats {
	st := leaves.NewStats(leaves.NewTable(v.Name, v.Distribution))
	st.Generation, st.Seed, st.GenGames = 1, 42, games
	return st
}

func trainer(t *testing.T, v *variant.Variant, parallel int) *Trainer {
	hand, err := equity.HandTable()
	if err != nil {
		t.Fatal(err)
	}
	return &Trainer{Variant: v, Gen: shortWords(t), Playing: hand, Parallel: parallel, Batch: 2}
}

func serialize(t *testing.T, st *leaves.Stats) []byte {
	var b bytes.Buffer
	if _, err := st.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The same seed gives the same statistics whatever the number of workers,
// and a run stopped after a checkpoint and resumed from it ends with the
// very same statistics as one that ran through.
func TestTrainingIsReproducibleAndResumable(t *testing.T) {
	v := variant.Multipliers
	const games = 6
	whole := newStats(t, v, games)
	if err := trainer(t, v, 2).Run(context.Background(), whole, time.Hour, nil, nil); err != nil {
		t.Fatal(err)
	}
	if whole.Done != games || whole.N < games*5 {
		t.Fatalf("%d games, %d leaves recorded: want %d games and several leaves a game", whole.Done, whole.N, games)
	}
	if mean := whole.Total / float64(whole.N); mean < 5 || mean > 80 {
		t.Fatalf("mean target %.1f points: not what a turn is worth", mean)
	}

	ctx, cancel := context.WithCancel(context.Background())
	var saved []byte
	first := newStats(t, v, games)
	err := trainer(t, v, 1).Run(ctx, first, 0, func(st *leaves.Stats) error {
		saved = serialize(t, st)
		cancel() // killed after the first checkpoint
		return nil
	}, nil)
	if !errors.Is(err, ErrStopped) {
		t.Fatalf("stopped run: %v, want ErrStopped", err)
	}
	resumed, err := leaves.ReadStats(saved)
	if err != nil {
		t.Fatal(err)
	}
	if resumed.Done == 0 || resumed.Done >= games {
		t.Fatalf("checkpoint after %d games, want part of the %d", resumed.Done, games)
	}
	if err := trainer(t, v, 2).Run(context.Background(), resumed, time.Hour, nil, nil); err != nil {
		t.Fatal(err)
	}
	if resumed.N != whole.N || resumed.Total != whole.Total || !slices.Equal(resumed.Count, whole.Count) || !slices.Equal(resumed.Sum, whole.Sum) {
		t.Fatalf("resumed: %d records, total %v; uninterrupted: %d, %v", resumed.N, resumed.Total, whole.N, whole.Total)
	}
}

// Shards split a generation's games: together they play each game once, and
// their merged statistics are the whole run's.
func TestShardsMergeIntoTheWholeGeneration(t *testing.T) {
	v := variant.Classic
	const games = 5
	whole := newStats(t, v, games)
	if err := trainer(t, v, 1).Run(context.Background(), whole, time.Hour, nil, nil); err != nil {
		t.Fatal(err)
	}
	var parts []*leaves.Stats
	for i := range 2 {
		st := newStats(t, v, games)
		st.Shard, st.Shards = i, 2
		if err := trainer(t, v, 1).Run(context.Background(), st, time.Hour, nil, nil); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, st)
	}
	if parts[0].Done != 3 || parts[1].Done != 2 {
		t.Fatalf("shards played %d and %d games, want 3 and 2", parts[0].Done, parts[1].Done)
	}
	m, err := leaves.Merge(parts)
	if err != nil {
		t.Fatal(err)
	}
	if m.N != whole.N || !slices.Equal(m.Count, whole.Count) {
		t.Fatalf("merged shards: %d records; whole run: %d", m.N, whole.N)
	}
	// The same records, added in another order: the sums agree but for
	// rounding, and so do the tables fitted from them.
	for r, sum := range whole.Sum {
		if math.Abs(m.Sum[r]-sum) > 1e-9*max(1, math.Abs(sum)) {
			t.Fatalf("leave %q: sum %v from the shards, %v from the whole run", m.Space.Leave(r).String(), m.Sum[r], sum)
		}
	}
}

// With TargetRack every sub-leave of a rack is credited with the equity of
// the move made from it: the empty leave once a recorded move, with the mean
// equity of those moves, and a leave never more often than any of its own
// sub-leaves (every rack holding it holds them), which the next-turn target,
// one record per move for the leave chosen, does not promise.
func TestRackTargetCreditsEverySubLeave(t *testing.T) {
	v := variant.Multipliers
	const games = 4
	st := newStats(t, v, games)
	tr := trainer(t, v, 2)
	tr.Target = leaves.TargetRack
	if err := tr.Run(context.Background(), st, time.Hour, nil, nil); err != nil {
		t.Fatal(err)
	}
	moves := st.Count[0]
	if moves < games*10 {
		t.Fatalf("%d moves recorded in %d games: want every move made from a full rack with a full draw left", moves, games)
	}
	if mean := st.Sum[0] / float64(moves); mean < 5 || mean > 80 {
		t.Fatalf("mean equity of the moves %.1f: not what a move is worth", mean)
	}
	if st.N < 60*uint64(moves) {
		t.Fatalf("%d records for %d moves: want most of a rack's sub-leaves each", st.N, moves)
	}
	for r, c := range st.Count {
		l := st.Space.Leave(r)
		for k := range l.Counts {
			if l.Counts[k] == 0 {
				continue
			}
			sub := l
			sub.Counts[k]--
			sub.N--
			sr, _ := st.Space.Rank(&sub)
			if st.Count[sr] < c {
				t.Fatalf("leave %q seen %d times, its sub-leave %q %d", l.String(), c, sub.String(), st.Count[sr])
			}
		}
	}
	next := newStats(t, v, games)
	if err := trainer(t, v, 2).Run(context.Background(), next, time.Hour, nil, nil); err != nil {
		t.Fatal(err)
	}
	if next.N >= st.N/20 {
		t.Fatalf("the next-turn target made %d records, the rack target %d: want one a move against dozens", next.N, st.N)
	}
}

// With TargetTwoTurns a leave is credited with the mover's next two turns:
// the same games (the target does not change how they are played) record
// the same leaves as the next-turn target, but for those whose second turn
// never came (the game ended first: rare, the leaves being kept with two
// racks' worth in the bag), and each record is worth a turn's score more
// on average.
func TestTwoTurnsTargetCreditsTheSecondTurn(t *testing.T) {
	v := variant.Multipliers
	const games = 6
	one, two := newStats(t, v, games), newStats(t, v, games)
	if err := trainer(t, v, 2).Run(context.Background(), one, time.Hour, nil, nil); err != nil {
		t.Fatal(err)
	}
	tr := trainer(t, v, 2)
	tr.Target = leaves.TargetTwoTurns
	if err := tr.Run(context.Background(), two, time.Hour, nil, nil); err != nil {
		t.Fatal(err)
	}
	for r, c := range two.Count {
		if c > one.Count[r] {
			t.Fatalf("leave %q: %d records with two turns, %d with one", two.Space.Leave(r).String(), c, one.Count[r])
		}
	}
	if two.N < one.N*8/10 || two.N > one.N {
		t.Fatalf("%d records with two turns, %d with one: want all but those at the games' ends", two.N, one.N)
	}
	if gain := two.Total/float64(two.N) - one.Total/float64(one.N); gain < 8 || gain > 60 {
		t.Fatalf("a record with two turns is worth %.1f more than with one: want about a turn's score", gain)
	}
}
