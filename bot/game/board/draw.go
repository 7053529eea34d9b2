package board

import (
	"fmt"
	"io"
	"strings"
)

// Coordinates is how a drawing labels rows and columns: each reader of a
// board names its squares their own way, and the labels must match the names
// they type or read elsewhere.
type Coordinates uint8

const (
	// RowCol numbers rows and columns from 0 at the top left: the engine's
	// (Row, Col), as the solver lists its plays.
	RowCol Coordinates = iota
	// PlatformXY numbers columns x from 0 at the left and rows y from 0 at
	// the bottom, so the top row is Size-1: the coordinates of the platform's
	// gamestates and moves.
	PlatformXY
	// LettersNumbers letters columns from A and numbers rows from 1 at the
	// top, the way people type moves (GCG). Squares are a character wider and
	// the row number is repeated at the right, for someone playing at a
	// terminal.
	LettersNumbers
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
// with 0-based row and column numbers and premiums named TW, DW, TL, DL.
type DrawOptions struct {
	// Coordinates picks the row and column labels to match the reader.
	Coordinates Coordinates
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
// is written " ." so it lines up under the names' second letter.
var premiumNames = [...]string{NoPremium: " .", DoubleLetter: "DL", TripleLetter: "TL", DoubleWord: "DW", TripleWord: "TW"}

var premiumSymbols = [...]string{NoPremium: ".", DoubleLetter: "'", TripleLetter: "\"", DoubleWord: "-", TripleWord: "="}

// Draw writes b as text, top row first, with labelled rows and columns. Tiles
// show their letter, played blanks in lower case; empty squares show their
// premium; highlighted tiles are in brackets.
func (b *Board) Draw(w io.Writer, opt DrawOptions) error {
	width := 3
	if opt.Coordinates == LettersNumbers {
		width = 4
	}
	start := opt.MarkStart && b.IsEmpty()
	var sb strings.Builder
	opt.writeColumnLabels(&sb, b.Size)
	for r := 0; r < b.Size; r++ {
		opt.writeRowLabel(&sb, b.Size, r)
		for c := 0; c < b.Size; c++ {
			b.writeSquare(&sb, opt, width, r, c, start && r == opt.StartRow && c == opt.StartCol)
		}
		if opt.Coordinates == LettersNumbers {
			fmt.Fprintf(&sb, "%d", r+1)
		}
		sb.WriteByte('\n')
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

func (opt DrawOptions) writeColumnLabels(sb *strings.Builder, size int) {
	switch opt.Coordinates {
	case PlatformXY:
		sb.WriteString("    ")
		for x := 0; x < size; x++ {
			fmt.Fprintf(sb, "%3d", x)
		}
	case LettersNumbers:
		sb.WriteString("    ")
		for c := 0; c < size; c++ {
			fmt.Fprintf(sb, "  %c ", 'A'+c)
		}
	default:
		sb.WriteString("   ")
		for c := 0; c < size; c++ {
			fmt.Fprintf(sb, "%2d ", c)
		}
	}
	sb.WriteByte('\n')
}

func (opt DrawOptions) writeRowLabel(sb *strings.Builder, size, r int) {
	switch opt.Coordinates {
	case PlatformXY:
		_, y := ToPlatform(size, r, 0)
		fmt.Fprintf(sb, "%3d ", y)
	case LettersNumbers:
		fmt.Fprintf(sb, "%3d ", r+1)
	default:
		fmt.Fprintf(sb, "%2d ", r)
	}
}

// writeSquare writes one square width characters wide. A letter stands in
// column width-2 with brackets either side of it; two-character premium
// names fill columns 1-2. start says the square carries the start mark.
func (b *Board) writeSquare(sb *strings.Builder, opt DrawOptions, width, r, c int, start bool) {
	const spaces = "  "
	lead := spaces[:width-2]
	var text, style string
	h, highlighted := opt.highlightAt(r, c)
	switch s, premium := b.At(r, c), b.PremiumAt(r, c); {
	case highlighted:
		text, style = lead[1:]+"["+h.drawnLetter()+"]", ansiHighlight
	case start:
		text = lead + "* "
	case !s.Empty():
		text = lead + s.drawnLetter() + " "
	case opt.Premiums == PremiumSymbols:
		text, style = lead+premiumSymbols[premium]+" ", premiumColour[premium]
	default:
		text, style = " "+premiumNames[premium]+spaces[:width-3], premiumColour[premium]
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
