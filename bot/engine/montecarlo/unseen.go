package montecarlo

import (
	"errors"
	"fmt"

	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// Unseen is the tiles the mover cannot see (variant.Unseen: the variant's
// distribution less the board and the mover's rack, that is the bag and the
// opponent's rack together), in tile order. It is an ErrUnknownBag error when
// the board and rack hold more of a tile than the distribution has, or when
// fewer tiles are unseen than the gamestate says are in the bag: no world
// drawn from such a bag would be the game's.
func Unseen(p *position.Position) ([]byte, error) {
	left, err := p.Variant.Unseen(p.Board, p.Rack)
	var oc *variant.OverCountError
	if errors.As(err, &oc) {
		return nil, fmt.Errorf("%w: the board and the rack hold %d more %c than the %s set has",
			ErrUnknownBag, oc.Seen-oc.Have, oc.Tile, p.Variant.Name)
	}
	var out []byte
	for i, n := range left {
		for ; n > 0; n-- {
			out = append(out, tile.Byte(i))
		}
	}
	if len(out) < p.BagCount {
		return nil, fmt.Errorf("%w: %d tiles unseen but %d said to be in the bag (%s set)",
			ErrUnknownBag, len(out), p.BagCount, p.Variant.Name)
	}
	return out, nil
}
