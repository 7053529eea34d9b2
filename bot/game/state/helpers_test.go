package state

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/movegentest"
	"github.com/lexico/lexico/bot/game/bag"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
)

// gen is the GADDAG generator of real games over short words
// (movegentest.Short).
var gen = movegentest.Short

// snap is everything a State holds that a game depends on, including the
// bag's generator (the order of the draws after the next exchange).
type snap struct {
	squares  []board.Square
	racks    [2]string
	known    [2]bool
	bag      []byte
	bagKnown bool
	mark     bag.Mark
	scores   [2]int
	turn     int
	passes   int
	end      End
	moves    int
}

func snapshot(s *State) snap {
	return snap{squares: slices.Clone(s.board.Squares), racks: [2]string{s.racks[0].String(), s.racks[1].String()},
		known: s.known, bag: slices.Clone(s.bag.Tiles()), bagKnown: s.bag.Known(), mark: s.bag.Mark(),
		scores: s.scores, turn: s.turn, passes: s.passes, end: s.end, moves: s.Moves()}
}

func (a snap) equal(b snap) bool {
	return slices.Equal(a.squares, b.squares) && a.racks == b.racks && a.known == b.known &&
		slices.Equal(a.bag, b.bag) && a.bagKnown == b.bagKnown && a.mark == b.mark && a.scores == b.scores &&
		a.turn == b.turn && a.passes == b.passes && a.end == b.end && a.moves == b.moves
}

// randomMove is a move for the seat to move, chosen at random so that a
// game visits every kind: an exchange of a random part of the rack now and
// then while the bag allows one, a pass now and then, else a random play
// among all the generator finds (a pass when there is none).
func randomMove(s *State, r *rand.Rand, plays *movegen.AllPlays) move.Move {
	rack, _ := s.Rack(s.Turn())
	switch x := r.IntN(20); {
	case x == 0:
		return move.NewPass()
	case x <= 2 && s.BagLen() >= s.Variant().ExchangeMinBag && !s.Board().IsEmpty() && rack.N > 0:
		tiles := rack.Tiles()
		r.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
		return move.NewExchange(tiles[:1+r.IntN(len(tiles))])
	}
	plays.Reset()
	gen().Search(movegen.Args{Variant: s.Variant(), Board: s.Board(), Rack: rack, Record: plays.Record})
	if len(plays.Moves) == 0 {
		return move.NewPass()
	}
	// The move owns its tiles: AllPlays reuses its storage after Reset, and
	// BenchmarkWayBack keeps the moves of whole games.
	m := plays.Moves[r.IntN(len(plays.Moves))]
	m.Tiles = slices.Clone(m.Tiles)
	return m
}

func mustApply(t testing.TB, s *State, m move.Move) {
	t.Helper()
	if err := s.Apply(m); err != nil {
		t.Fatalf("Apply(%v): %v", m, err)
	}
}
