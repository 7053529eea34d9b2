package board_test

import (
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/variant"
)

// The expected drawings hold each reader's view to the byte: every command
// labels columns A, B, ... and rows 1, 2, ... from the top, the names its
// listings and messages give squares. They are written as cat -A shows them,
// ^[ for ESC and $ at each line's end, so colour codes are legible and
// trailing spaces survive editors.

// smallBoard is 5x5 with every kind of premium, a played blank and tiles
// in the first and last columns: the edges where labels and squares meet.
func smallBoard() *board.Board {
	b := board.New(5)
	for _, p := range []struct {
		r, c    int
		premium board.Premium
	}{
		{0, 0, board.TripleWord}, {0, 2, board.DoubleLetter}, {0, 4, board.TripleWord},
		{1, 1, board.DoubleWord}, {1, 3, board.TripleLetter}, {2, 2, board.DoubleWord},
		{3, 1, board.TripleLetter}, {3, 3, board.DoubleLetter}, {4, 0, board.DoubleWord}, {4, 4, board.TripleWord},
	} {
		b.Premiums[p.r*5+p.c] = p.premium
	}
	b.Set(2, 1, board.Square{Letter: 'A'})
	b.Set(2, 2, board.Square{Letter: 'X', Blank: true})
	b.Set(2, 3, board.Square{Letter: 'E'})
	return b
}

// smallPlay makes mAxES, a blank M in column 0 and an S in the last column.
var smallPlay = []board.Highlight{
	{Row: 2, Col: 0, Square: board.Square{Letter: 'M', Blank: true}},
	{Row: 2, Col: 4, Square: board.Square{Letter: 'S'}},
}

// midBoard is a standard 15x15 board with HOuSE across the middle, TREE
// down through its E and a Z in the top right corner.
func midBoard() *board.Board {
	b := board.WithLayout(15, variant.StandardLayout)
	for i, l := range "HOUSE" {
		b.Set(7, 5+i, board.Square{Letter: byte(l), Blank: l == 'U'})
	}
	for i, l := range "TRE" {
		b.Set(4+i, 9, board.Square{Letter: byte(l)})
	}
	b.Set(0, 14, board.Square{Letter: 'Z'})
	return b
}

// midPlay is CaT on row 8, on squares still empty in midBoard.
var midPlay = []board.Highlight{
	{Row: 8, Col: 4, Square: board.Square{Letter: 'C'}},
	{Row: 8, Col: 5, Square: board.Square{Letter: 'A', Blank: true}},
	{Row: 8, Col: 6, Square: board.Square{Letter: 'T'}},
}

// played is b with the highlighted tiles put on it: the human player sees
// the opponent's move already on the board.
func played(b *board.Board, hs []board.Highlight) *board.Board {
	b = b.Clone()
	for _, h := range hs {
		b.Set(h.Row, h.Col, h.Square)
	}
	return b
}

// solverOptions are the solver's: macondo's marks, the start square and the
// legend.
func solverOptions(start int, hs []board.Highlight) board.DrawOptions {
	return board.DrawOptions{Premiums: board.PremiumSymbols, Highlights: hs,
		MarkStart: true, StartRow: start, StartCol: start, Legend: true}
}

func TestDraw(t *testing.T) {
	standard := board.WithLayout(15, variant.StandardLayout)
	opening := []board.Highlight{
		{Row: 7, Col: 7, Square: board.Square{Letter: 'A'}},
		{Row: 7, Col: 8, Square: board.Square{Letter: 'B', Blank: true}},
	}
	for _, tc := range []struct {
		name string
		b    *board.Board
		opt  board.DrawOptions
		want string
	}{
		// lexico-bot run --board: the chosen play not yet on the board.
		{"run, a play on empty squares", midBoard(),
			board.DrawOptions{Highlights: midPlay}, `
      A   B   C   D   E   F   G   H   I   J   K   L   M   N   O $
  1  TW   .   .  DL   .   .   .  TW   .   .   .  DL   .   .   Z 1$
  2   .  DW   .   .   .  TL   .   .   .  TL   .   .   .  DW   . 2$
  3   .   .  DW   .   .   .  DL   .  DL   .   .   .  DW   .   . 3$
  4  DL   .   .  DW   .   .   .  DL   .   .   .  DW   .   .  DL 4$
  5   .   .   .   .  DW   .   .   .   .   T  DW   .   .   .   . 5$
  6   .  TL   .   .   .  TL   .   .   .   R   .   .   .  TL   . 6$
  7   .   .  DL   .   .   .  DL   .  DL   E   .   .  DL   .   . 7$
  8  TW   .   .  DL   .   H   O   u   S   E   .  DL   .   .  TW 8$
  9   .   .  DL   .  [C] [a] [T]  .  DL   .   .   .  DL   .   . 9$
 10   .  TL   .   .   .  TL   .   .   .  TL   .   .   .  TL   . 10$
 11   .   .   .   .  DW   .   .   .   .   .  DW   .   .   .   . 11$
 12  DL   .   .  DW   .   .   .  DL   .   .   .  DW   .   .  DL 12$
 13   .   .  DW   .   .   .  DL   .  DL   .   .   .  DW   .   . 13$
 14   .  DW   .   .   .  TL   .   .   .  TL   .   .   .  DW   . 14$
 15  TW   .   .  DL   .   .   .  TW   .   .   .  DL   .   .  TW 15$
`},
		// The human player: letters across, numbers down, the opponent's
		// last move on the board and marked.
		{"human, the last move marked", played(midBoard(), midPlay),
			board.DrawOptions{Highlights: midPlay}, `
      A   B   C   D   E   F   G   H   I   J   K   L   M   N   O $
  1  TW   .   .  DL   .   .   .  TW   .   .   .  DL   .   .   Z 1$
  2   .  DW   .   .   .  TL   .   .   .  TL   .   .   .  DW   . 2$
  3   .   .  DW   .   .   .  DL   .  DL   .   .   .  DW   .   . 3$
  4  DL   .   .  DW   .   .   .  DL   .   .   .  DW   .   .  DL 4$
  5   .   .   .   .  DW   .   .   .   .   T  DW   .   .   .   . 5$
  6   .  TL   .   .   .  TL   .   .   .   R   .   .   .  TL   . 6$
  7   .   .  DL   .   .   .  DL   .  DL   E   .   .  DL   .   . 7$
  8  TW   .   .  DL   .   H   O   u   S   E   .  DL   .   .  TW 8$
  9   .   .  DL   .  [C] [a] [T]  .  DL   .   .   .  DL   .   . 9$
 10   .  TL   .   .   .  TL   .   .   .  TL   .   .   .  TL   . 10$
 11   .   .   .   .  DW   .   .   .   .   .  DW   .   .   .   . 11$
 12  DL   .   .  DW   .   .   .  DL   .   .   .  DW   .   .  DL 12$
 13   .   .  DW   .   .   .  DL   .  DL   .   .   .  DW   .   . 13$
 14   .  DW   .   .   .  TL   .   .   .  TL   .   .   .  DW   . 14$
 15  TW   .   .  DL   .   .   .  TW   .   .   .  DL   .   .  TW 15$
`},
		{"human, empty board", standard,
			board.DrawOptions{}, `
      A   B   C   D   E   F   G   H   I   J   K   L   M   N   O $
  1  TW   .   .  DL   .   .   .  TW   .   .   .  DL   .   .  TW 1$
  2   .  DW   .   .   .  TL   .   .   .  TL   .   .   .  DW   . 2$
  3   .   .  DW   .   .   .  DL   .  DL   .   .   .  DW   .   . 3$
  4  DL   .   .  DW   .   .   .  DL   .   .   .  DW   .   .  DL 4$
  5   .   .   .   .  DW   .   .   .   .   .  DW   .   .   .   . 5$
  6   .  TL   .   .   .  TL   .   .   .  TL   .   .   .  TL   . 6$
  7   .   .  DL   .   .   .  DL   .  DL   .   .   .  DL   .   . 7$
  8  TW   .   .  DL   .   .   .  DW   .   .   .  DL   .   .  TW 8$
  9   .   .  DL   .   .   .  DL   .  DL   .   .   .  DL   .   . 9$
 10   .  TL   .   .   .  TL   .   .   .  TL   .   .   .  TL   . 10$
 11   .   .   .   .  DW   .   .   .   .   .  DW   .   .   .   . 11$
 12  DL   .   .  DW   .   .   .  DL   .   .   .  DW   .   .  DL 12$
 13   .   .  DW   .   .   .  DL   .  DL   .   .   .  DW   .   . 13$
 14   .  DW   .   .   .  TL   .   .   .  TL   .   .   .  DW   . 14$
 15  TW   .   .  DL   .   .   .  TW   .   .   .  DL   .   .  TW 15$
`},
		{"human, nothing marked", smallBoard(),
			board.DrawOptions{}, `
      A   B   C   D   E $
  1  TW   .  DL   .  TW 1$
  2   .  DW   .  TL   . 2$
  3   .   A   x   E   . 3$
  4   .  TL   .  DL   . 4$
  5  DW   .   .   .  TW 5$
`},
		{"human, small board", played(smallBoard(), smallPlay),
			board.DrawOptions{Highlights: smallPlay}, `
      A   B   C   D   E $
  1  TW   .  DL   .  TW 1$
  2   .  DW   .  TL   . 2$
  3  [m]  A   x   E  [S]3$
  4   .  TL   .  DL   . 4$
  5  DW   .   .   .  TW 5$
`},
		{"human, colour", played(smallBoard(), smallPlay),
			board.DrawOptions{Highlights: smallPlay, Colour: true}, `
      A   B   C   D   E $
  1 ^[[31m TW ^[[0m  . ^[[36m DL ^[[0m  . ^[[31m TW ^[[0m1$
  2   . ^[[35m DW ^[[0m  . ^[[34m TL ^[[0m  . 2$
  3 ^[[1;30;43m [m]^[[0m  A   x   E ^[[1;30;43m [S]^[[0m3$
  4   . ^[[34m TL ^[[0m  . ^[[36m DL ^[[0m  . 4$
  5 ^[[35m DW ^[[0m  .   .   . ^[[31m TW ^[[0m5$
`},

		// lexico-bot solve: macondo's marks, the start square, the legend.
		{"solver, empty WWF board: the start square has no premium but a star", board.WithLayout(15, variant.WWFLayout),
			solverOptions(7, nil), `
      A   B   C   D   E   F   G   H   I   J   K   L   M   N   O $
  1   .   .   .   =   .   .   "   .   "   .   .   =   .   .   . 1$
  2   .   .   '   .   .   -   .   .   .   -   .   .   '   .   . 2$
  3   .   '   .   .   '   .   .   .   .   .   '   .   .   '   . 3$
  4   =   .   .   "   .   .   .   -   .   .   .   "   .   .   = 4$
  5   .   .   '   .   .   .   '   .   '   .   .   .   '   .   . 5$
  6   .   -   .   .   .   "   .   .   .   "   .   .   .   -   . 6$
  7   "   .   .   .   '   .   .   .   .   .   '   .   .   .   " 7$
  8   .   .   .   -   .   .   .   *   .   .   .   -   .   .   . 8$
  9   "   .   .   .   '   .   .   .   .   .   '   .   .   .   " 9$
 10   .   -   .   .   .   "   .   .   .   "   .   .   .   -   . 10$
 11   .   .   '   .   .   .   '   .   '   .   .   .   '   .   . 11$
 12   =   .   .   "   .   .   .   -   .   .   .   "   .   .   = 12$
 13   .   '   .   .   '   .   .   .   .   .   '   .   .   '   . 13$
 14   .   .   '   .   .   -   .   .   .   -   .   .   '   .   . 14$
 15   .   .   .   =   .   .   "   .   "   .   .   =   .   .   . 15$
[X] the play's tiles; lower case: a blank; * start; empty premiums: = TW  - DW  " TL  ' DL$
`},
		{"solver, an opening covers the star on a board without premiums", board.New(15),
			solverOptions(7, opening), `
      A   B   C   D   E   F   G   H   I   J   K   L   M   N   O $
  1   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 1$
  2   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 2$
  3   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 3$
  4   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 4$
  5   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 5$
  6   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 6$
  7   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 7$
  8   .   .   .   .   .   .   .  [A] [b]  .   .   .   .   .   . 8$
  9   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 9$
 10   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 10$
 11   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 11$
 12   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 12$
 13   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 13$
 14   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 14$
 15   .   .   .   .   .   .   .   .   .   .   .   .   .   .   . 15$
[X] the play's tiles; lower case: a blank; * start; empty premiums: = TW  - DW  " TL  ' DL$
`},
		{"solver, no star once tiles are down", midBoard(),
			solverOptions(7, midPlay), `
      A   B   C   D   E   F   G   H   I   J   K   L   M   N   O $
  1   =   .   .   '   .   .   .   =   .   .   .   '   .   .   Z 1$
  2   .   -   .   .   .   "   .   .   .   "   .   .   .   -   . 2$
  3   .   .   -   .   .   .   '   .   '   .   .   .   -   .   . 3$
  4   '   .   .   -   .   .   .   '   .   .   .   -   .   .   ' 4$
  5   .   .   .   .   -   .   .   .   .   T   -   .   .   .   . 5$
  6   .   "   .   .   .   "   .   .   .   R   .   .   .   "   . 6$
  7   .   .   '   .   .   .   '   .   '   E   .   .   '   .   . 7$
  8   =   .   .   '   .   H   O   u   S   E   .   '   .   .   = 8$
  9   .   .   '   .  [C] [a] [T]  .   '   .   .   .   '   .   . 9$
 10   .   "   .   .   .   "   .   .   .   "   .   .   .   "   . 10$
 11   .   .   .   .   -   .   .   .   .   .   -   .   .   .   . 11$
 12   '   .   .   -   .   .   .   '   .   .   .   -   .   .   ' 12$
 13   .   .   -   .   .   .   '   .   '   .   .   .   -   .   . 13$
 14   .   -   .   .   .   "   .   .   .   "   .   .   .   -   . 14$
 15   =   .   .   '   .   .   .   =   .   .   .   '   .   .   = 15$
[X] the play's tiles; lower case: a blank; * start; empty premiums: = TW  - DW  " TL  ' DL$
`},
		{"solver, empty small board", board.WithLayout(5, smallBoard().Premiums),
			solverOptions(2, nil), `
      A   B   C   D   E $
  1   =   .   '   .   = 1$
  2   .   -   .   "   . 2$
  3   .   .   *   .   . 3$
  4   .   "   .   '   . 4$
  5   -   .   .   .   = 5$
[X] the play's tiles; lower case: a blank; * start; empty premiums: = TW  - DW  " TL  ' DL$
`},
		{"solver, small board", smallBoard(),
			solverOptions(2, smallPlay), `
      A   B   C   D   E $
  1   =   .   '   .   = 1$
  2   .   -   .   "   . 2$
  3  [m]  A   x   E  [S]3$
  4   .   "   .   '   . 4$
  5   -   .   .   .   = 5$
[X] the play's tiles; lower case: a blank; * start; empty premiums: = TW  - DW  " TL  ' DL$
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var sb strings.Builder
			if err := tc.b.Draw(&sb, tc.opt); err != nil {
				t.Fatal(err)
			}
			got := strings.NewReplacer("\x1b", "^[", "\n", "$\n").Replace(sb.String())
			if want := tc.want[1:]; got != want {
				t.Errorf("drew\n%s\nwant\n%s", got, want)
			}
		})
	}
}
