package solver

import (
	"errors"
	"fmt"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/quote"
)

// Unseen is the tiles not on the board (variant.Unseen with no rack): the
// rule set's distribution minus every tile played, a played blank counting as
// a blank whatever letter it shows. These are the tiles that may still be in
// the bag or on a rack. A board that shows more of a tile than the game has
// is refused (ErrBoardOverused), naming the tile and both counts: it was
// mistyped, and solving it would mislead.
func Unseen(v *variant.Variant, b *board.Board) ([tile.NumKinds]int, error) {
	left, err := v.Unseen(b, tile.Rack{})
	var oc *variant.OverCountError
	if errors.As(err, &oc) {
		return left, fmt.Errorf("%w: the board shows %s but the %s game has only %d",
			ErrBoardOverused, count(oc.Tile, oc.Seen), v.Name, oc.Have)
	}
	return left, nil
}

// ParseHand reads a hand as tile.ParseRack reads any rack (letters in either
// case; '*', '?' or '_' for a blank) and checks that it holds between 1 and
// v.RackSize tiles.
func ParseHand(s string, v *variant.Variant) (tile.Rack, error) {
	if s == "" {
		return tile.Rack{}, fmt.Errorf("%w: the hand is empty (give letters, '*' for a blank)", ErrHand)
	}
	r, err := tile.ParseRack(s)
	if err != nil {
		return tile.Rack{}, fmt.Errorf("%w: %v", ErrHand, err)
	}
	if r.N > v.RackSize {
		return tile.Rack{}, fmt.Errorf("%w: %s has %d tiles, a %s rack holds %d", ErrHandSize, quote.String(s), r.N, v.Name, v.RackSize)
	}
	return r, nil
}

// CheckHand refuses a hand that holds more of a tile than are unseen: such a
// hand cannot be on a rack, so the plays found for it would be fiction.
func CheckHand(hand tile.Rack, unseen [tile.NumKinds]int, v *variant.Variant) error {
	for i, n := range hand.Counts {
		if int(n) > unseen[i] {
			t := tile.Byte(i)
			onBoard := v.Distribution[i] - unseen[i]
			return fmt.Errorf("%w: the hand holds %s but only %d can still be in a rack (the %s game has %d, the board shows %d)",
				ErrHandNotInBag, count(t, int(n)), unseen[i], v.Name, v.Distribution[i], onBoard)
		}
	}
	return nil
}

// count is how messages name n of a tile: "1 E tile", "3 blanks". A blank
// is named in words, not by a character: a hand may write it '*', '?' or
// '_' and a board file as a lower-case letter, and a message quoting one of
// these would puzzle the user who wrote another.
func count(t byte, n int) string {
	name := fmt.Sprintf("%d %c tile", n, t)
	if t == tile.Blank {
		name = fmt.Sprintf("%d blank", n)
	}
	if n != 1 {
		name += "s"
	}
	return name
}
