package state

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

// recorder is a Tracker that keeps the squares of the plays it is told
// of, and the board it was reset to.
type recorder struct {
	b      *board.Board
	resets int
	plays  [][]int32
	bad    []string // what it was told that did not match the board
}

func (r *recorder) Reset(b *board.Board) { r.b, r.resets, r.plays = b, r.resets+1, nil }

func (r *recorder) Played(b *board.Board, squares []int32) {
	for _, sq := range squares {
		if b != r.b || b.Squares[sq].Letter == 0 {
			r.bad = append(r.bad, "a play's square is empty after Apply")
		}
	}
	r.plays = append(r.plays, slices.Clone(squares))
}

func (r *recorder) Unplayed(b *board.Board) {
	if len(r.plays) == 0 {
		r.bad = append(r.bad, "a play taken back that was never told")
		return
	}
	for _, sq := range r.plays[len(r.plays)-1] {
		if b != r.b || b.Squares[sq].Letter != 0 {
			r.bad = append(r.bad, "a play's square still taken after Undo")
		}
	}
	r.plays = r.plays[:len(r.plays)-1]
}

// A Tracker hears of every play as it is applied, with its squares, and of
// every play taken back, in order; passes and exchanges, which change no
// square, it does not hear of. Detached, it hears of nothing more.
func TestTrackerHearsOfEveryPlay(t *testing.T) {
	var plays movegen.AllPlays
	r := rand.New(rand.NewPCG(3, 99))
	s, err := Start(variant.Classic, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	s.Track(rec)
	if rec.resets != 1 || rec.b != s.Board() || s.Tracking() != rec {
		t.Fatalf("Track did not reset the tracker to the state's board")
	}
	var want [][]int32
	for turn := 0; !s.Over() && turn < 60; turn++ {
		m := randomMove(s, r, &plays)
		mustApply(t, s, m)
		if m.Kind == move.Play {
			var sq []int32
			for _, p := range m.Tiles {
				sq = append(sq, int32(p.Row*s.Board().Size+p.Col))
			}
			want = append(want, sq)
		}
		if turn%3 == 2 { // now and then, take it back and play it again
			s.Undo()
			if m.Kind == move.Play {
				want = want[:len(want)-1]
			}
			if !slices.EqualFunc(rec.plays, want, slices.Equal) {
				t.Fatalf("turn %d: after Undo the tracker holds %v, want %v", turn, rec.plays, want)
			}
			mustApply(t, s, m)
			if m.Kind == move.Play {
				want = append(want, rec.plays[len(rec.plays)-1])
			}
		}
		if !slices.EqualFunc(rec.plays, want, slices.Equal) {
			t.Fatalf("turn %d: the tracker holds %v, want %v", turn, rec.plays, want)
		}
	}
	for s.Undo() {
	}
	if len(rec.plays) != 0 || len(rec.bad) > 0 {
		t.Fatalf("after undoing the game the tracker holds %d plays; told %v", len(rec.plays), rec.bad)
	}
	s.Track(nil)
	mustApply(t, s, bestPlay(t, s))
	if len(rec.plays) != 0 || s.Tracking() != nil {
		t.Errorf("a detached tracker was told of a play")
	}
}

// counter is a Tracker that only counts, the least a tracker can cost.
type counter struct{ played, unplayed int }

func (c *counter) Reset(*board.Board)           {}
func (c *counter) Played(*board.Board, []int32) { c.played++ }
func (c *counter) Unplayed(*board.Board)        { c.unplayed++ }

// Telling a tracker allocates nothing: a search applies and undoes
// millions of moves with one attached.
func TestTrackingDoesNotAllocate(t *testing.T) {
	s, _ := Start(variant.Multipliers, 5, 0)
	c := &counter{}
	s.Track(c)
	m := bestPlay(t, s)
	allocs := testing.AllocsPerRun(100, func() {
		if s.Apply(m) != nil || s.Apply(move.NewPass()) != nil {
			t.Fatal("refused")
		}
		s.Undo()
		s.Undo()
	})
	if allocs != 0 || c.played != 101 || c.unplayed != 101 {
		t.Errorf("%v allocations per play, pass and their undoing; told of %d plays and %d undone", allocs, c.played, c.unplayed)
	}
}
