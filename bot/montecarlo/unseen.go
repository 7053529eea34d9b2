package montecarlo

import (
	"fmt"

	"github.com/lexico/lexico/bot/position"
	"github.com/lexico/lexico/bot/tile"
)

// Unseen is the tiles the mover cannot see: the variant's distribution less
// the board and the mover's rack, that is the bag and the opponent's rack
// together, in tile order. It is an ErrUnknownBag error when the board and
// rack hold more of a tile than the distribution has, or when fewer tiles
// are unseen than the gamestate says are in the bag.
func Unseen(p *position.Position) ([]byte, error) {
	played := p.Board.TileCounts()
	var out []byte
	for i, n := range p.Variant.Distribution {
		n -= played[i] + int(p.Rack.Counts[i])
		if n < 0 {
			return nil, fmt.Errorf("%w: the board and the rack hold %d more %c than the %s set has",
				ErrUnknownBag, -n, tile.Byte(i), p.Variant.Name)
		}
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
