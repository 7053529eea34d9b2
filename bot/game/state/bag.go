package state

import (
	"math/rand/v2"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// bag is the tiles not yet drawn, in draw order: the last tile is drawn
// first. Drawing takes tiles off the end, so it never moves the others.
//
// Exchanged tiles go back after the new ones are drawn, so a player never
// draws back what it returned in the same turn (macondo's Bag.Exchange, in
// tilemapping/bag.go, draws before it puts back; so does MAGPIE's
// execute_exchange_move, in src/impl/gameplay.c). Where they go depends on
// what the bag is:
//   - a real bag (shuffled set): the whole bag is shuffled again with the
//     bag's own seeded generator, so a seeded game is reproducible;
//   - a guessed bag (a simulation's world, a fixed order): the tiles go
//     under the bag, drawn last, the nearest a fixed order comes to a
//     reshuffle without drawing on another random source.
type bag struct {
	tiles []byte
	// known is false while only the number of tiles is known (tiles then
	// holds that many zeros): a player's view before a world is dealt.
	known bool
	// shuffled marks a real bag; pcg is its generator. A value, not a
	// *rand.Rand: a State copies and restores it as sixteen bytes, and a
	// rand.Rand is a stateless wrapper around its source (math/rand/v2), so
	// wrapping the same PCG anew draws the same numbers.
	shuffled bool
	pcg      rand.PCG
}

// shuffledBag fills a bag with v's distribution, in tile order, and
// shuffles it with seed: the referee's bag since its first version, kept
// bit for bit so that recorded seeded games replay.
func shuffledBag(v *variant.Variant, seed uint64) bag {
	b := bag{known: true, shuffled: true, pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
	b.tiles = make([]byte, 0, v.TotalTiles())
	for i, n := range v.Distribution {
		for ; n > 0; n-- {
			b.tiles = append(b.tiles, tile.Byte(i))
		}
	}
	b.shuffle()
	return b
}

func (b *bag) shuffle() {
	rand.New(&b.pcg).Shuffle(len(b.tiles), func(i, j int) { b.tiles[i], b.tiles[j] = b.tiles[j], b.tiles[i] })
}

// fill draws into r until it holds n tiles or the bag is empty, and
// returns the tiles drawn: the bag's last ones, in the bag's order (valid
// until the bag changes).
func (b *bag) fill(r *tile.Rack, n int) []byte {
	k := min(max(n-r.N, 0), len(b.tiles))
	rest := len(b.tiles) - k
	for i := len(b.tiles) - 1; i >= rest; i-- {
		r.Add(b.tiles[i])
	}
	drawn := b.tiles[rest:]
	b.tiles = b.tiles[:rest]
	return drawn
}

// putBack returns exchanged tiles (see bag). tiles is only read.
func (b *bag) putBack(tiles []byte) {
	if b.shuffled {
		b.tiles = append(b.tiles, tiles...)
		b.shuffle()
		return
	}
	n := len(tiles)
	b.tiles = append(b.tiles, tiles...) // room for them; overwritten below
	copy(b.tiles[n:], b.tiles[:len(b.tiles)-n])
	copy(b.tiles, tiles)
}
