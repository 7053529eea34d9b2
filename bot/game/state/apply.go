package state

import (
	"fmt"
	"slices"

	"github.com/lexico/lexico/bot/game/bag"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
)

// journal is what Apply changed, move by move, for Undo: the scalars as
// they were, and two stacks shared by the entries (the squares a play
// filled; the tiles a play drew, or the whole bag before an exchange, since
// putting tiles back reorders it). The stacks are reused, so once they have
// grown to the deepest line searched Apply and Undo no longer allocate.
type journal struct {
	entries []entry
	squares []int32
	tiles   []byte
}

// entry is one applied move. The mover is the seat not to move after it.
type entry struct {
	kind      move.Kind
	rack      tile.Rack // the mover's, before
	score     int       // the mover's, before
	passes    int
	squaresAt int      // where this move's squares start in journal.squares
	tilesAt   int      // where its tiles start in journal.tiles
	bag       bag.Mark // the bag's generator, before
}

// Apply plays m for the seat to move and passes the turn: a play puts its
// tiles on the board, adds m.Score (as judged by rules.Check or the move
// generator) to the mover's score and draws back to a full rack; an
// exchange returns m.Exchanged after drawing as many; a pass changes
// nothing but the count of passes. Then the end of the game is decided,
// here and nowhere else. A refused move changes nothing (see the Err
// values); Apply does not check words, connection or the first-move rules.
func (s *State) Apply(m move.Move) error {
	if s.end != Running {
		return ErrGameOver
	}
	seat := s.turn
	e := entry{kind: m.Kind, rack: s.racks[seat], score: s.scores[seat], passes: s.passes,
		squaresAt: len(s.j.squares), tilesAt: len(s.j.tiles), bag: s.bag.Mark()}
	switch m.Kind {
	case move.Play:
		leave, err := s.checkPlay(m)
		if err != nil {
			return err
		}
		rules.Apply(s.board, m)
		for _, p := range m.Tiles {
			s.j.squares = append(s.j.squares, int32(p.Row*s.board.Size+p.Col))
		}
		s.racks[seat] = leave
		s.scores[seat] += m.Score
		s.j.tiles = append(s.j.tiles, s.bag.Fill(&s.racks[seat], s.v.RackSize)...)
		s.passes = 0
		if s.racks[seat].N == 0 && s.bag.Len() == 0 {
			s.end = Out
		}
		if s.tracker != nil {
			s.tracker.Played(s.board, s.j.squares[e.squaresAt:])
		}
	case move.Exchange:
		leave, err := s.checkExchange(m)
		if err != nil {
			return err
		}
		s.j.tiles = append(s.j.tiles, s.bag.Tiles()...)
		s.racks[seat] = leave
		s.bag.Fill(&s.racks[seat], s.v.RackSize)
		s.bag.PutBack(m.Exchanged)
		s.passes = 0
	case move.Pass:
		if s.passes++; s.passes >= 2 {
			s.end = Passes
		}
	default:
		return fmt.Errorf("%w %d", rules.ErrUnknownKind, m.Kind)
	}
	s.j.entries = append(s.j.entries, e)
	s.turn = 1 - seat
	return nil
}

// checkPlay is what Apply needs of a play to keep the state whole: tiles
// showing letters, on empty squares of the board, one a square, from the
// mover's rack. It returns the rack without them.
func (s *State) checkPlay(m move.Move) (tile.Rack, error) {
	rack := s.racks[s.turn]
	switch {
	case !s.known[s.turn]:
		return rack, ErrUnknown
	case len(m.Tiles) > 0 && !s.bag.Known() && s.bag.Len() > 0:
		return rack, fmt.Errorf("%w: the play would draw from a bag of unknown order", ErrUnknown)
	}
	if err := rules.CheckPlacements(s.board, m.Tiles); err != nil {
		return rack, err
	}
	left, ok := m.Leave(rack)
	if !ok {
		return rack, fmt.Errorf("%w: playing %s from rack %s", rules.ErrNotInRack, string(m.RackTiles()), rack.String())
	}
	return left, nil
}

// checkExchange: some tiles, from the mover's rack, with a bag to draw
// from. How many tiles the bag must hold is rules.Check's (ExchangeMinBag).
func (s *State) checkExchange(m move.Move) (tile.Rack, error) {
	rack := s.racks[s.turn]
	switch {
	case !s.known[s.turn]:
		return rack, ErrUnknown
	case len(m.Exchanged) == 0:
		return rack, rules.ErrExchangeNone
	case !s.bag.Known():
		return rack, fmt.Errorf("%w: the exchange would draw from a bag of unknown order", ErrUnknown)
	}
	for _, t := range m.Exchanged {
		if !rack.Remove(t) {
			return s.racks[s.turn], fmt.Errorf("%w: exchanging %q from rack %s", rules.ErrNotInRack, t, s.racks[s.turn].String())
		}
	}
	return rack, nil
}

// Undo takes back the last move Apply played, restoring the state exactly
// as it was before it (board, racks, bag and its order, its generator,
// scores, turn, passes, end), and reports whether there was one.
func (s *State) Undo() bool {
	n := len(s.j.entries)
	if n == 0 {
		return false
	}
	e := &s.j.entries[n-1]
	seat := 1 - s.turn
	switch e.kind {
	case move.Play:
		for _, i := range s.j.squares[e.squaresAt:] {
			s.board.Squares[i] = board.Square{}
		}
		s.j.squares = s.j.squares[:e.squaresAt]
		s.bag.Unfill(s.j.tiles[e.tilesAt:]) // the drawn tiles, back on top
		if s.tracker != nil {
			s.tracker.Unplayed(s.board)
		}
	case move.Exchange:
		s.bag.Restore(s.j.tiles[e.tilesAt:], e.bag)
	}
	s.j.tiles = s.j.tiles[:e.tilesAt]
	s.bag.Rewind(e.bag)
	s.racks[seat], s.scores[seat], s.passes = e.rack, e.score, e.passes
	s.end = Running // Apply refuses a move after the end
	s.turn = seat
	s.j.entries = s.j.entries[:n-1]
	return true
}

// Reserve makes room in the journal for moves more moves, of which one
// exchange, so that Apply does not allocate for them: a search reserves
// its depth once, and its first line then costs no more than the next.
func (s *State) Reserve(moves int) {
	moves = max(moves, 0)
	rack := s.v.RackSize
	s.j.entries = slices.Grow(s.j.entries, moves)
	s.j.squares = slices.Grow(s.j.squares, moves*rack)
	s.j.tiles = slices.Grow(s.j.tiles, moves*rack+s.bag.Len()+rack)
}

// Moves is the number of moves Undo can take back.
func (s *State) Moves() int { return len(s.j.entries) }
