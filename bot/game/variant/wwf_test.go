package variant

import (
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
)

// The totals below are the ones the sources in data/wwf/README.md state, so a
// mistyped square or count in wwf.go fails here.

func TestWWFRegistered(t *testing.T) {
	v, err := ByName("WWF")
	if err != nil {
		t.Fatal(err)
	}
	if v != WWF {
		t.Fatalf("ByName(WWF) returned %q, not the WWF variant", v.Name)
	}
}

func TestWWFBag(t *testing.T) {
	if got := WWF.TotalTiles(); got != 104 {
		t.Errorf("WWF bag holds %d tiles, want 104", got)
	}
	if got := WWF.Distribution[tile.BlankIndex]; got != 2 {
		t.Errorf("WWF has %d blanks, want 2", got)
	}
	for l := byte('A'); l <= 'Z'; l++ {
		if WWF.Distribution[tile.Index(l)] < 1 {
			t.Errorf("WWF has no %c tile", l)
		}
		if WWF.Values[tile.Index(l)] < 1 {
			t.Errorf("WWF %c is worth %d", l, WWF.Values[tile.Index(l)])
		}
	}
	if WWF.Values[tile.BlankIndex] != 0 {
		t.Errorf("WWF blank is worth %d, want 0", WWF.Values[tile.BlankIndex])
	}
	// Sum of the values over the whole bag (blanks 0): a typo in either
	// table moves it. Source lists give 13 E, 9 A ... and E1, A1 ... .
	sum := 0
	for i, n := range WWF.Distribution {
		sum += n * WWF.Values[i]
	}
	if sum != 220 {
		t.Errorf("WWF bag is worth %d points in all, want 220", sum)
	}
	if WWF.RackSize != 7 || WWF.BingoBonus != 35 {
		t.Errorf("WWF rack %d bingo %d, want 7 and 35", WWF.RackSize, WWF.BingoBonus)
	}
}

func TestWWFLayout(t *testing.T) {
	n := WWF.Size
	if n != 15 || len(WWF.Layout) != n*n {
		t.Fatalf("WWF board %d with %d squares", n, len(WWF.Layout))
	}
	at := func(r, c int) board.Premium { return WWF.Layout[r*n+c] }
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			p := at(r, c)
			if at(c, r) != p || at(r, n-1-c) != p || at(n-1-r, c) != p {
				t.Errorf("WWF layout not symmetric at (%d,%d)", r, c)
			}
		}
	}
	var kinds [5]int
	for _, p := range WWF.Layout {
		kinds[p]++
	}
	want := map[board.Premium]int{board.TripleWord: 8, board.DoubleWord: 12, board.TripleLetter: 16, board.DoubleLetter: 24}
	for p, w := range want {
		if kinds[p] != w {
			t.Errorf("WWF has %d squares of premium %d, want %d", kinds[p], p, w)
		}
	}
	if WWF.StartRow != 7 || WWF.StartCol != 7 {
		t.Errorf("WWF starts at (%d,%d), want the centre (7,7)", WWF.StartRow, WWF.StartCol)
	}
	if at(7, 7) != board.NoPremium {
		t.Errorf("WWF centre star carries premium %d, want none", at(7, 7))
	}
	// The feature that tells the board apart from the crossword game's:
	// triple words three squares in from the corners, not on them.
	if at(0, 0) != board.NoPremium || at(0, 3) != board.TripleWord || at(3, 0) != board.TripleWord {
		t.Errorf("WWF triple-word squares misplaced: (0,0)=%d (0,3)=%d (3,0)=%d", at(0, 0), at(0, 3), at(3, 0))
	}
}
