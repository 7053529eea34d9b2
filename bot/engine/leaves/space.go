// Package leaves is the full leave table: a learned value for every leave
// (the tiles a move keeps) of up to MaxTiles tiles that a tile distribution
// allows, and the statistics self-play gathers to learn it.
//
// A leave is found without a key stored beside its value: Space ranks the
// multisets a distribution allows densely (0 for the empty leave, then in
// lexicographic order of the count vectors), so the table is one array of
// values and a lookup is a rank, about 27 additions from a precomputed
// table, and one array read. This is the combinatorial number system for
// bounded multisets; MAGPIE and wolges use a DAWG of leaves (KLV) for the
// same job, which also serves other alphabets but costs a walk.
package leaves

import (
	"github.com/lexico/lexico/bot/game/tile"
)

// MaxTiles is the largest leave the table holds: a play keeps at most 6 of a
// 7-tile rack (a pass keeps 7, valued by the hand-tuned model).
const MaxTiles = 6

// Space is the set of leaves of 0..MaxTiles tiles that a distribution allows
// (no more of a tile than the bag holds), numbered densely by Rank.
type Space struct {
	Dist [tile.NumKinds]uint8
	// before[i][k][c]: how many leaves rank below one that, with k tiles
	// still to place from kind i on, takes c of kind i (given the same
	// choices for kinds before i).
	before [tile.NumKinds][MaxTiles + 1][MaxTiles + 1]int32
	size   int
}

// NewSpace builds the space of a distribution (counts per tile.Index).
func NewSpace(dist [tile.NumKinds]int) *Space {
	s := &Space{}
	for i, n := range dist {
		s.Dist[i] = uint8(min(max(n, 0), MaxTiles))
	}
	// count[i][k]: leaves over kinds i.. with at most k tiles.
	var count [tile.NumKinds + 1][MaxTiles + 1]int
	for k := range count[tile.NumKinds] {
		count[tile.NumKinds][k] = 1
	}
	for i := tile.NumKinds - 1; i >= 0; i-- {
		for k := 0; k <= MaxTiles; k++ {
			acc := 0
			for c := 0; c <= int(s.Dist[i]) && c <= k; c++ {
				s.before[i][k][c] = int32(acc)
				acc += count[i+1][k-c]
			}
			count[i][k] = acc
		}
	}
	s.size = count[0][MaxTiles]
	return s
}

// Len is the number of leaves in the space, the empty one included.
func (s *Space) Len() int { return s.size }

// Rank is the leave's number in 0..Len()-1, and false when the space does not
// hold it (more than MaxTiles tiles, or more of a tile than the bag). It does
// not allocate.
func (s *Space) Rank(r *tile.Rack) (int, bool) {
	n := r.N
	if n > MaxTiles || n < 0 {
		return 0, false
	}
	k, rank := MaxTiles, int32(0)
	for i := 0; n > 0 && i < tile.NumKinds; i++ {
		c := r.Counts[i]
		if c == 0 {
			continue
		}
		if c > s.Dist[i] || int(c) > n {
			return 0, false
		}
		rank += s.before[i][k][c]
		k -= int(c)
		n -= int(c)
	}
	if n != 0 {
		return 0, false // N does not match the counts
	}
	return int(rank), true
}

// Leave is the inverse of Rank (rank in 0..Len()-1); it is for building and
// printing tables, not for the hot path.
func (s *Space) Leave(rank int) tile.Rack {
	var r tile.Rack
	k, left := MaxTiles, int32(rank)
	for i := 0; i < tile.NumKinds && left > 0; i++ {
		// The largest c whose block of ranks starts at or below left.
		c := 0
		for c < int(s.Dist[i]) && c < k && s.before[i][k][c+1] <= left {
			c++
		}
		left -= s.before[i][k][c]
		r.Counts[i] = uint8(c)
		r.N += c
		k -= c
	}
	return r
}

// AppendSubRanks appends to dst the rank of every sub-multiset of r of at
// most MaxTiles tiles, the empty one (rank 0) included, each once however
// many ways r's copies of a tile can make it: 2^7 - 1 at most for a rack of
// seven distinct tiles, fewer with copies (and none with more of a tile
// than the space allows). Ranks add up kind by kind, so each costs one
// addition from its parent's. It does not allocate when dst has room.
func (s *Space) AppendSubRanks(dst []int32, r *tile.Rack) []int32 {
	return s.appendSubRanks(dst, r, 0, MaxTiles, 0)
}

// appendSubRanks extends a sub-multiset that takes kinds before i, with k
// tiles still allowed, rank its rank so far.
func (s *Space) appendSubRanks(dst []int32, r *tile.Rack, i, k int, rank int32) []int32 {
	for i < tile.NumKinds && r.Counts[i] == 0 {
		i++
	}
	if i == tile.NumKinds || k == 0 {
		return append(dst, rank)
	}
	top := min(int(r.Counts[i]), int(s.Dist[i]), k)
	for c := 0; c <= top; c++ {
		dst = s.appendSubRanks(dst, r, i+1, k-c, rank+s.before[i][k][c])
	}
	return dst
}
