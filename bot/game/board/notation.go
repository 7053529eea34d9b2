package board

import (
	"fmt"
	"strconv"

	"github.com/lexico/lexico/internal/quote"
)

// Squares are named for people as the web page, `play` and GCG name them: a
// column letter from A at the left, then a row number from 1 at the top
// (H8 is the centre of a 15x15 board). This is the one notation of every
// human-readable output; the platform's [x, y] (y up) stays in its JSON and
// its move format, converted by FromPlatform and ToPlatform.

// ColumnName is column col's letter: A for column 0.
func ColumnName(col int) byte { return byte('A' + col) }

// RowName is row row's number: 1 for the top row (row 0).
func RowName(row int) int { return row + 1 }

// SquareName is the square (row, col) as people type it: column letter, row
// number, as "H8". A square no board has (a move sent off the board) has no
// letter: it is written "column 100, row 114", counted the same way.
func SquareName(row, col int) string {
	if row < 0 || col < 0 || col >= 26 {
		return fmt.Sprintf("column %d, row %d", col+1, RowName(row))
	}
	return fmt.Sprintf("%c%d", ColumnName(col), RowName(row))
}

// ParseSquare reads a square named H8 or 8H (either case): a column letter
// and a row number, in either order, on a board of size squares a side;
// rowFirst says the row came first (GCG writes a play across as 8H and one
// down as H8).
func ParseSquare(s string, size int) (row, col int, rowFirst bool, err error) {
	if s == "" {
		return 0, 0, false, fmt.Errorf("%w: the name is empty (want a column letter and a row number, e.g. H8)", ErrSquare)
	}
	letterFirst := isLetter(s[0])
	var colPart, rowPart string
	if letterFirst {
		colPart, rowPart = s[:1], s[1:]
	} else {
		colPart, rowPart = s[len(s)-1:], s[:len(s)-1]
	}
	n, errN := strconv.Atoi(rowPart)
	if !isLetter(colPart[0]) || errN != nil {
		return 0, 0, false, fmt.Errorf("%w: %s: want a column letter and a row number, e.g. H8 or 8H", ErrSquare, quote.String(s))
	}
	col = int(upper(colPart[0]) - 'A')
	if col >= size || n < 1 || n > size {
		return 0, 0, false, fmt.Errorf("%w: %s is off the %dx%d board (columns A-%c, rows 1-%d)",
			ErrSquare, quote.String(s), size, size, ColumnName(size-1), RowName(size-1))
	}
	return n - 1, col, !letterFirst, nil
}

func isLetter(c byte) bool { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}
