package engine_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/build"
)

// smallIndex builds an index file of a few words.
func smallIndex(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "small.db")
	words := "CAT\nCATS\nACT\nTA\nAT\nSCAT\nCAST\n"
	if _, err := build.Build(context.Background(), build.Options{Source: "-", Stdin: strings.NewReader(words), Out: out}); err != nil {
		t.Fatal(err)
	}
	return out
}

func opening(t *testing.T, rack string) *position.Position {
	t.Helper()
	r, err := tile.ParseRack(rack)
	if err != nil {
		t.Fatal(err)
	}
	v := variant.Classic
	return &position.Position{Variant: v, Board: v.NewBoard(), Rack: r, BagCount: 80}
}

// An engine opened on an index file answers with a play of its words, and
// two engines over one file answer alike, each closed on its own.
func TestOpenAnswersFromTheIndex(t *testing.T) {
	path := smallIndex(t)
	var got [2]string
	for i := range got {
		e, err := engine.Open(path, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		pl, err := e.Policy("equity", nil)
		if err != nil {
			t.Fatal(err)
		}
		ch := pl.Choose(context.Background(), opening(t, "CATSQZZ"))
		if ch.Move.Kind != move.Play {
			t.Fatalf("engine %d answered %v, want a play", i, ch.Move)
		}
		got[i] = ch.Move.String()
		if err := e.Close(); err != nil {
			t.Fatalf("Close: %v", err)
		}
		if err := e.Close(); err != nil {
			t.Fatalf("a second Close: %v", err)
		}
	}
	if got[0] != got[1] {
		t.Errorf("two engines over one index answered %s and %s", got[0], got[1])
	}
}

// An unknown strategy is refused with the strategy package's own error,
// which errors.Is also finds as ErrStrategy.
func TestUnknownStrategyIsRefused(t *testing.T) {
	_, err := engine.Open(smallIndex(t), engine.Options{Strategy: "fastest"})
	if !errors.Is(err, engine.ErrStrategy) || !errors.Is(err, strategy.ErrUnknownStrategy) {
		t.Fatalf("Open with strategy fastest: %v, want ErrStrategy and strategy.ErrUnknownStrategy", err)
	}
	if !strings.HasPrefix(err.Error(), strategy.ErrUnknownStrategy.Error()) {
		t.Errorf("the error %q does not say the strategy's own words first", err)
	}
	if _, err := engine.New(nil, engine.Options{}); !errors.Is(err, engine.ErrNoGenerator) {
		t.Errorf("New(nil): %v, want ErrNoGenerator", err)
	}
}

// blocked is a generator whose searches find one play and then hang until
// released, past any deadline: a search still reading the index after its
// answer.
type blocked struct{ release chan struct{} }

func (b blocked) Search(a movegen.Args) bool {
	return movegen.SearchByGenerating(a, func(rec movegen.PlayRecorder, _ func() bool) bool {
		m := move.Move{Kind: move.Play, Score: 5, Tiles: []move.Placement{{Row: 7, Col: 7, Letter: 'A'}, {Row: 7, Col: 8, Letter: 'T'}}}
		rec(&m)
		<-b.release
		return true
	})
}

// Close returns only once every search of the engine's players has ended
// (closing the index under one would fault), and another engine's Close
// waits for none of them: nothing is counted for the whole process.
func TestCloseWaitsForItsOwnSearches(t *testing.T) {
	gen := blocked{release: make(chan struct{})}
	e, err := engine.New(gen, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	other, err := engine.New(gen, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pl, err := e.Policy("equity", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if ch := pl.Choose(ctx, opening(t, "ATQZZVV")); ch.Complete {
		t.Fatal("the blocked search reported complete")
	}
	otherClosed := make(chan struct{})
	go func() {
		other.Close()
		close(otherClosed)
	}()
	select {
	case <-otherClosed:
	case <-time.After(10 * time.Second):
		t.Fatal("another engine's Close waited for this engine's search")
	}
	closed := make(chan struct{})
	go func() {
		e.Close()
		close(closed)
	}()
	select {
	case <-closed:
		t.Fatal("Close returned while a search still runs")
	case <-time.After(50 * time.Millisecond):
	}
	close(gen.release)
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return once the search ended")
	}
}

// Any number of games and seats answer on one engine at once, each with a
// policy of its own (the race detector watches what they share: the
// generator, the valuation, the solvers and the count of searches), and
// Close then finds no search left.
func TestManySeatsAtOnce(t *testing.T) {
	e, err := engine.Open(smallIndex(t), engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 8)
	for i := range 8 {
		p := opening(t, "CATSQZZ")
		go func() {
			name := []string{"equity", "greedy", "sim"}[i%3]
			pl, err := e.Policy(name, nil)
			if err != nil {
				errs <- err
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			if ch := pl.Choose(ctx, p); ch.Move.Kind != move.Play {
				errs <- errors.New(name + " answered " + ch.Move.String())
				return
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
}
