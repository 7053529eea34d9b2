package endgame

import (
	"math/rand/v2"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
)

// zobrist holds the random keys of Zobrist hashing (A. L. Zobrist, "A New
// Hashing Method with Application for Game Playing", 1970): a position's
// hash is the XOR of the keys of what it holds, so a play updates it by
// XORing in the keys of the tiles it places. A rack is keyed by how many
// of each tile it holds, not by which tiles arrived when, so the same rack
// reached by two orders hashes the same.
type zobrist struct {
	size    int
	squares [][2 * 26]uint64 // per square: the letter, +26 for a blank showing it
	racks   [2][tile.NumKinds][16]uint64
	turn    uint64 // XORed in when seat 1 is to move
	passed  uint64 // XORed in after one pass (a second ends the game)
}

// newZobrist draws the keys for a size×size board from a fixed seed, so a
// hash is the same from run to run (tests and logs can quote one).
func newZobrist(size int) *zobrist {
	r := rand.New(rand.NewPCG(0x1e5c0, uint64(size)))
	z := &zobrist{size: size, squares: make([][2 * 26]uint64, size*size)}
	for i := range z.squares {
		for j := range z.squares[i] {
			z.squares[i][j] = r.Uint64()
		}
	}
	for s := range z.racks {
		for k := range z.racks[s] {
			for c := range z.racks[s][k] {
				z.racks[s][k][c] = r.Uint64()
			}
		}
	}
	z.turn, z.passed = r.Uint64(), r.Uint64()
	return z
}

// square is the key of letter (blank or not) on square i.
func (z *zobrist) square(i int, letter byte, blank bool) uint64 {
	k := int(letter - 'A')
	if blank {
		k += 26
	}
	return z.squares[i][k]
}

// board is the hash of b's tiles.
func (z *zobrist) board(b *board.Board) uint64 {
	var h uint64
	for i, sq := range b.Squares {
		if sq.Letter != 0 {
			h ^= z.square(i, sq.Letter, sq.Blank)
		}
	}
	return h
}

// placements is what a play's tiles XOR into the board's hash.
func (z *zobrist) placements(ts []move.Placement) uint64 {
	var h uint64
	for _, p := range ts {
		h ^= z.square(p.Row*z.size+p.Col, p.Letter, p.Blank)
	}
	return h
}

// rack is the hash of seat's rack r. Counts past 15 (no rack holds that
// many of one tile) would share a key, which costs only a collision.
func (z *zobrist) rack(seat int, r *tile.Rack) uint64 {
	var h uint64
	for k, n := range r.Counts {
		if n != 0 {
			h ^= z.racks[seat][k][n&15]
		}
	}
	return h
}
