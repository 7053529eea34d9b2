package board

import (
	"fmt"
	"io"
	"strings"
)

// PremiumMarks is how an uncovered premium square is drawn.
type PremiumMarks uint8

const (
	// PremiumNames writes TW, DW, TL and DL, readable without a legend.
	PremiumNames PremiumMarks = iota
	// PremiumSymbols writes macondo's one-character marks, = TW, - DW,
	// " TL, ' DL, for people used to macondo's boards.
	PremiumSymbols
)

// Highlight is a tile drawn in brackets, over whatever b holds on its
// square: a play's tiles can be shown before they are on the board.
type Highlight struct {
	Row, Col int
	Square
}

// DrawOptions says how Board.Draw draws; the zero value is a plain board
// with premiums named TW, DW, TL, DL.
type DrawOptions struct {
	// Premiums picks how uncovered premium squares are marked.
	Premiums PremiumMarks
	// Highlights are the tiles to set apart, usually a move's, so the reader
	// sees what was (or would be) played.
	Highlights []Highlight
	// Colour adds ANSI colours to premiums and highlights; it is for
	// terminals only, as the escape codes garble files and logs.
	Colour bool
	// MarkStart draws '*' on (StartRow, StartCol) while the board is empty:
	// the first play must cover that square, and not every layout gives it a
	// premium that would show where it is.
	MarkStart          bool
	StartRow, StartCol int
	// Legend adds a line explaining the marks, for readers new to them.
	Legend bool
}

// ANSI styles for DrawOptions.Colour.
const (
	ansiReset     = "\x1b[0m"
	ansiHighlight = "\x1b[1;30;43m" // bold black on yellow
)

var premiumColour = [...]string{
	DoubleLetter: "\x1b[36m",
	TripleLetter: "\x1b[34m",
	DoubleWord:   "\x1b[35m",
	TripleWord:   "\x1b[31m",
}

// Two-character names sit in columns 1-2 of a square; the plain square's dot
// is written " ." so it lines up under the names' second letter, where
// letters stand.
var premiumNames = [...]string{NoPremium: " .", DoubleLetter: "DL", TripleLetter: "TL", DoubleWord: "DW", TripleWord: "TW"}

var premiumSymbols = [...]string{NoPremium: ".", DoubleLetter: "'", TripleLetter: "\"", DoubleWord: "-", TripleWord: "="}

// Draw writes b as text, top row first, with rows and columns labelled as
// squares are named (SquareName: columns A, B, ... above, rows 1, 2, ... at
// both sides), so the squares a reader finds on the drawing are the ones the
// listings and messages name. Tiles show their letter, played blanks in lower
// case; empty squares show their premium; highlighted tiles are in brackets.
func (b *Board) Draw(w io.Writer, opt DrawOptions) error {
	start := opt.MarkStart && b.IsEmpty()
	var sb strings.Builder
	sb.WriteString("    ")
	for c := 0; c < b.Size; c++ {
		fmt.Fprintf(&sb, "  %c ", ColumnName(c))
	}
	sb.WriteByte('\n')
	for r := 0; r < b.Size; r++ {
		fmt.Fprintf(&sb, "%3d ", RowName(r))
		for c := 0; c < b.Size; c++ {
			b.writeSquare(&sb, opt, r, c, start && r == opt.StartRow && c == opt.StartCol)
		}
		fmt.Fprintf(&sb, "%d\n", RowName(r))
	}
	if opt.Legend {
		sb.WriteString("[X] the play's tiles; lower case: a blank")
		if opt.MarkStart {
			sb.WriteString("; * start")
		}
		if opt.Premiums == PremiumSymbols {
			sb.WriteString("; empty premiums: = TW  - DW  \" TL  ' DL")
		}
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// writeSquare writes one square four characters wide: a letter in column 2
// with brackets either side of it when highlighted, a premium's name in
// columns 1-2 (its symbol in column 2). start says the square carries the
// start mark.
func (b *Board) writeSquare(sb *strings.Builder, opt DrawOptions, r, c int, start bool) {
	var text, style string
	h, highlighted := opt.highlightAt(r, c)
	switch s, premium := b.At(r, c), b.PremiumAt(r, c); {
	case highlighted:
		text, style = " ["+h.drawnLetter()+"]", ansiHighlight
	case start:
		text = "  * "
	case !s.Empty():
		text = "  " + s.drawnLetter() + " "
	case opt.Premiums == PremiumSymbols:
		text, style = "  "+premiumSymbols[premium]+" ", premiumColour[premium]
	default:
		text, style = " "+premiumNames[premium]+" ", premiumColour[premium]
	}
	if opt.Colour && style != "" {
		text = style + text + ansiReset
	}
	sb.WriteString(text)
}

// highlightAt is the first highlight on (r, c), if any.
func (opt DrawOptions) highlightAt(r, c int) (Highlight, bool) {
	for _, h := range opt.Highlights {
		if h.Row == r && h.Col == c {
			return h, true
		}
	}
	return Highlight{}, false
}

// drawnLetter is the square's letter as drawn: lower case for a played blank.
func (s Square) drawnLetter() string {
	if s.Blank {
		return string(s.Letter + 'a' - 'A')
	}
	return string(s.Letter)
}
