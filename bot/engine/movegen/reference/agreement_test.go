package reference

import (
	"runtime"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/variant"
)

// The agreement properties: the GADDAG generator, the one that plays,
// reports exactly the plays, with exactly the scores, of the exhaustive
// generator.

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
// list small enough for the exhaustive generator: about 80 positions in
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
	// The exhaustive generator over the whole list takes about a second a
	// position: every 15th in make test, every 5th in the long sweep.
	stride := 15
	if gentest.LongRun() {
		stride = 5
	}
	for i, p := range agreementPositions(lx.gen, 1, 2) {
		if i%stride == 0 {
			positions = append(positions, p)
		}
	}
	compareAll(t, lx, positions)
}

func TestEdgeAndPivot(t *testing.T) {
	// OUT sits at the right edge; the GADDAG generator must neither run off the
	// board (the INTERNATIONALLY bug of the LEXI_PI developer documentation)
	// nor place a word that stops short of tiles it touches (its OUTKYDST
	// pivot bug).
	lx := newLexicon([]string{"OUT", "OUTS", "SOUT", "ST", "TS"})
	v := variant.Classic
	b := v.NewBoard()
	gentest.Put(b, 0, 12, false, "OUT")
	got := collect(t, lx.gen, testPos{Name: "edge", Variant: v, Board: b, Rack: gentest.Rack(t, "ST")})
	want := NewExhaustive(lx.Set)
	exp := collect(t, want, testPos{Name: "edge", Variant: v, Board: b, Rack: gentest.Rack(t, "ST")})
	if d := gentest.Diff("gaddag", got, "exhaustive", exp); d != "" {
		t.Fatalf("plays differ:\n%s", d)
	}
	if _, ok := got["0,11S"]; !ok {
		t.Errorf("SOUT (hook before OUT) missing: %v", got)
	}
}

func TestBlanksAndPremiums(t *testing.T) {
	lx := newLexicon([]string{"QI", "QIS", "ZA", "ZAS", "AS", "IS"})
	v := variant.Multipliers
	b := v.NewBoard()
	gentest.Put(b, 7, 7, false, "QI")
	for _, rk := range []string{"S", "?", "S?", "??"} {
		p := testPos{Name: rk, Variant: v, Board: b, Rack: gentest.Rack(t, rk)}
		got := collect(t, lx.gen, p)
		exp := collect(t, lx.exh, p)
		if d := gentest.Diff("gaddag", got, "exhaustive", exp); d != "" {
			t.Errorf("rack %s: plays differ:\n%s", rk, d)
		}
		if len(got) == 0 {
			t.Errorf("rack %s: no plays", rk)
		}
	}
}
