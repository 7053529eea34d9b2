package movegen

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// agreementPositions plays random games with gen under both variants and
// returns every position of them, each with a rack of 0, 1 and 2 blanks in
// turn.
func agreementPositions(gen Generator, games int, seed uint64) []testPos {
	r := rand.New(rand.NewPCG(seed, 7))
	var out []testPos
	for g := 0; g < games; g++ {
		for _, v := range []*variant.Variant{variant.Classic, variant.Multipliers} {
			for _, p := range randomGame(v, gen, r, fmt.Sprintf("%s game %d", v.Name, g)) {
				blanks := len(out) % 3
				p.rack = withBlanks(p.rack, blanks, r)
				p.name = fmt.Sprintf("%s, %d blank(s), rack %s", p.name, blanks, p.rack.String())
				out = append(out, p)
			}
		}
	}
	return out
}

// The agreement property tests run at one of two sizes. `make test` checks
// a sample: sampleGames random games per variant (about 300 positions,
// early to late game, both variants, 0/1/2 blanks). `make test-long` sets
// LEXICO_LONG=1 for the sweep: longGames per variant, about 1,900
// positions, which make TestAgreementSmall the longest test of the suite,
// the exhaustive generator being the slow side (go test -v prints each
// test's time). -agreement.games N overrides either; -short checks one
// game.
const (
	sampleGames = 4
	longGames   = 25
	// The fewest positions each size must have compared: random games
	// that end early must not quietly shrink the property.
	sampleMinPositions = 200
	longMinPositions   = 1000
)

var agreementGames = flag.Int("agreement.games", 0, "random games per variant in the agreement tests (about 38 positions each); 0 means 4, or 25 with LEXICO_LONG=1")

// longRun reports whether LEXICO_LONG asks for the long sweep (make
// test-long). It is not -short, which other packages use for other things.
func longRun() bool {
	v := os.Getenv("LEXICO_LONG")
	return v != "" && v != "0"
}

// gamesToCompare is -agreement.games if set, else one game under -short,
// else the long or the sample size.
func gamesToCompare() int {
	switch {
	case *agreementGames > 0:
		return *agreementGames
	case testing.Short():
		return 1
	case longRun():
		return longGames
	}
	return sampleGames
}

// checkPositionCount fails the test if fewer positions were compared than
// the size asks for (nothing is asked under -short).
func checkPositionCount(t *testing.T, n int) {
	t.Helper()
	switch {
	case testing.Short():
	case longRun() && n < longMinPositions:
		t.Errorf("only %d positions compared: the long sweep wants at least %d", n, longMinPositions)
	case !longRun() && n < sampleMinPositions:
		t.Errorf("only %d positions compared: the sample wants at least %d", n, sampleMinPositions)
	}
}

// progress logs every 250th position compared in the long sweep, which
// go test -v (make test-long) prints as it goes: the sweep takes minutes.
func progress(t *testing.T, done, of int) {
	if longRun() && done%250 == 0 {
		t.Logf("%d of %d positions compared", done, of)
	}
}

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
				d := diff("gaddag", got, "exhaustive", exp)
				mu.Lock()
				done++
				progress(t, done, len(positions))
				total += len(exp)
				if d != "" {
					failures++
					if failures <= 5 {
						t.Errorf("%s: plays differ:\n%s\n%s", p.name, d, p.b)
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
	positions := agreementPositions(lx.gen, gamesToCompare(), 1)
	checkPositionCount(t, len(positions))
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
			inDict = inDict && lx.set.Contains(w.Word)
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
