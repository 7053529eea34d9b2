package player

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/movegen"
	"github.com/lexico/lexico/bot/rules"
)

// Searches cut short by their budget are unwound inside the real GADDAG
// generator: every cut answer is still legal, and the generator is unharmed
// (a full search afterwards finds exactly the plays it found before).
func TestCutSearchesLeaveTheGeneratorWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	_, dict, gd := embeddedWords(t)
	gen := movegen.NewGADDAG(gd)
	p := crowdedPosition(t, gen)
	count := func() int {
		n := 0
		gen.Generate(p.Variant, p.Board, p.Rack, func(*move.Move) { n++ })
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
