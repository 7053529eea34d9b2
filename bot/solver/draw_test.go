package solver

import (
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

func TestDraw(t *testing.T) {
	v := variant.WWF
	b := v.NewBoard()
	lines := strings.Split(Draw(v, b, move.Move{}), "\n")
	// Header, 15 rows, legend.
	if len(lines) != 18 || lines[17] != "" {
		t.Fatalf("drawing has %d lines:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	row := func(r int) string { return lines[1+r][3:] }
	// Cells are three characters wide: column c is at 3c+1.
	if got := row(7)[3*7+1]; got != '*' {
		t.Errorf("centre of the empty board drawn %q, want the start mark", got)
	}
	if got := row(0)[3*3+1]; got != '=' {
		t.Errorf("(0,3) drawn %q, want the TW mark", got)
	}
	m := move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: 7, Col: 7, Letter: 'H'}, {Row: 7, Col: 8, Letter: 'I', Blank: true}}}
	lines = strings.Split(Draw(v, b, m), "\n")
	if got := row(7)[3*7 : 3*9]; got != "[H][i]" {
		t.Errorf("play drawn as %q, want [H][i]", got)
	}
}
