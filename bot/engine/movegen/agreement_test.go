package movegen

import (
	"runtime"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// compareAll runs both generators on every position, on all cores, and
// reports each position where they differ, with the differences.
func compareAll(t *testing.T, lx *lexicon, positions []testPos) {
	var (
		mu       sync.Mutex
		failures int
		done     int
		total    int
		wg       sync.WaitGroup
	)
	work := make(chan testPos)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				got := collect(t, lx.gen, p)
				exp := collect(t, lx.exh, p)
				d := gentest.Diff("gaddag", got, "exhaustive", exp)
				mu.Lock()
				done++
				gentest.Progress(t, done, len(positions))
				total += len(exp)
				if d != "" {
					failures++
					if failures <= 5 {
						t.Errorf("%s: plays differ:\n%s\n%s", p.Name, d, p.Board)
					}
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range positions {
		work <- p
	}
	close(work)
	wg.Wait()
	if failures > 0 {
		t.Errorf("%d of %d positions differ", failures, len(positions))
	}
	t.Logf("%d positions, %d plays agree", len(positions), total)
}

// TestAgreementSmall compares the GADDAG generator with the exhaustive one,
// play by play and score by score, on every position of random games (early,
// middle and late game, both variants, 0/1/2 blanks) over a sampled word
// list small enough for the exhaustive generator: about 300 positions in
// make test, about 1,900 and 1.5 million plays in make test-long.
func TestAgreementSmall(t *testing.T) {
	lx := small()
	positions := agreementPositions(lx.gen, gentest.GamesToCompare(), 1)
	gentest.CheckPositionCount(t, len(positions))
	compareAll(t, lx, positions)
}

// TestAgreementFull does the same over the whole default list on fewer
// positions: the real dictionary has long words and rare hooks the sample
// lacks.
func TestAgreementFull(t *testing.T) {
	if testing.Short() {
		t.Skip("full dictionary agreement is slow")
	}
	lx := full()
	var positions []testPos
	// Every 5th position keeps the exhaustive generator's time in bounds.
	for i, p := range agreementPositions(lx.gen, 1, 2) {
		if i%5 == 0 {
			positions = append(positions, p)
		}
	}
	compareAll(t, lx, positions)
}

// TestRealGames: in every position of 29 recorded Quackle games whose played
// move forms only words of the default list, the generator must find that
// move with the score the game record gives.
func TestRealGames(t *testing.T) {
	recs := gamestatetest.RealGames(t)
	lx := full()
	checked, skipped := 0, 0
	for _, rec := range recs {
		p, want := rec.Position, rec.Move
		_, words := rules.Score(p.Variant, p.Board, want)
		inDict := true
		for _, w := range words {
			inDict = inDict && lx.Set.Contains(w.Word)
		}
		if !inDict {
			skipped++
			continue
		}
		// Scrabble allows a two-letter opening; Lexico wants three.
		p.Variant.FirstWordMinLen = 2
		key := want.Key()
		found, score := false, 0
		generate(lx.gen, p.Variant, p.Board, p.Rack, func(m *move.Move) {
			if m.Key() == key {
				found, score = true, m.Score
			}
		})
		checked++
		switch {
		case !found:
			t.Errorf("%s (%s): move %s not generated\n%s", rec.ID, rec.GCG, key, p.Board)
		case score != rec.Score:
			t.Errorf("%s (%s): generated score %d, record says %d", rec.ID, rec.GCG, score, rec.Score)
		}
	}
	if checked < 500 {
		t.Errorf("only %d of the recorded moves checked (%d skipped)", checked, skipped)
	}
	t.Logf("%d recorded moves found with their scores; %d skipped (words not in the default list)", checked, skipped)
}
