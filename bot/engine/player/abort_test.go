package player

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
)

// Searches cut short by their budget are stopped inside the real GADDAG
// generator, in the middle of its anchors: every cut answer is still legal,
// and the generator is unharmed (a full search afterwards finds exactly the
// plays it found before, so no state it pools is left stopped).
func TestCutSearchesLeaveTheGeneratorWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	_, dict, gd := embeddedWords(t)
	gen := movegen.NewGADDAG(gd)
	p, _ := crowdedPosition(t, gen)
	count := func() int {
		n := 0
		gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: func(*move.Move) { n++ }})
		return n
	}
	before := count()
	eq, _ := policies(t, gen)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 5; j++ {
				ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
				ch := eq.Choose(ctx, p)
				cancel()
				if res := rules.Check(p, ch.Move, dict); !res.Legal {
					t.Errorf("cut search answered %s: %s", ch.Move, res.Reason)
				}
			}
		}()
	}
	wg.Wait()
	if after := count(); after != before {
		t.Fatalf("a full search finds %d plays after the cut ones, %d before", after, before)
	}
}

// endless is a generator whose search never ends by itself: it reports the
// same play between questions to stop, for ever. Each search sends on ended
// how it ended: "stopped", or the value a panic carried through it.
type endless struct {
	play  move.Move
	ended chan string
}

func (g *endless) Search(a movegen.Args) bool {
	return movegen.SearchByGenerating(a, g.generate)
}

func (g *endless) generate(rec movegen.PlayRecorder, stop func() bool) bool {
	defer func() {
		if r := recover(); r != nil {
			g.ended <- fmt.Sprint("a panic: ", r)
			panic(r)
		}
	}()
	for !stop() {
		rec(&g.play)
	}
	g.ended <- "stopped"
	return false
}

func newEndless() *endless {
	return &endless{play: play("WEX", 5, 22), ended: make(chan string, 2)}
}

// A search that starts past its deadline stops at the generator's first
// question, having valued nothing, and says it did not finish.
func TestSearchPastItsDeadlineIsStopped(t *testing.T) {
	gen := newEndless()
	pos := position_(t, "ESTVWXY", 50)
	c := &collector{pl: &Static{Gen: gen, Equity: equity.Score{}}, pos: pos, top: newTop(1), deadline: time.Now().Add(-time.Millisecond)}
	done := make(chan bool, 1)
	c.pl.Shared.start() // as choose does: search ends it
	c.search(done)
	if finished := <-done; finished {
		t.Fatalf("a search past its deadline reported that it finished")
	}
	if how := <-gen.ended; how != "stopped" {
		t.Fatalf("the search ended by %s", how)
	}
	if c.plays != 0 {
		t.Fatalf("%v plays valued past the deadline", c.plays)
	}
}

// A search still running when Choose answers at the deadline ends through
// the generator's stop, not by a panic through the generator.
func TestSearchRunningAtTheAnswerIsStopped(t *testing.T) {
	gen := newEndless()
	pl := &Static{Gen: gen, Equity: equity.Score{}}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if ch := pl.Choose(ctx, position_(t, "ESTVWXY", 50)); ch.Complete {
		t.Fatalf("a search that never ends reported complete")
	}
	if how := <-gen.ended; how != "stopped" {
		t.Fatalf("the search ended by %s", how)
	}
}
