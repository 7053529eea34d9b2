package gentest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
)

// Search runs a generator's search of p with Keep 0: it reports every play
// to rec, asks stop (nil: never) and reports whether it finished.
type Search func(p Pos, rec func(m *move.Move), stop func() bool) bool

// Stoppable is a generator for the stop tests, and which of the test
// positions it is given: every Step-th (the exhaustive one is slow).
type Stoppable struct {
	Name   string
	Search Search
	Step   int
}

// playLog lists the plays a search never stopped reports, in order, each
// as key=score.
func playLog(search Search, p Pos) []string {
	var plays []string
	search(p, func(m *move.Move) {
		plays = append(plays, fmt.Sprintf("%s=%d", m.Key(), m.Score))
	}, nil)
	return plays
}

// generation is what one search asking stop reported: its plays, as
// playLog lists them, whether it finished, how often it asked stop, and
// how many plays it reported after stop had answered true.
type generation struct {
	plays    []string
	finished bool
	asked    int
	late     int
}

// stoppedAt runs a search with a stop that answers true from its n-th call
// on, or never when n is 0.
func stoppedAt(search Search, p Pos, n int) generation {
	var g generation
	stopped := false
	stop := func() bool {
		g.asked++
		stopped = stopped || n > 0 && g.asked >= n
		return stopped
	}
	g.finished = search(p, func(m *move.Move) {
		if stopped {
			g.late++
		}
		g.plays = append(g.plays, fmt.Sprintf("%s=%d", m.Key(), m.Score))
	}, stop)
	return g
}

// CheckGenerateUntil is the stop property of each generator, a subtest
// each, on its share of positions: never stopped, a search reports exactly
// the plays of a search without a stop, in the same order, and finishes.
// Stopped at any of its questions, it reports nothing more, says it did
// not finish, and what it reported is the start of the full search's plays.
// Asked to stop before it starts, it reports nothing.
func CheckGenerateUntil(t *testing.T, positions []Pos, sts []Stoppable) {
	for _, st := range sts {
		t.Run(st.Name, func(t *testing.T) {
			checked := 0
			for i := 0; i < len(positions); i += st.Step {
				p := positions[i]
				all := playLog(st.Search, p)
				g := stoppedAt(st.Search, p, 0)
				if !g.finished || !slices.Equal(g.plays, all) {
					t.Fatalf("%s: never stopped, finished %v with %d plays; Generate reports %d", p.Name, g.finished, len(g.plays), len(all))
				}
				if !st.Search(p, func(*move.Move) {}, nil) {
					t.Fatalf("%s: a nil stop did not finish", p.Name)
				}
				if len(all) == 0 {
					continue
				}
				checked++
				for _, n := range []int{1, 2, 7, 40} {
					g := stoppedAt(st.Search, p, n)
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

// CheckStopEndsALongUnitOfWork: on p, whose plays come from few units of
// work, a stop raised at the first play ends each generator's search
// before half its plays are reported.
func CheckStopEndsALongUnitOfWork(t *testing.T, p Pos, sts []Stoppable) {
	for _, st := range sts {
		all := len(playLog(st.Search, p))
		raised := false
		plays := 0
		finished := st.Search(p, func(*move.Move) { plays++; raised = true }, func() bool { return raised })
		if finished || plays*2 >= all {
			t.Errorf("%s: stop raised at the first of %d plays, yet %d reported (finished %v)", st.Name, all, plays, finished)
		}
	}
}
