package solver

import (
	"fmt"
	"strings"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/variant"
)

// premiumMark is how an empty premium square is drawn (macondo's marks:
// the word premiums are "bars", the letter premiums "quotes").
var premiumMark = [...]byte{
	board.NoPremium:    '.',
	board.DoubleLetter: '\'',
	board.TripleLetter: '"',
	board.DoubleWord:   '-',
	board.TripleWord:   '=',
}

// Draw shows b with m's tiles on it, for a person deciding on a play: row
// and column numbers (0-based, as in the listing), the play's tiles in
// brackets, played blanks in lower case, the empty premium squares, and on
// an empty board the start square ('*'), which on a WWF board carries no
// premium mark. m may be the zero Move to draw the board alone.
func Draw(v *variant.Variant, b *board.Board, m move.Move) string {
	empty := b.IsEmpty()
	var sb strings.Builder
	sb.WriteString("   ")
	for c := 0; c < b.Size; c++ {
		fmt.Fprintf(&sb, "%2d ", c)
	}
	sb.WriteByte('\n')
	for r := 0; r < b.Size; r++ {
		fmt.Fprintf(&sb, "%2d ", r)
		for c := 0; c < b.Size; c++ {
			sb.WriteString(cell(b, m, r, c, empty && r == v.StartRow && c == v.StartCol))
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("[X] the play's tiles; lower case: a blank; * start; empty premiums: = TW  - DW  \" TL  ' DL\n")
	return sb.String()
}

// cell draws one square; start marks the start square of an empty board.
func cell(b *board.Board, m move.Move, r, c int, start bool) string {
	for _, t := range m.Tiles {
		if t.Row == r && t.Col == c {
			return "[" + letter(t.Letter, t.Blank) + "]"
		}
	}
	s := b.At(r, c)
	if start {
		return " * "
	}
	if s.Empty() {
		return " " + string(premiumMark[b.PremiumAt(r, c)]) + " "
	}
	return " " + letter(s.Letter, s.Blank) + " "
}

func letter(l byte, blank bool) string {
	if blank {
		l += 'a' - 'A'
	}
	return string(l)
}
