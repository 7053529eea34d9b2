package reference

import (
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/variant"
)

// The reference generators honour Args.Stop as the GADDAG generator does
// (its own test is in package movegen): never stopped, a search reports
// exactly the plays of a search without a stop, in the same order, and
// finishes. Stopped at any of its questions, it reports nothing more, says
// it did not finish, and what it reported is the start of the full
// search's plays. Asked to stop before it starts, it reports nothing.
func TestGenerateUntil(t *testing.T) {
	lx := small()
	positions := agreementPositions(lx.gen, 1, 21)
	gentest.CheckGenerateUntil(t, positions, []gentest.Stoppable{
		{Name: "anagram", Search: searchOf(smallAnagram()), Step: 1},
		{Name: "exhaustive", Search: searchOf(lx.exh), Step: 6},
	})
}

// A stop raised during the longest unit of work ends it: on an opening with
// two blanks the anagram generator finds all its plays from one lookup, yet
// a stop raised at the first play ends it before half the plays are
// reported.
func TestStopEndsALongUnitOfWork(t *testing.T) {
	v := variant.Classic
	p := testPos{Name: "opening", Variant: v, Board: v.NewBoard(), Rack: gentest.Rack(t, "??AEIRS")}
	gentest.CheckStopEndsALongUnitOfWork(t, p, []gentest.Stoppable{{Name: "anagram", Search: searchOf(fullAnagram())}})
}
