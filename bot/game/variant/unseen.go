package variant

import (
	"fmt"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
)

// Unseen is how many of each tile the holder of rack cannot see on b: v's
// distribution less the tiles on the board and on the rack, indexed by
// tile.Index, a played blank counting as a blank whatever letter it shows.
// These are the tiles in the bag and on the other racks together (with an
// empty rack, every tile not on the board).
//
// When b and rack hold more of a tile than the distribution has, the
// distribution is not the one in play (a gamestate does not say its bag's
// make-up, so the variant built from it guesses; see gamestate.Parse) or the
// board was mistyped. No count is then right, and clamping the tile to zero
// would hand a simulation or a solver a bag that never existed, so Unseen
// returns an *OverCountError naming the first such tile in tile order, and
// each caller decides: the simulation refuses the position
// (montecarlo.ErrUnknownBag, the player keeps its static ranking), the
// board-file solver refuses the file, and the static equity values the
// opponent's rack at nothing when it goes out.
func (v *Variant) Unseen(b *board.Board, rack tile.Rack) ([tile.NumKinds]int, error) {
	left, played := v.Distribution, b.TileCounts()
	for i := range left {
		left[i] -= played[i] + int(rack.Counts[i])
	}
	for i, n := range left {
		if n < 0 {
			return left, &OverCountError{Set: v.Name, Tile: tile.Byte(i), Seen: v.Distribution[i] - n, Have: v.Distribution[i]}
		}
	}
	return left, nil
}

// OverCountError is Unseen's refusal: the board and the rack hold Seen of
// Tile (tile.Blank for blanks) where the set named Set has only Have.
type OverCountError struct {
	Set        string
	Tile       byte
	Seen, Have int
}

func (e *OverCountError) Error() string {
	return fmt.Sprintf("%d %c seen but the %s set has %d", e.Seen, e.Tile, e.Set, e.Have)
}
