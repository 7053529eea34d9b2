package solver

import (
	"fmt"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/quote"
)

// CheckBoard refuses a board that no game under v could have reached: one of
// another size, one showing more of a tile than v's bag holds, and one whose
// tiles are not a single group holding a first word through the start
// square. A board typed by hand with a stray letter or a word in the wrong
// place would otherwise be solved as if it were real, and its plays would be
// nonsense. The empty board (no play yet) is valid.
func CheckBoard(v *variant.Variant, b *board.Board) error {
	if b.Size != v.Size {
		return fmt.Errorf("%w: a %dx%d board, the %s board is %dx%d",
			ErrBoardSize, b.Size, b.Size, v.Name, v.Size, v.Size)
	}
	if _, err := Unseen(v, b); err != nil {
		return err
	}
	return checkShape(v, b)
}

// checkShape asks of b what every real game gives: the tiles are one group
// through the start square (rules.CheckShape, the rule the gamestates of
// the platform are held to too), and the first play covered it with a word
// of at least v.FirstWordMinLen letters along one line, which stays in its
// line since tiles are never taken off.
func checkShape(v *variant.Variant, b *board.Board) error {
	if err := rules.CheckShape(v, b); err != nil {
		return fmt.Errorf("a %s board: %w", v.Name, err)
	}
	if b.IsEmpty() {
		return nil
	}
	sr, sc := v.StartRow, v.StartCol
	across, down := runThrough(b, sr, sc, 0, 1), runThrough(b, sr, sc, 1, 0)
	if longest := max(across, down); longest < v.FirstWordMinLen {
		return fmt.Errorf("%w: the longest word through the start square (%s) has %s, yet the first play of a %s game forms one of at least %d, across or down through it",
			ErrBoardFirstWord, board.SquareName(sr, sc), quote.Count(longest, "letter"), v.Name, v.FirstWordMinLen)
	}
	return nil
}

// runThrough is the length of the run of tiles through (r, c) along (dr, dc).
func runThrough(b *board.Board, r, c, dr, dc int) int {
	n := 1
	for i := 1; b.Occupied(r-i*dr, c-i*dc); i++ {
		n++
	}
	for i := 1; b.Occupied(r+i*dr, c+i*dc); i++ {
		n++
	}
	return n
}
