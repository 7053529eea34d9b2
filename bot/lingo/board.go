package lingo

import (
	"fmt"
	"strings"
)

// MaxSpan is the widest and tallest the tiles may spread. Lingo's board has
// no edge: the seed draws the tiles' bounding box with one empty row or
// column around it, and moves name squares of that picture (column letter,
// row number), so a move can reach one square beyond the tiles. Column
// letters run out at z: a span of 24 plus the two margins is 26 columns.
// Moves that would spread the tiles further are illegal. The limit never
// binds in practice (the full set is 98 tiles, and words cross).
const MaxSpan = 24

// grid is the side of the fixed array that holds the board; the starting
// tile stands in the middle, so the tiles cannot leave it whichever way
// they grow, margins included.
const (
	grid   = 2*MaxSpan + 3
	centre = grid / 2
)

// Square is one square: the letter showing on top (0 when empty) and how
// many tiles are stacked there.
type Square struct {
	Letter byte
	Height uint8
}

// Empty reports whether no tile stands on the square.
func (s Square) Empty() bool { return s.Letter == 0 }

// Board is the grid of stacks. Row and Col are internal coordinates into a
// fixed array (Row grows downwards); people and the notation see only the
// window, the tiles' bounding box with a margin of one square, whose
// top-left square is a1. The zero value is unusable: use NewBoard.
//
// Board is a value of fixed size (no pointers), so copying it is a clone.
type Board struct {
	sq [grid * grid]Square
	// top, bottom, left, right bound the occupied squares (inclusive).
	top, bottom, left, right int
	// placed counts every tile on the board by letter, buried ones too.
	placed [26]int
	tiles  int
}

// NewBoard is a board with one tile, the starting tile, in the middle. A
// Lingo move must touch a tile, so the first move needs one; the seed does
// not say how the pbmserv game opens, and drawing the first tile of the
// shuffled set onto the board is the neutral choice.
func NewBoard(start byte) *Board {
	b := &Board{top: centre, bottom: centre, left: centre, right: centre}
	b.Place(centre, centre, start)
	return b
}

// BoardFromRows builds a board from a picture, a string per row: a letter
// (either case) is a tile, '.' or ' ' an empty square. Squares are named
// in the window as always (the tiles' bounding box and a margin), so in a
// picture whose first row and first column hold tiles the top-left square
// is b2, as in the seed's pictures.
func BoardFromRows(rows ...string) (*Board, error) {
	var b *Board
	for r, row := range rows {
		for c := 0; c < len(row); c++ {
			ch := row[c]
			if ch == '.' || ch == ' ' {
				continue
			}
			if ch >= 'a' && ch <= 'z' {
				ch -= 'a' - 'A'
			}
			if ch < 'A' || ch > 'Z' {
				return nil, fmt.Errorf("%w: row %d has %q, not a letter or '.'", ErrNotation, r+1, row[c])
			}
			if r >= MaxSpan || c >= MaxSpan {
				return nil, fmt.Errorf("%w: the picture is wider or taller than %d squares", ErrNotation, MaxSpan)
			}
			if b == nil {
				b = &Board{top: centre + r, bottom: centre + r, left: centre + c, right: centre + c}
			}
			b.Place(centre+r, centre+c, ch)
		}
	}
	if b == nil {
		return nil, fmt.Errorf("%w: the picture has no tiles", ErrNotation)
	}
	return b, nil
}

// At is the square at (row, col); outside the array it is empty.
func (b *Board) At(row, col int) Square {
	if row < 0 || col < 0 || row >= grid || col >= grid {
		return Square{}
	}
	return b.sq[row*grid+col]
}

// Occupied reports whether a tile stands on (row, col).
func (b *Board) Occupied(row, col int) bool { return !b.At(row, col).Empty() }

// Place puts a tile with letter on (row, col), on top of whatever is there.
// It does not judge the move (see Judge).
func (b *Board) Place(row, col int, letter byte) {
	s := &b.sq[row*grid+col]
	s.Letter = letter
	s.Height++
	b.placed[letter-'A']++
	b.tiles++
	b.top, b.bottom = min(b.top, row), max(b.bottom, row)
	b.left, b.right = min(b.left, col), max(b.right, col)
}

// Window is the part of the board people see and moves name: the tiles'
// bounding box grown by one square each way. (r0, c0) is square a1.
func (b *Board) Window() (r0, c0, rows, cols int) {
	return b.top - 1, b.left - 1, b.bottom - b.top + 3, b.right - b.left + 3
}

// InWindow reports whether (row, col) is a square a move may name.
func (b *Board) InWindow(row, col int) bool {
	return row >= b.top-1 && row <= b.bottom+1 && col >= b.left-1 && col <= b.right+1
}

// Tiles is the number of tiles on the board, buried ones included.
func (b *Board) Tiles() int { return b.tiles }

// Placed counts the tiles on the board by letter (index 0 = A), buried ones
// included: with the pools and the bag, the whole set.
func (b *Board) Placed() [26]int { return b.placed }

// Name is the seed's name of a square: column letter and row number in the
// window, as "c7".
func (b *Board) Name(row, col int) string {
	r0, c0, _, _ := b.Window()
	return fmt.Sprintf("%c%d", 'a'+col-c0, row-r0+1)
}

// ParseSquare reads a square's name ("c7", either case) into internal
// coordinates. Only squares of the window have names.
func (b *Board) ParseSquare(name string) (row, col int, err error) {
	r0, c0, rows, cols := b.Window()
	s := strings.ToLower(strings.TrimSpace(name))
	if len(s) < 2 || s[0] < 'a' || s[0] > 'z' {
		return 0, 0, fmt.Errorf("%w: %q is not a square (a column letter and a row number, as c7)", ErrNotation, name)
	}
	n := 0
	for i := 1; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' || n > 1000 {
			return 0, 0, fmt.Errorf("%w: %q is not a square (a column letter and a row number, as c7)", ErrNotation, name)
		}
		n = n*10 + int(s[i]-'0')
	}
	c := int(s[0] - 'a')
	if c >= cols || n < 1 || n > rows {
		return 0, 0, fmt.Errorf("%w: %s is off the board (columns a-%c, rows 1-%d)", ErrNotation, s, 'a'+cols-1, rows)
	}
	return r0 + n - 1, c0 + c, nil
}

// saved is what applying a move changed, so the move can be taken back.
type saved struct {
	squares                  [MaxPlaceable]Square
	n                        int
	top, bottom, left, right int
}

// MaxPlaceable is the most tiles one move can place (the largest pool).
const MaxPlaceable = MaxPool

// apply places m's tiles and returns what undo needs.
func (b *Board) apply(m Move) saved {
	s := saved{n: len(m.Tiles), top: b.top, bottom: b.bottom, left: b.left, right: b.right}
	for i, p := range m.Tiles {
		s.squares[i] = b.At(p.Row, p.Col)
		b.Place(p.Row, p.Col, p.Letter)
	}
	return s
}

// undo takes back a move apply placed.
func (b *Board) undo(m Move, s saved) {
	for i := len(m.Tiles) - 1; i >= 0; i-- {
		p := m.Tiles[i]
		b.sq[p.Row*grid+p.Col] = s.squares[i]
		b.placed[p.Letter-'A']--
		b.tiles--
	}
	b.top, b.bottom, b.left, b.right = s.top, s.bottom, s.left, s.right
}
