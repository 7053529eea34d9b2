package solver

import (
	"fmt"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
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

// checkShape asks of b what every real game gives: the first play covers the
// start square with a word of at least v.FirstWordMinLen letters along one
// line, and every later play touches a tile already down. Tiles are never
// taken off, so the start square stays covered, the first word stays in its
// line, and every tile stays joined to the start square through its
// neighbours.
func checkShape(v *variant.Variant, b *board.Board) error {
	if b.IsEmpty() {
		return nil
	}
	sr, sc := v.StartRow, v.StartCol
	if !b.Occupied(sr, sc) {
		return fmt.Errorf("%w: %s is empty, yet the first play of every %s game covers it",
			ErrBoardStart, board.SquareName(sr, sc), v.Name)
	}
	if cut := cutOff(b, sr, sc); len(cut) > 0 {
		verb := "tiles are"
		if len(cut) == 1 {
			verb = "tile is"
		}
		return fmt.Errorf("%w: %d %s cut off from the tiles on the start square (%s): %s; every play after the first touches a tile already down",
			ErrBoardDisconnected, len(cut), verb, board.SquareName(sr, sc), squareList(cut))
	}
	across, down := runThrough(b, sr, sc, 0, 1), runThrough(b, sr, sc, 1, 0)
	if longest := max(across, down); longest < v.FirstWordMinLen {
		return fmt.Errorf("%w: the longest word through the start square (%s) has %s, yet the first play of a %s game forms one of at least %d, across or down through it",
			ErrBoardFirstWord, board.SquareName(sr, sc), quote.Count(longest, "letter"), v.Name, v.FirstWordMinLen)
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

// listedSquares bounds how many squares one message names: a board with a
// whole word misplaced is told where it starts, not every letter.
const listedSquares = 6

func squareList(sqs [][2]int) string {
	names := make([]string, 0, min(len(sqs), listedSquares))
	for _, sq := range sqs[:min(len(sqs), listedSquares)] {
		names = append(names, board.SquareName(sq[0], sq[1]))
	}
	s := strings.Join(names, "; ")
	if more := len(sqs) - listedSquares; more > 0 {
		s += fmt.Sprintf("; and %d more", more)
	}
	return s
}
