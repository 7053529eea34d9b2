package board_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
)

// Squares are named as the page, play and GCG name them: the centre of the
// 15x15 board is H8, the top left A1, the bottom right O15.
func TestSquareName(t *testing.T) {
	for _, c := range []struct {
		row, col int
		want     string
	}{{7, 7, "H8"}, {0, 0, "A1"}, {14, 14, "O15"}, {9, 2, "C10"},
		// Off every board (a move sent with [99, 99]): no letter to give.
		{113, 99, "column 100, row 114"}, {-1, 3, "column 4, row 0"}} {
		if got := board.SquareName(c.row, c.col); got != c.want {
			t.Errorf("SquareName(%d, %d) = %s, want %s", c.row, c.col, got, c.want)
		}
	}
}

// ParseSquare reads back what SquareName writes, in either order and case;
// GCG's row-first form (a play across) is reported as such.
func TestParseSquare(t *testing.T) {
	for _, c := range []struct {
		s        string
		row, col int
		rowFirst bool
	}{{"H8", 7, 7, false}, {"8h", 7, 7, true}, {"a1", 0, 0, false}, {"15O", 14, 14, true}, {"C10", 9, 2, false}} {
		row, col, rowFirst, err := board.ParseSquare(c.s, 15)
		if err != nil || row != c.row || col != c.col || rowFirst != c.rowFirst {
			t.Errorf("ParseSquare(%q) = %d, %d, %v, %v; want %d, %d, %v", c.s, row, col, rowFirst, err, c.row, c.col, c.rowFirst)
		}
	}
	for _, c := range []struct{ s, want string }{
		{"", "empty"},
		{"P1", `"P1" is off the 15x15 board (columns A-O, rows 1-15)`},
		{"A16", "off the 15x15 board"},
		{"A0", "off the 15x15 board"},
		{"7,7", `"7,7": want a column letter and a row number, e.g. H8`},
		{"HH", "want a column letter and a row number"},
	} {
		_, _, _, err := board.ParseSquare(c.s, 15)
		if !errors.Is(err, board.ErrSquare) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseSquare(%q): %v; want an ErrSquare naming %q", c.s, err, c.want)
		}
	}
}
