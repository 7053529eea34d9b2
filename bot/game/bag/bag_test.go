package bag

import (
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/game/tile"
)

// dist is a small set: three A, one B, two blanks.
func dist() []int {
	d := make([]int, tile.NumKinds)
	d[0], d[1], d[tile.BlankIndex] = 3, 1, 2
	return d
}

func count(tiles []byte) map[byte]int {
	c := map[byte]int{}
	for _, t := range tiles {
		c[t]++
	}
	return c
}

func TestShuffledHoldsTheDistributionAndDependsOnlyOnTheSeed(t *testing.T) {
	a, b, c := Shuffled(dist(), 7), Shuffled(dist(), 7), Shuffled(dist(), 8)
	if got := count(a.Tiles()); got['A'] != 3 || got['B'] != 1 || got[tile.Blank] != 2 || len(got) != 3 {
		t.Fatalf("Shuffled tiles %q: want AAAB and two blanks", a.Tiles())
	}
	if !slices.Equal(a.Tiles(), b.Tiles()) {
		t.Errorf("seed 7 twice: %q and %q", a.Tiles(), b.Tiles())
	}
	// 60 orders of six tiles with repeats: a few seeds must not all agree.
	differ := !slices.Equal(a.Tiles(), c.Tiles())
	for s := uint64(9); !differ && s < 20; s++ {
		x := Shuffled(dist(), s)
		differ = !slices.Equal(a.Tiles(), x.Tiles())
	}
	if !differ {
		t.Error("every seed gives the same order: the bag is not shuffled")
	}
}

func TestFillDrawsFromTheEndAndUnfillTakesItBack(t *testing.T) {
	var b Bag
	b.Deal([]byte("ABCDE"))
	var r tile.Rack
	r.Add('Z')
	drawn := b.Fill(&r, 3) // two to draw: E then D
	if string(drawn) != "DE" || r.N != 3 || r.Count('E') != 1 || r.Count('D') != 1 || string(b.Tiles()) != "ABC" {
		t.Fatalf("Fill to 3 of ZABCDE's bag: drew %q, rack %v, bag %q", drawn, r, b.Tiles())
	}
	b.Unfill(drawn)
	if string(b.Tiles()) != "ABCDE" {
		t.Errorf("after Unfill the bag is %q, want ABCDE", b.Tiles())
	}
	r = tile.Rack{}
	if drawn := b.Fill(&r, 9); len(drawn) != 5 || b.Len() != 0 {
		t.Errorf("Fill beyond the bag drew %q and left %d", drawn, b.Len())
	}
	if _, ok := b.Draw(); ok {
		t.Error("Draw from an empty bag reported a tile")
	}
}

func TestPutBackUnderAGuessedBagAndShufflesARealOne(t *testing.T) {
	var g Bag
	g.Deal([]byte("ABC"))
	g.PutBack([]byte("XY"))
	if string(g.Tiles()) != "XYABC" {
		t.Errorf("a guessed bag after PutBack(XY) is %q, want XYABC: returned tiles drawn last", g.Tiles())
	}

	r := Shuffled(dist(), 3)
	m := r.Mark()
	before := slices.Clone(r.Tiles())
	r.PutBack([]byte("ZZ"))
	if got := count(r.Tiles()); got['Z'] != 2 || r.Len() != len(before)+2 {
		t.Fatalf("a real bag after PutBack(ZZ) holds %q", r.Tiles())
	}
	// Restore with the mark taken before gives the bag and its generator
	// back: the same put-back then reorders it the same way.
	after := slices.Clone(r.Tiles())
	r.Restore(before, m)
	if !slices.Equal(r.Tiles(), before) {
		t.Fatalf("Restore: %q, want %q", r.Tiles(), before)
	}
	r.PutBack([]byte("ZZ"))
	if !slices.Equal(r.Tiles(), after) {
		t.Errorf("PutBack after Restore: %q, want %q as the first time", r.Tiles(), after)
	}
}

func TestUnknownBagAndCopy(t *testing.T) {
	u := Unknown(4, 7)
	if u.Known() || u.Len() != 4 {
		t.Errorf("Unknown(4): known %v, len %d", u.Known(), u.Len())
	}
	if e := Unknown(0, 7); !e.Known() {
		t.Error("an empty bag's order is known")
	}
	u.Deal([]byte("WXYZ"))
	if !u.Known() {
		t.Error("a dealt bag's order is known")
	}
	var c Bag
	c.CopyFrom(&u)
	c.Draw()
	if string(u.Tiles()) != "WXYZ" || string(c.Tiles()) != "WXY" {
		t.Errorf("a copy shares storage with its source: source %q, copy %q", u.Tiles(), c.Tiles())
	}
}
