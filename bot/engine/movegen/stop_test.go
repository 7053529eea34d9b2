package movegen

import (
	"fmt"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/move"
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

// stoppable is a strategy for the stop tests, and how many of the test
// positions it is given (the exhaustive one is slow).
type stoppable struct {
	name string
	gen  Generator
	step int
}

func stoppables() []stoppable {
	lx := small()
	return []stoppable{
		{"gaddag", lx.gen, 1},
		{"anagram", smallAnagram(), 1},
		{"exhaustive", lx.exh, 6},
		{"plain generator", plainGenerator{lx.gen}, 3},
	}
}

// playLog lists the plays Generate reports, in order, each as key=score.
func playLog(gen Generator, p testPos) []string {
	var plays []string
	generate(gen, p.Variant, p.Board, p.Rack, func(m *move.Move) {
		plays = append(plays, fmt.Sprintf("%s=%d", m.Key(), m.Score))
	})
	return plays
}

// generation is what one GenerateUntil reported: its plays, as playLog
// lists them, whether it finished, how often it asked stop, and how many
// plays it reported after stop had answered true.
type generation struct {
	plays    []string
	finished bool
	asked    int
	late     int
}

// stoppedAt runs a search with a stop that answers true from its n-th call
// on, or never when n is 0.
func stoppedAt(gen Generator, p testPos, n int) generation {
	var g generation
	stopped := false
	stop := func() bool {
		g.asked++
		stopped = stopped || n > 0 && g.asked >= n
		return stopped
	}
	g.finished = generateUntil(gen, p.Variant, p.Board, p.Rack, func(m *move.Move) {
		if stopped {
			g.late++
		}
		g.plays = append(g.plays, fmt.Sprintf("%s=%d", m.Key(), m.Score))
	}, stop)
	return g
}

// GenerateUntil never stopped reports exactly the plays of Generate, in the
// same order (a Best or TopN recorder keeps the first of equal scores), and
// finishes. Stopped at any of its questions, it reports nothing more, says
// it did not finish, and what it reported is the start of Generate's plays:
// a caller holds a best-so-far from the very plays a full search begins
// with. Asked to stop before it starts, it reports nothing.
func TestGenerateUntil(t *testing.T) {
	positions := agreementPositions(small().gen, 1, 21)
	for _, st := range stoppables() {
		t.Run(st.name, func(t *testing.T) {
			checked := 0
			for i := 0; i < len(positions); i += st.step {
				p := positions[i]
				all := playLog(st.gen, p)
				g := stoppedAt(st.gen, p, 0)
				if !g.finished || !slices.Equal(g.plays, all) {
					t.Fatalf("%s: never stopped, finished %v with %d plays; Generate reports %d", p.Name, g.finished, len(g.plays), len(all))
				}
				if !generateUntil(st.gen, p.Variant, p.Board, p.Rack, func(*move.Move) {}, nil) {
					t.Fatalf("%s: a nil stop did not finish", p.Name)
				}
				if len(all) == 0 {
					continue
				}
				checked++
				for _, n := range []int{1, 2, 7, 40} {
					g := stoppedAt(st.gen, p, n)
					if g.asked < n {
						if !g.finished || !slices.Equal(g.plays, all) {
							t.Fatalf("%s: stop never said yes, yet finished %v with %d of %d plays", p.Name, g.finished, len(g.plays), len(all))
						}
						continue
					}
					switch {
					case g.finished:
						t.Fatalf("%s: stopped at question %d, yet reported finished", p.Name, n)
					case g.late > 0:
						t.Fatalf("%s: %d plays reported after stop said yes at question %d", p.Name, g.late, n)
					case !slices.Equal(g.plays, all[:min(len(g.plays), len(all))]) || len(g.plays) > len(all):
						t.Fatalf("%s: stopped at question %d, the %d plays reported are not the first of Generate's", p.Name, n, len(g.plays))
					case n == 1 && len(g.plays) > 0:
						t.Fatalf("%s: stopped before it started, yet reported %d plays", p.Name, len(g.plays))
					}
				}
			}
			if checked < 5 {
				t.Fatalf("only %d positions had plays", checked)
			}
		})
	}
}

// A stop raised during the longest unit of work ends it: on an opening with
// two blanks the GADDAG generator finds half its plays from the one anchor
// across, the anagram generator all of them from one lookup, yet a stop
// raised at the first play ends either before half the plays are reported.
func TestStopEndsALongUnitOfWork(t *testing.T) {
	lx := full()
	v := variant.Classic
	p := testPos{Name: "opening", Variant: v, Board: v.NewBoard(), Rack: gentest.Rack(t, "??AEIRS")}
	for _, st := range []stoppable{{name: "gaddag", gen: lx.gen}, {name: "anagram", gen: fullAnagram()}} {
		all := len(playLog(st.gen, p))
		raised := false
		plays := 0
		finished := generateUntil(st.gen, p.Variant, p.Board, p.Rack, func(*move.Move) { plays++; raised = true }, func() bool { return raised })
		if finished || plays*2 >= all {
			t.Errorf("%s: stop raised at the first of %d plays, yet %d reported (finished %v)", st.name, all, plays, finished)
		}
	}
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
