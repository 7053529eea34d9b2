package rules

import (
	"fmt"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/quote"
)

// ShapeError is a board whose tiles no sequence of plays puts down. Its
// squares are the engine's (row 0 at the top) and its message names them as
// people do; a front end that speaks other coordinates names them itself,
// as with SquareError.
type ShapeError struct {
	Err error // ErrBoardStart or ErrBoardDisconnected
	// Start is the start square; Cut the tiles that no path of side-by-side
	// tiles joins to it, top row first (ErrBoardDisconnected only).
	Start [2]int
	Cut   [][2]int
}

// ListedSquares bounds how many squares a message names: a board with a
// whole word misplaced is told where it starts, not every letter.
const ListedSquares = 6

func (e *ShapeError) Error() string {
	start := board.SquareName(e.Start[0], e.Start[1])
	if len(e.Cut) == 0 {
		return fmt.Sprintf("%v: %s is empty, yet every game's first play covers it", e.Err, start)
	}
	names := make([]string, 0, ListedSquares)
	for _, sq := range e.Cut[:min(len(e.Cut), ListedSquares)] {
		names = append(names, board.SquareName(sq[0], sq[1]))
	}
	return fmt.Sprintf("%v: %s cut off from the tiles on the start square (%s): %s; every play after the first touches a tile already down",
		e.Err, CutCount(len(e.Cut)), start, MoreSquares(strings.Join(names, "; "), len(e.Cut)))
}

func (e *ShapeError) Unwrap() error { return e.Err }

// CutCount says how many tiles are cut off: "1 tile is", "3 tiles are".
func CutCount(n int) string {
	if n == 1 {
		return "1 tile is"
	}
	return quote.Count(n, "tile") + " are"
}

// MoreSquares ends a list of the first ListedSquares of n squares with how
// many it leaves out.
func MoreSquares(list string, n int) string {
	if more := n - ListedSquares; more > 0 {
		list += fmt.Sprintf("; and %d more", more)
	}
	return list
}

// CheckShape refuses, with a *ShapeError, a board that no game under v
// builds: tiles with the start square empty, or tiles cut off from the
// start square's. The empty board is a game before its first play. Words
// are not asked about (old words are never judged again), nor the first
// word's length, which rule sets read differently (the board-file solver
// asks it of its variant).
func CheckShape(v *variant.Variant, b *board.Board) error {
	if b.IsEmpty() {
		return nil
	}
	sr, sc := v.StartRow, v.StartCol
	if !b.Occupied(sr, sc) {
		return &ShapeError{Err: ErrBoardStart, Start: [2]int{sr, sc}}
	}
	if cut := cutOff(b, sr, sc); len(cut) > 0 {
		return &ShapeError{Err: ErrBoardDisconnected, Start: [2]int{sr, sc}, Cut: cut}
	}
	return nil
}

// cutOff lists, top row first, the tiles that no path of side-by-side tiles
// joins to the tile on (sr, sc).
func cutOff(b *board.Board, sr, sc int) [][2]int {
	reached := make([]bool, len(b.Squares))
	reached[sr*b.Size+sc] = true
	stack := [][2]int{{sr, sc}}
	for len(stack) > 0 {
		sq := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r, c := sq[0]+d[0], sq[1]+d[1]
			if b.Occupied(r, c) && !reached[r*b.Size+c] {
				reached[r*b.Size+c] = true
				stack = append(stack, [2]int{r, c})
			}
		}
	}
	var cut [][2]int
	for i, s := range b.Squares {
		if !s.Empty() && !reached[i] {
			cut = append(cut, [2]int{i / b.Size, i % b.Size})
		}
	}
	return cut
}
