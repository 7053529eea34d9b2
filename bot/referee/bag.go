package referee

import (
	"math/rand/v2"

	"github.com/lexico/lexico/bot/tile"
	"github.com/lexico/lexico/bot/variant"
)

// Bag is the tiles not yet drawn, shuffled by a seeded generator: the same
// seed gives the same draws, which is what makes a game reproducible.
type Bag struct {
	tiles []byte
	rng   *rand.Rand
}

// NewBag fills a bag with v's distribution and shuffles it with seed.
func NewBag(v *variant.Variant, seed uint64) *Bag {
	b := &Bag{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	for i, n := range v.Distribution {
		for ; n > 0; n-- {
			b.tiles = append(b.tiles, tile.Byte(i))
		}
	}
	b.shuffle()
	return b
}

func (b *Bag) shuffle() {
	b.rng.Shuffle(len(b.tiles), func(i, j int) { b.tiles[i], b.tiles[j] = b.tiles[j], b.tiles[i] })
}

// Len is the number of tiles in the bag.
func (b *Bag) Len() int { return len(b.tiles) }

// Tiles is a copy of the bag's contents (in draw order, last drawn first).
func (b *Bag) Tiles() []byte { return append([]byte(nil), b.tiles...) }

// Fill draws until r holds n tiles or the bag is empty.
func (b *Bag) Fill(r *tile.Rack, n int) {
	for r.N < n && len(b.tiles) > 0 {
		last := len(b.tiles) - 1
		r.Add(b.tiles[last])
		b.tiles = b.tiles[:last]
	}
}

// Exchange swaps tiles (already taken off r) for as many new ones: the new
// tiles are drawn before the old ones go back, so a player never draws back
// what it returned in the same turn, then the bag is shuffled.
func (b *Bag) Exchange(r *tile.Rack, tiles []byte, n int) {
	b.Fill(r, n)
	b.tiles = append(b.tiles, tiles...)
	b.shuffle()
}
