package state

import "github.com/lexico/lexico/bot/game/board"

// Tracker is told of every change Apply and Undo make to the board, so
// that it can keep something derived from the board up to date instead of
// computing it again from the whole board: the move generator's cross-check
// sets (bot/engine/movegen's CrossSets), as macondo's game/game.go and
// MAGPIE's src/impl/gameplay.c keep theirs in the game. The interface lives
// here so that the game layer knows nothing of what is tracked (a
// dictionary, the engine).
//
// Passes and exchanges change no square, so a Tracker hears only of plays.
// Its methods must not keep b or squares past the call, nor change them,
// and must not allocate once warmed up if the search it serves does not.
type Tracker interface {
	// Reset is the board as it stands when the Tracker is attached (Track):
	// what it tracks starts from it, with no play to take back.
	Reset(b *board.Board)
	// Played says a play has put tiles on squares (indexes into
	// b.Squares, whose tiles are on b now).
	Played(b *board.Board, squares []int32)
	// Unplayed says the last play has been taken back: its squares are
	// empty again. It may come after every play told to Played has been
	// taken back, when a search undoes moves applied before Track.
	Unplayed(b *board.Board)
}

// Track attaches t to s, which tells it of every play applied or undone
// from now on, or detaches the one attached (t nil). t starts from the
// board as it stands (Reset). One Tracker at a time: Track replaces the
// one attached, which is no longer told of anything.
func (s *State) Track(t Tracker) {
	s.tracker = t
	if t != nil {
		t.Reset(s.board)
	}
}

// Tracking is the Tracker attached (nil: none), so that a search that
// attaches its own can attach it back when it is done.
func (s *State) Tracking() Tracker { return s.tracker }
