// Package state is a game of Lexico in progress, and the one place where a
// move changes it: the board, both racks, the bag in draw order, the
// scores, whose turn it is, the passes in a row, and whether and how the
// game ended. The referee (bot/match/referee) plays its games on a State and the
// simulation (bot/engine/montecarlo) its worlds, so the end of the game and the
// draw from the bag are written here, once.
//
// Lexico's rules, as the referee has always applied them:
//   - after a play the mover draws back to a full rack; after an exchange
//     the mover draws as many new tiles before the exchanged ones go back
//     into the bag (see package bag);
//   - the game ends when a player empties their rack with the bag empty, or
//     after two passes in a row (an exchange is not a pass: it resets the
//     count);
//   - there is no end-of-game rack penalty: the scores are what the plays
//     earned.
//
// A State does not judge moves. Whether a play forms words, touches the
// board or covers the start square, and what it scores, is package rules'
// business (rules.Check), or the move generator's, which only produces
// legal plays; Apply takes the move with its score already judged, because
// its callers have always just judged it and scoring again would read every
// word into a string, an allocation on the simulation's hot path. Apply
// still refuses what would corrupt the state: tiles the mover does not
// hold, squares off the board or taken, a move after the end.
//
// For search, Undo takes the last move back from a small journal of what
// Apply changed: the squares filled, the tiles drawn, the rack, score and
// passes before. macondo's game/game.go (UnplayLastMove) restores a copy
// of the board, bag and racks from a stack of backups instead; MAGPIE's
// src/impl/gameplay.c does both, copies in general and a journal
// (play_move_incremental, unplay_move_incremental) for its endgame search.
// The journal trades a little bookkeeping in Apply for an Undo that
// touches only what changed, where a copy moves the whole board and bag
// at every node; measured both ways (BenchmarkWayBack), the journal is the
// cheaper. Apply and Undo do not allocate once the journal has grown to
// the depth searched (Reserve).
//
// A Tracker attached to a State (Track) is told of every play applied and
// taken back, so that what a search derives from the board (the move
// generator's cross-check sets) is kept up to date with it rather than
// computed again from the whole board; the interface is the game's, what
// it tracks the engine's.
package state

import (
	"fmt"

	"github.com/lexico/lexico/bot/game/bag"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// End says whether and how the game ended.
type End uint8

const (
	// Running: the game goes on.
	Running End = iota
	// Out: a player emptied their rack with the bag empty.
	Out
	// Passes: two passes in a row.
	Passes
)

func (e End) String() string {
	switch e {
	case Running:
		return "running"
	case Out:
		return "a player is out of tiles and the bag is empty"
	case Passes:
		return "both players passed in a row"
	}
	return fmt.Sprintf("end(%d)", uint8(e))
}

// State is a game in progress between seats 0 and 1. The zero value is not
// a game: make one with Start or FromPosition.
type State struct {
	v      *variant.Variant
	board  *board.Board
	racks  [2]tile.Rack
	known  [2]bool // whether racks[i] is the seat's real (or dealt) rack
	bag    bag.Bag
	scores [2]int
	turn   int // the seat to move
	passes int // passes in a row
	end    End
	j      journal
	// tracker, when not nil, is told of every play applied and undone
	// (Track).
	tracker Tracker
}

// Start deals a new game of v: the variant's tiles shuffled by seed (the
// same seed gives the same bag and the same draws), a rack drawn for
// starter and then one for the other seat, starter to move.
func Start(v *variant.Variant, seed uint64, starter int) (*State, error) {
	if err := checkVariant(v); err != nil {
		return nil, err
	}
	if starter != 0 && starter != 1 {
		return nil, fmt.Errorf("%w: starter %d is not seat 0 or 1", ErrConfig, starter)
	}
	s := &State{v: v, board: v.NewBoard(), bag: bag.Shuffled(v.Distribution[:], seed), turn: starter, known: [2]bool{true, true}}
	s.bag.Fill(&s.racks[starter], v.RackSize)
	s.bag.Fill(&s.racks[1-starter], v.RackSize)
	return s, nil
}

// FromPosition is the game as the mover of p sees it: the mover is seat 0
// and moves first, with p's rack and score; seat 1 has p's OppScore. The
// board is a copy of p's. The opponent's rack and the order of the bag
// (p.BagCount tiles) are unknown until Deal guesses them; with the bag
// empty, its order is known.
func FromPosition(p *position.Position) (*State, error) {
	if p == nil || p.Board == nil {
		return nil, fmt.Errorf("%w: no position", ErrConfig)
	}
	if err := checkVariant(p.Variant); err != nil {
		return nil, err
	}
	switch {
	case p.Board.Size != p.Variant.Size || len(p.Board.Squares) != p.Board.Size*p.Board.Size || len(p.Board.Premiums) != len(p.Board.Squares):
		return nil, fmt.Errorf("%w: a %dx%d board for the %dx%d %s variant", ErrConfig, p.Board.Size, p.Board.Size, p.Variant.Size, p.Variant.Size, p.Variant.Name)
	case p.BagCount < 0:
		return nil, fmt.Errorf("%w: %d tiles in the bag", ErrConfig, p.BagCount)
	}
	s := &State{v: p.Variant, board: p.Board.Clone(), known: [2]bool{true, false},
		scores: [2]int{p.MyScore, p.OppScore}}
	s.racks[0] = p.Rack
	s.bag = bag.Unknown(p.BagCount, p.Variant.RackSize)
	return s, nil
}

func checkVariant(v *variant.Variant) error {
	switch {
	case v == nil:
		return fmt.Errorf("%w: no variant", ErrConfig)
	case v.Size <= 0 || len(v.Layout) != v.Size*v.Size || v.RackSize <= 0:
		return fmt.Errorf("%w: variant %q is incomplete (size %d, layout %d squares, rack %d)",
			ErrConfig, v.Name, v.Size, len(v.Layout), v.RackSize)
	}
	return nil
}

// Deal makes the unknown known, as a guess: seat's rack becomes rack, and
// the bag becomes tiles in draw order (the last tile drawn first), which
// must hold as many tiles as the bag does. Only at the start, before any
// move is applied (or after every one is undone): a guess is about the
// tiles the game started from. The tiles are copied; Deal does not
// allocate once the bag has room for them.
func (s *State) Deal(seat int, rack, tiles []byte) error {
	switch {
	case seat != 0 && seat != 1:
		return fmt.Errorf("%w: seat %d", ErrConfig, seat)
	case len(s.j.entries) > 0:
		return ErrNotAtStart
	case len(rack) > s.v.RackSize:
		return fmt.Errorf("%w: a rack of %d tiles, %d at most", ErrConfig, len(rack), s.v.RackSize)
	case len(tiles) != s.bag.Len():
		return fmt.Errorf("%w: %d tiles dealt to a bag of %d", ErrConfig, len(tiles), s.bag.Len())
	}
	for _, t := range rack {
		if tile.Index(t) < 0 {
			return fmt.Errorf("%w: %q is not a tile", ErrConfig, t)
		}
	}
	for _, t := range tiles {
		if tile.Index(t) < 0 {
			return fmt.Errorf("%w: %q is not a tile", ErrConfig, t)
		}
	}
	s.racks[seat] = tile.RackOf(rack)
	s.known[seat] = true
	s.bag.Deal(tiles)
	return nil
}

// Variant is the game's rule set.
func (s *State) Variant() *variant.Variant { return s.v }

// Board is the state's own board, as it stands. Read it, do not write it:
// it changes as moves are applied and undone (Clone it to keep a picture).
func (s *State) Board() *board.Board { return s.board }

// Turn is the seat to move.
func (s *State) Turn() int { return s.turn }

// Rack is seat's rack, and whether it is known (a rack FromPosition does
// not know is empty until Deal).
func (s *State) Rack(seat int) (tile.Rack, bool) { return s.racks[seat&1], s.known[seat&1] }

// Racks are both racks by seat (an unknown one is empty).
func (s *State) Racks() [2]tile.Rack { return s.racks }

// Scores are both scores by seat.
func (s *State) Scores() [2]int { return s.scores }

// BagLen is the number of tiles in the bag.
func (s *State) BagLen() int { return s.bag.Len() }

// Bag is a copy of the bag in draw order (the last tile is drawn first),
// or nil when the order is not known.
func (s *State) Bag() []byte {
	if !s.bag.Known() {
		return nil
	}
	return append([]byte(nil), s.bag.Tiles()...)
}

// Passes is the number of passes in a row just played.
func (s *State) Passes() int { return s.passes }

// End says whether and how the game ended; Over whether it did.
func (s *State) End() End { return s.end }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.end != Running }

// View is the position of the seat to move, as a player is handed it: the
// state's own board (read only), the mover's rack, the bag's size, the
// scores from the mover's side, and FirstGo while the board is empty.
func (s *State) View() position.Position {
	return position.Position{Variant: s.v, Board: s.board, Rack: s.racks[s.turn], BagCount: s.bag.Len(),
		FirstGo: s.board.IsEmpty(), MyScore: s.scores[s.turn], OppScore: s.scores[1-s.turn]}
}
