// Package bag holds the tiles not yet drawn of a tile game, in draw order:
// the last tile is drawn first, so drawing takes tiles off the end and
// never moves the others. Every game of the project draws from it: a game
// of Lexico in progress (package state, which the referee, the
// simulation's playouts, the leave trainer and the endgame solver play
// through) and Lingo.
//
// A seeded bag is the full set of tiles in tile order, shuffled by
// math/rand/v2's PCG from the seed: the referee's bag since its first
// version, kept bit for bit so that recorded seeded games replay.
//
// Exchanged tiles go back after the new ones are drawn, so a player never
// draws back what it returned in the same turn (macondo's Bag.Exchange, in
// tilemapping/bag.go, draws before it puts back; so does MAGPIE's
// execute_exchange_move, in src/impl/gameplay.c). Where they go depends on
// what the bag is:
//   - a real bag (Shuffled): the whole bag is shuffled again with the
//     bag's own seeded generator, so a seeded game is reproducible;
//   - a guessed bag (Unknown, then Deal: a simulation's world, a fixed
//     order): the tiles go under the bag, drawn last, the nearest a fixed order comes to a
//     reshuffle without drawing on another random source.
package bag

import (
	"math/rand/v2"

	"github.com/lexico/lexico/bot/game/tile"
)

// Bag is the tiles not yet drawn. The zero value is an empty bag of known
// order.
type Bag struct {
	tiles []byte
	// unknown is set while only the number of tiles is known (tiles then
	// holds that many zeros): a player's view before a world is dealt.
	unknown bool
	// shuffled marks a real bag; pcg is its generator. A value, not a
	// *rand.Rand: a caller saves and restores it as sixteen bytes, and a
	// rand.Rand is a stateless wrapper around its source (math/rand/v2),
	// so wrapping the same PCG anew draws the same numbers.
	shuffled bool
	pcg      rand.PCG
}

// Shuffled is a real bag: dist[i] tiles tile.Byte(i) for each i, shuffled
// with the generator of seed.
func Shuffled(dist []int, seed uint64) Bag {
	n := 0
	for _, c := range dist {
		n += max(c, 0)
	}
	b := Bag{shuffled: true, pcg: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
	b.tiles = make([]byte, 0, n)
	for i, c := range dist {
		for ; c > 0; c-- {
			b.tiles = append(b.tiles, tile.Byte(i))
		}
	}
	b.shuffle()
	return b
}

// Unknown is a bag of n tiles whose order is not known (known when n is
// 0), with room for room more without allocating.
func Unknown(n, room int) Bag {
	return Bag{tiles: make([]byte, n, n+max(room, 0)), unknown: n > 0}
}

func (b *Bag) shuffle() {
	rand.New(&b.pcg).Shuffle(len(b.tiles), func(i, j int) { b.tiles[i], b.tiles[j] = b.tiles[j], b.tiles[i] })
}

// Len is the number of tiles in the bag.
func (b *Bag) Len() int { return len(b.tiles) }

// Known reports whether the order of the tiles is known.
func (b *Bag) Known() bool { return !b.unknown }

// Tiles are the bag's own tiles in draw order (the last drawn first):
// read them, do not keep them past the next change.
func (b *Bag) Tiles() []byte { return b.tiles }

// Deal makes the bag's tiles tiles, in draw order, as a guess: its order
// becomes known. The tiles are copied, without allocating when the bag has
// room.
func (b *Bag) Deal(tiles []byte) {
	b.tiles = append(b.tiles[:0], tiles...)
	b.unknown = false
}

// Fill draws into r until it holds n tiles or the bag is empty, and
// returns the tiles drawn: the bag's last ones, in the bag's order (valid
// until the bag changes).
func (b *Bag) Fill(r *tile.Rack, n int) []byte {
	k := min(max(n-r.N, 0), len(b.tiles))
	rest := len(b.tiles) - k
	for i := len(b.tiles) - 1; i >= rest; i-- {
		r.Add(b.tiles[i])
	}
	drawn := b.tiles[rest:]
	b.tiles = b.tiles[:rest]
	return drawn
}

// Draw takes the next tile, and reports whether there was one.
func (b *Bag) Draw() (byte, bool) {
	n := len(b.tiles)
	if n == 0 {
		return 0, false
	}
	t := b.tiles[n-1]
	b.tiles = b.tiles[:n-1]
	return t, true
}

// PutBack returns exchanged tiles (see the package comment). tiles is only
// read.
func (b *Bag) PutBack(tiles []byte) {
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

// Mark is what Restore needs to take a bag back to this moment after
// draws (Unfill undoes those) or an exchange (the whole bag is restored):
// its generator's state.
type Mark struct{ pcg rand.PCG }

// Mark is the bag's generator as it is now.
func (b *Bag) Mark() Mark { return Mark{b.pcg} }

// Unfill puts back on top tiles that Fill drew, in the order it returned
// them, undoing the draw.
func (b *Bag) Unfill(drawn []byte) { b.tiles = append(b.tiles, drawn...) }

// Restore makes the bag tiles (in draw order) with the generator of m: the
// bag as it was when m was taken and it held those tiles.
func (b *Bag) Restore(tiles []byte, m Mark) {
	b.tiles = append(b.tiles[:0], tiles...)
	b.pcg = m.pcg
}

// Rewind gives the bag back the generator of m, leaving its tiles.
func (b *Bag) Rewind(m Mark) { b.pcg = m.pcg }

// CopyFrom makes b a copy of src (tiles, order, generator) in b's own
// storage, allocating only when src holds more tiles than b has room for.
func (b *Bag) CopyFrom(src *Bag) {
	tiles := append(b.tiles[:0], src.tiles...)
	*b = *src
	b.tiles = tiles
}
