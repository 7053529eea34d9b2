package lingo

import (
	"bytes"
	"errors"
	"testing"
)

// hexBoard puts tiles on a hexagonal board at the seed's names for them
// ("c5": column c, row 5), as the window will name them when the tiles'
// first column is b and first row 3 (a hexagonal window's margin is a
// column and two rows).
func hexBoard(t *testing.T, tiles map[string]byte) *Board {
	t.Helper()
	b := emptyBoard(true)
	for name, l := range tiles {
		x, y := int(name[0]-'a'), int(name[1]-'0')
		if len(name) == 3 {
			y = y*10 + int(name[2]-'0')
		}
		if (x+y)%2 == 0 {
			t.Fatalf("%s is not a cell", name)
		}
		b.Place(centre+(y-x-1)/2, centre+x, l)
	}
	return b
}

// The seed's hexagonal example: Ted plays D and C, forming DIG, DOC and DYE
// for (10 + 12 + 14) x 3 = 108 pts; both tiles are part of DOC.
func TestSeedHexExample(t *testing.T) {
	b := hexBoard(t, map[string]byte{
		"b4": 'F', "d4": 'Y', "e3": 'E', "d6": 'I', "f6": 'W', "c7": 'O', "e7": 'G',
	})
	o := DefaultOptions()
	o.Hex = true
	for _, d := range []Dictionary{dict("DIG", "DOC", "DYE", "DI", "DO"), withGADDAG(dict("DIG", "DOC", "DYE", "DI", "DO"))} {
		m := parse(t, b, "dc5,cc9")
		res, err := Judge(b, rack(t, "DCIETQG"), m, NewLexicon(d), o)
		if err != nil {
			t.Fatalf("%T: Judge: %v", d, err)
		}
		if got := Describe("ted", res); got != "ted made the words DIG, DOC and DYE for a total of (10 + 12 + 14) x 3 = 108 pts." {
			t.Errorf("%T: Describe = %q", d, got)
		}
		// c5 and e5 share no line (e5 is on neither diagonal through c5).
		if _, err := Judge(b, rack(t, "DCIETQG"), parse(t, b, "dc5,ce5"), NewLexicon(d), o); !errors.Is(err, ErrIllegal) {
			t.Errorf("%T: D on c5 with C on e5: %v, want illegal", d, err)
		}
	}
	if _, err := b.ParseMove("dc5,cc8"); !errors.Is(err, ErrNotation) {
		t.Errorf("c8 lies between two cells of column c, yet read: %v", err)
	}
	m := parse(t, b, "dc5,cc9")
	for _, p := range m.Tiles {
		b.Place(p.Row, p.Col, p.Letter)
	}
	var out bytes.Buffer
	Render(&out, b, m)
	want := `     a  b  c  d  e  f  g
   1                      1
   2             __       2
   3    __    __/e \      3
   4   /f \__/y  __/      4
   5   \__ D    /   __    5
   6      \   i \__/w \   6
   7      /o  __ g  __/   7
   8      \  /  \__/      8
   9      /C \            9
  10      \__/            10
  11                      11
     a  b  c  d  e  f  g
`
	if out.String() != want {
		t.Errorf("hexagonal board drawn as\n%s\nwant the seed's\n%s", out.String(), want)
	}
}

func TestHexAdjacencyHasSixNeighbours(t *testing.T) {
	// A lone tile is b3 of a window of 3 columns and 5 rows. Its six
	// neighbours are b1 and b5 (the same column) and a2, a4, c2, c4 (half
	// a row up or down in the next columns); a3, c3, b2 and b4 are no
	// cells at all.
	b := NewBoard('A', true)
	o := DefaultOptions()
	o.Hex = true
	lex := NewLexicon(dict("AT", "TA"))
	if y0, x0, rows, cols := b.Window(); rows != 5 || cols != 3 || b.Name(centre, centre) != "b3" {
		t.Fatalf("window at %d,%d of %d rows and %d columns, the tile on %s", y0, x0, rows, cols, b.Name(centre, centre))
	}
	for _, s := range []string{"tb1", "tb5", "ta2", "ta4", "tc2", "tc4"} {
		if _, err := Judge(b, rack(t, "T"), parse(t, b, s), lex, o); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	for _, s := range []string{"ta3", "tc3", "tb2", "tb4"} {
		if _, err := b.ParseMove(s); err == nil {
			t.Errorf("%s is not a cell of the hexagonal board, yet read", s)
		}
	}
}
