package gentest

import (
	"flag"
	"testing"

	"github.com/lexico/lexico/internal/testsize"
)

// The agreement property tests run at one of two sizes. `make test` checks
// a sample: sampleGames random games per variant (about 80 positions,
// early to late game, both variants, 0/1/2 blanks in turn), enough to catch
// a generator that loses a kind of play on every commit while keeping the
// suite within its time; the sweep finds the rare positions. `make test-long` sets
// LEXICO_LONG=1 for the sweep: longGames per variant, about 1,900
// positions, which make TestAgreementSmall (package reference) the longest
// test of the suite, the exhaustive generator being the slow side (go test
// -v prints each test's time). -agreement.games N overrides either; -short
// checks one game.
const (
	sampleGames = 1
	longGames   = 25
	// The fewest positions each size must have compared: random games
	// that end early must not quietly shrink the property.
	sampleMinPositions = 50
	longMinPositions   = 1000
)

var agreementGames = flag.Int("agreement.games", 0, "random games per variant in the agreement tests (about 38 positions each); 0 means 1, or 25 with LEXICO_LONG=1")

// LongRun reports whether LEXICO_LONG asks for the long sweep (make
// test-long). It is not -short, which other packages use for other things.
func LongRun() bool {
	return testsize.Long()
}

// GamesToCompare is -agreement.games if set, else one game under -short,
// else the long or the sample size.
func GamesToCompare() int {
	switch {
	case *agreementGames > 0:
		return *agreementGames
	case testing.Short():
		return 1
	case LongRun():
		return longGames
	}
	return sampleGames
}

// CheckPositionCount fails the test if fewer positions were compared than
// the size asks for (nothing is asked under -short).
func CheckPositionCount(t *testing.T, n int) {
	t.Helper()
	switch {
	case testing.Short():
	case LongRun() && n < longMinPositions:
		t.Errorf("only %d positions compared: the long sweep wants at least %d", n, longMinPositions)
	case !LongRun() && n < sampleMinPositions:
		t.Errorf("only %d positions compared: the sample wants at least %d", n, sampleMinPositions)
	}
}

// Progress logs every 250th position compared in the long sweep, which
// go test -v (make test-long) prints as it goes: the sweep takes minutes.
func Progress(t *testing.T, done, of int) {
	if LongRun() && done%250 == 0 {
		t.Logf("%d of %d positions compared", done, of)
	}
}
