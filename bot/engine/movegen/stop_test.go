package movegen

import (
	"sync/atomic"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/variant"
)

// plainGenerator hides a generator's bounded search: its Keep searches
// value every play, as a generator without one does.
type plainGenerator struct{ gen Generator }

func (p plainGenerator) Search(a Args) bool {
	return SearchByGenerating(a, func(rec PlayRecorder, stop func() bool) bool {
		return p.gen.Search(Args{Variant: a.Variant, Board: a.Board, Rack: a.Rack, Record: rec, Stop: stop})
	})
}

// GenerateUntil never stopped reports exactly the plays of Generate, in the
// same order (a Best or TopN recorder keeps the first of equal scores), and
// finishes. Stopped at any of its questions, it reports nothing more, says
// it did not finish, and what it reported is the start of Generate's plays:
// a caller holds a best-so-far from the very plays a full search begins
// with. Asked to stop before it starts, it reports nothing. The reference
// generators are checked the same way in their package.
func TestGenerateUntil(t *testing.T) {
	lx := small()
	positions := agreementPositions(lx.gen, 1, 21)
	gentest.CheckGenerateUntil(t, positions, []gentest.Stoppable{
		{Name: "gaddag", Search: searchOf(lx.gen), Step: 1},
		{Name: "plain generator", Search: searchOf(plainGenerator{lx.gen}), Step: 3},
	})
}

// A stop raised during the longest unit of work ends it: on an opening with
// two blanks the GADDAG generator finds half its plays from the one anchor
// across, yet a stop raised at the first play ends it before half the plays
// are reported (the anagram generator's test is in package reference).
func TestStopEndsALongUnitOfWork(t *testing.T) {
	v := variant.Classic
	p := testPos{Name: "opening", Variant: v, Board: v.NewBoard(), Rack: gentest.Rack(t, "??AEIRS")}
	gentest.CheckStopEndsALongUnitOfWork(t, p, []gentest.Stoppable{{Name: "gaddag", Search: searchOf(full().gen)}})
}

// FindBestUntil never stopped returns FindBest's play and finishes, for
// the GADDAG generator's own search and for the fallback (a Best recorder
// through GenerateUntil). Stopped, it says it did not finish, and the play
// it returns, if any, is a play Generate reports, scored as Generate scores
// it, and no better than the best. Asked to stop before it starts, it
// returns no play. stop is asked by two goroutines: the counter is atomic.
func TestFindBestUntil(t *testing.T) {
	lx := full()
	pos := midGame()
	positions := append(append(pos[0][:10:10], pos[1][:10]...), pos[2][:10]...)
	for _, gen := range []Generator{lx.gen, plainGenerator{lx.gen}} {
		for _, p := range positions {
			want, ok := findBest(lx.gen, p.Variant, p.Board, p.Rack)
			got, found, finished := findBestUntil(gen, p.Variant, p.Board, p.Rack, func() bool { return false }, nil)
			if !finished || found != ok || got.Key() != want.Key() || got.Score != want.Score {
				t.Fatalf("%T, %s: never stopped: %v (found %v, finished %v), FindBest %v (%v)", gen, p.Name, got, found, finished, want, ok)
			}
			if !ok {
				continue
			}
			plays := collect(t, lx.gen, p)
			for _, n := range []int32{1, 2, 5} {
				var asked atomic.Int32
				got, found, finished := findBestUntil(gen, p.Variant, p.Board, p.Rack, func() bool { return asked.Add(1) >= n }, nil)
				if asked.Load() < n {
					continue
				}
				score, reported := plays[got.Key()]
				switch {
				case finished:
					t.Fatalf("%T, %s: stopped at question %d, yet reported finished", gen, p.Name, n)
				case n == 1 && found:
					t.Fatalf("%T, %s: stopped before it started, yet found %v", gen, p.Name, got)
				case found && (!reported || score != got.Score || got.Score > want.Score):
					t.Fatalf("%T, %s: stopped at question %d with %v (%d), which Generate reports: %v (%d); best %d", gen, p.Name, n, got, got.Score, reported, score, want.Score)
				}
			}
		}
	}
}
