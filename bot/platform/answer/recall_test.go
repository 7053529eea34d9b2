package answer

import (
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// recallGame is a position of game 7 with CAT on the board, our play of S
// after it (CATS), and the next gamestate's position: the opponent has
// played OX below for 12 points, drawing two.
func recallGame(t *testing.T) (p *position.Position, ours move.Move, next *position.Position) {
	t.Helper()
	v := variant.Multipliers
	b := v.NewBoard()
	for i, c := range []byte("CAT") {
		b.Set(7, 6+i, board.Square{Letter: c})
	}
	rack, err := tile.ParseRack("SEEDING")
	if err != nil {
		t.Fatal(err)
	}
	p = &position.Position{Variant: v, Board: b, Rack: rack, BagCount: 60, MyScore: 10, OppScore: 20}
	ours = move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: 7, Col: 9, Letter: 'S'}}, Score: 7}
	nb := b.Clone()
	nb.Set(7, 9, board.Square{Letter: 'S'})
	nb.Set(8, 6, board.Square{Letter: 'O'})
	nb.Set(8, 7, board.Square{Letter: 'X', Blank: true})
	next = &position.Position{Variant: v, Board: nb, Rack: rack, BagCount: 57, MyScore: 17, OppScore: 32}
	return p, ours, next
}

// The next gamestate of a game shows the opponent's turn: the position
// our answer left (our tile on the board, the bag after our draw, our score
// as it is now) and what the turn scored.
func TestRecallSeesTheOpponentsTurn(t *testing.T) {
	var c recall
	p, ours, next := recallGame(t)
	c.remember(7, p, ours)
	c.last(7, next)
	if next.Last == nil {
		t.Fatal("the next gamestate of game 7 has no last turn")
	}
	before := next.Last.Before
	if got := before.Board.At(7, 9); got.Letter != 'S' {
		t.Errorf("the board before the opponent's turn has %q where we played S", got.Letter)
	}
	if !before.Board.At(8, 6).Empty() || !p.Board.At(7, 9).Empty() {
		t.Error("the board before the opponent's turn holds its tiles, or our answer changed the gamestate's board")
	}
	if before.BagCount != 59 || before.MyScore != 17 || before.OppScore != 20 || next.Last.Score != 12 || before.Rack.N != 0 {
		t.Errorf("before: bag %d, scores %d-%d, rack %s; turn scored %d: want 59, 17-20, no rack, 12",
			before.BagCount, before.MyScore, before.OppScore, before.Rack, next.Last.Score)
	}
}

// Another game, no game id, or a gamestate that is not the remembered
// position plus a turn: no last turn, rather than a wrong one.
func TestRecallRefusesWhatIsNotTheNextTurn(t *testing.T) {
	var c recall
	p, ours, next := recallGame(t)
	c.remember(7, p, ours)
	for _, tc := range []struct {
		name string
		id   int64
		edit func(*position.Position)
	}{
		{"another game", 8, func(*position.Position) {}},
		{"no game id", 0, func(*position.Position) {}},
		{"a tile of the board changed", 7, func(q *position.Position) { q.Board.Set(7, 6, board.Square{Letter: 'B'}) }},
		{"our play not on the board", 7, func(q *position.Position) { q.Board.Set(7, 9, board.Square{}) }},
		{"the bag not less the tiles drawn", 7, func(q *position.Position) { q.BagCount = 50 }},
		{"the opponent's score lower", 7, func(q *position.Position) { q.OppScore = 5 }},
	} {
		q := *next
		q.Board = next.Board.Clone()
		tc.edit(&q)
		c.last(tc.id, &q)
		if q.Last != nil {
			t.Errorf("%s: a last turn was seen", tc.name)
		}
	}
}

// A bot remembers RecallGames games at most, forgetting the oldest.
func TestRecallForgetsTheOldestGames(t *testing.T) {
	var c recall
	p, ours, next := recallGame(t)
	for id := int64(1); id <= RecallGames+1; id++ {
		c.remember(id, p, ours)
	}
	if len(c.games) != RecallGames {
		t.Fatalf("%d games remembered: want %d", len(c.games), RecallGames)
	}
	first, last := *next, *next
	c.last(1, &first)
	c.last(RecallGames+1, &last)
	if first.Last != nil || last.Last == nil {
		t.Errorf("the oldest game remembered: %v, the newest: %v: want forgotten, remembered", first.Last != nil, last.Last != nil)
	}
}
