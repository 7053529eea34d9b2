package human

import (
	"fmt"
	"io"
	"strings"

	"github.com/lexico/lexico/bot/board"
)

// ANSI styles, used only when the output is a terminal.
const (
	ansiReset = "\x1b[0m"
	ansiLast  = "\x1b[1;30;43m" // the last move's tiles: bold black on yellow
	ansiTW    = "\x1b[31m"
	ansiDW    = "\x1b[35m"
	ansiTL    = "\x1b[34m"
	ansiDL    = "\x1b[36m"
)

// Render draws b as a person reads it, four characters a square and types moves for it: columns
// lettered from A at the left, rows numbered from 1 at the top (the
// coordinates Parse reads), uncovered premiums as TW, DW, TL, DL, played
// blanks in lower case, and the tiles of the last move in brackets
// (highlighted too when colour is on).
func Render(w io.Writer, b *board.Board, last map[[2]int]bool, colour bool) {
	var sb strings.Builder
	sb.WriteString("    ")
	for c := 0; c < b.Size; c++ {
		fmt.Fprintf(&sb, "  %c ", 'A'+c)
	}
	sb.WriteByte('\n')
	for r := 0; r < b.Size; r++ {
		fmt.Fprintf(&sb, "%3d ", r+1)
		for c := 0; c < b.Size; c++ {
			cell, style := cellOf(b, r, c)
			if last[[2]int{r, c}] {
				cell, style = " ["+strings.TrimSpace(cell)+"]", ansiLast
			}
			if colour && style != "" {
				cell = style + cell + ansiReset
			}
			sb.WriteString(cell)
		}
		fmt.Fprintf(&sb, "%d\n", r+1)
	}
	io.WriteString(w, sb.String())
}

func cellOf(b *board.Board, r, c int) (cell, style string) {
	if s := b.At(r, c); !s.Empty() {
		l := s.Letter
		if s.Blank {
			l += 'a' - 'A'
		}
		return "  " + string(l) + " ", ""
	}
	switch b.PremiumAt(r, c) {
	case board.TripleWord:
		return " TW ", ansiTW
	case board.DoubleWord:
		return " DW ", ansiDW
	case board.TripleLetter:
		return " TL ", ansiTL
	case board.DoubleLetter:
		return " DL ", ansiDL
	}
	return "  . ", ""
}
