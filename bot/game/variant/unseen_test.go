package variant

import (
	"errors"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
)

// The board's tiles and the rack's come off the distribution; a played blank
// is a blank, not the letter it shows.
func TestUnseenTakesBoardAndRackOff(t *testing.T) {
	b := Multipliers.NewBoard()
	b.Set(7, 7, board.Square{Letter: 'Q'})
	b.Set(7, 8, board.Square{Letter: 'I', Blank: true})
	rack, _ := tile.ParseRack("EE?")
	left, err := Multipliers.Unseen(b, rack)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		t    byte
		want int
	}{{'Q', 0}, {'I', 9}, {'E', 10}, {tile.Blank, 0}, {'A', 9}} {
		if got := left[tile.Index(c.t)]; got != c.want {
			t.Errorf("%c unseen: %d, want %d", c.t, got, c.want)
		}
	}
	sum := 0
	for _, n := range left {
		sum += n
	}
	if sum != 100-2-3 {
		t.Errorf("%d unseen, want 95", sum)
	}
}

// More of a tile than the set has, on the board and the rack together, is
// refused with the first such tile in tile order and both counts.
func TestUnseenRefusesAnOverCount(t *testing.T) {
	b := Classic.NewBoard()
	b.Set(7, 7, board.Square{Letter: 'Z'})
	b.Set(7, 8, board.Square{Letter: 'X'})
	rack, _ := tile.ParseRack("ZX")
	_, err := Classic.Unseen(b, rack)
	var oc *OverCountError
	if !errors.As(err, &oc) {
		t.Fatalf("two Xs and two Zs in a one-X one-Z set: %v", err)
	}
	if *oc != (OverCountError{Set: "classic", Tile: 'X', Seen: 2, Have: 1}) {
		t.Errorf("got %+v, want the X first: 2 seen, 1 in the set", *oc)
	}
	if _, err := Classic.Unseen(b, tile.Rack{}); err != nil {
		t.Errorf("the board alone: %v", err)
	}
}
