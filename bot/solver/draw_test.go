package solver

import (
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

// The drawing labels squares as the listing names them: the square a reader
// finds under column H on row 8 is H8, the start square.
func TestDraw(t *testing.T) {
	v := variant.WWF
	b := v.NewBoard()
	lines := strings.Split(Draw(v, b, move.Move{}), "\n")
	// Header, 15 rows, legend.
	if len(lines) != 18 || lines[17] != "" {
		t.Fatalf("drawing has %d lines:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	// at is what stands under column letter col on the row labelled row.
	at := func(lines []string, col byte, row string) byte {
		x := strings.IndexByte(lines[0], col)
		for _, l := range lines[1:] {
			if f := strings.Fields(l); len(f) > 0 && f[0] == row && x < len(l) {
				return l[x]
			}
		}
		t.Fatalf("no row %s under column %c:\n%s", row, col, strings.Join(lines, "\n"))
		return 0
	}
	if got := at(lines, 'H', "8"); got != '*' {
		t.Errorf("H8 on the empty board drawn %q, want the start mark", got)
	}
	if got := at(lines, 'D', "1"); got != '=' {
		t.Errorf("D1 drawn %q, want the TW mark", got)
	}
	if !strings.HasSuffix(lines[8], " 8") || !strings.HasPrefix(lines[1], "  1 ") || !strings.HasPrefix(lines[15], " 15 ") {
		t.Errorf("rows not numbered 1-15 from the top:\n%s", strings.Join(lines, "\n"))
	}
	m := move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: 7, Col: 7, Letter: 'H'}, {Row: 7, Col: 8, Letter: 'I', Blank: true}}}
	lines = strings.Split(Draw(v, b, m), "\n")
	if h, i := at(lines, 'H', "8"), at(lines, 'I', "8"); h != 'H' || i != 'i' {
		t.Errorf("the play's tiles at H8 and I8 drawn %q and %q, want H and the blank i:\n%s", h, i, strings.Join(lines, "\n"))
	}
}
