package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/position"
)

// ANSI styles for drawBoard on a terminal.
const (
	ansiReset = "\x1b[0m"
	ansiMove  = "\x1b[1;30;43m" // bold black on yellow: the tiles just placed
	ansiTW    = "\x1b[31m"
	ansiDW    = "\x1b[35m"
	ansiTL    = "\x1b[34m"
	ansiDL    = "\x1b[36m"
)

// drawBoard draws p's board with m's tiles on it, top row first, labelled
// with the platform's coordinates (x across, y up, so y counts down the
// page). Tiles of the move are in brackets (and highlighted in colour);
// played blanks are lower case; uncovered premiums show as TW, DW, TL, DL.
func drawBoard(w io.Writer, p *position.Position, m move.Move, colour bool) {
	b := p.Board
	placed := map[[2]int]move.Placement{}
	if m.Kind == move.Play {
		for _, pl := range m.Tiles {
			placed[[2]int{pl.Row, pl.Col}] = pl
		}
	}
	var sb strings.Builder
	sb.WriteString("    ")
	for x := 0; x < b.Size; x++ {
		fmt.Fprintf(&sb, "%3d", x)
	}
	sb.WriteByte('\n')
	for r := 0; r < b.Size; r++ {
		fmt.Fprintf(&sb, "%3d ", b.Size-1-r)
		for c := 0; c < b.Size; c++ {
			cell, style := square(b, r, c)
			if pl, ok := placed[[2]int{r, c}]; ok {
				cell, style = "["+letter(pl.Letter, pl.Blank)+"]", ansiMove
			}
			if colour && style != "" {
				cell = style + cell + ansiReset
			}
			sb.WriteString(cell)
		}
		sb.WriteByte('\n')
	}
	io.WriteString(w, sb.String())
}

func square(b *board.Board, r, c int) (cell, style string) {
	if s := b.At(r, c); !s.Empty() {
		return " " + letter(s.Letter, s.Blank) + " ", ""
	}
	switch b.PremiumAt(r, c) {
	case board.TripleWord:
		return " TW", ansiTW
	case board.DoubleWord:
		return " DW", ansiDW
	case board.TripleLetter:
		return " TL", ansiTL
	case board.DoubleLetter:
		return " DL", ansiDL
	}
	return "  .", ""
}

func letter(l byte, blank bool) string {
	if blank {
		return string(l + 'a' - 'A')
	}
	return string(l)
}
