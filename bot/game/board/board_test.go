package board

import (
	"testing"

	"github.com/lexico/lexico/bot/game/tile"
)

// A lopsided board: transposing must move (r, c) to (c, r) for tiles and
// premiums alike, and twice is the identity. Symmetric layouts would hide a
// mistake here.
func TestTransposeMovesSquaresAndPremiums(t *testing.T) {
	b := New(5)
	b.Set(0, 3, Square{Letter: 'Q'})
	b.Set(4, 1, Square{Letter: 'Z', Blank: true})
	b.Premiums[2*5+4] = TripleWord
	tr := b.Transpose()
	if tr.At(3, 0).Letter != 'Q' || tr.At(1, 4) != (Square{Letter: 'Z', Blank: true}) {
		t.Fatalf("transpose misplaced tiles:\n%s", tr)
	}
	if tr.PremiumAt(4, 2) != TripleWord || tr.PremiumAt(2, 4) != NoPremium {
		t.Fatal("transpose misplaced the premium")
	}
	var back Board
	tr.TransposeInto(&back)
	if back.String() != b.String() || back.PremiumAt(2, 4) != TripleWord {
		t.Fatalf("transposing twice changed the board:\n%s\nwant\n%s", back.String(), b.String())
	}
}

func TestOffBoardIsEmpty(t *testing.T) {
	b := New(3)
	b.Set(0, 0, Square{Letter: 'A'})
	for _, rc := range [][2]int{{-1, 0}, {0, -1}, {3, 0}, {0, 3}} {
		if b.Occupied(rc[0], rc[1]) {
			t.Fatalf("(%d,%d) off the board reads as occupied", rc[0], rc[1])
		}
	}
	if !b.Occupied(0, 0) || b.TileCount() != 1 || b.IsEmpty() {
		t.Fatal("the one tile is not counted")
	}
}

func TestStringShowsBlanksInLowerCase(t *testing.T) {
	b := New(2)
	b.Set(0, 0, Square{Letter: 'C'})
	b.Set(1, 1, Square{Letter: 'S', Blank: true})
	if got := b.String(); got != "C.\n.s\n" {
		t.Fatalf("String() = %q", got)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	b := New(2)
	c := b.Clone()
	c.Set(0, 0, Square{Letter: 'A'})
	c.Premiums[0] = DoubleWord
	if !b.IsEmpty() || b.Premiums[0] != NoPremium {
		t.Fatal("changing the clone changed the original")
	}
}

// A played blank counts as a blank, not as the letter it shows.
func TestTileCountsCountBlanksAsBlanks(t *testing.T) {
	b := New(5)
	b.Set(2, 0, Square{Letter: 'C'})
	b.Set(2, 1, Square{Letter: 'A', Blank: true})
	b.Set(2, 2, Square{Letter: 'T'})
	b.Set(3, 2, Square{Letter: 'A'})
	got := b.TileCounts()
	want := map[int]int{tile.Index('C'): 1, tile.Index('A'): 1, tile.Index('T'): 1, tile.BlankIndex: 1}
	for i, n := range got {
		if n != want[i] {
			t.Errorf("%c: %d on the board, want %d", tile.Byte(i), n, want[i])
		}
	}
}

// AddedSince gives the tiles a play put down, and refuses a board that is
// not the one before with tiles added.
func TestAddedSince(t *testing.T) {
	before := New(5)
	before.Set(2, 1, Square{Letter: 'A'})
	after := before.Clone()
	after.Set(2, 2, Square{Letter: 'T'})
	after.Set(2, 3, Square{Letter: 'E', Blank: true})
	added, ok := after.AddedSince(before)
	if !ok || added.String() != "T?" && added.String() != "?T" {
		t.Errorf("added %s, %v: want T and a blank", added, ok)
	}
	changed := after.Clone()
	changed.Set(2, 1, Square{Letter: 'B'})
	if _, ok := changed.AddedSince(before); ok {
		t.Error("a tile of the board before changed: want not ok")
	}
	if _, ok := after.AddedSince(New(6)); ok {
		t.Error("boards of two sizes: want not ok")
	}
}
