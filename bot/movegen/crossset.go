package movegen

import (
	"math/bits"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/tile"
	"github.com/lexico/lexico/index/gaddag"
)

// CrossSet is the set of letters that may go on an empty square given the
// tiles across the line being generated: bit i allows 'A'+i. Checking a
// letter against it is one AND, so the generator prunes a branch before it
// recurses.
type CrossSet uint32

// AllLetters allows every letter: a square with no perpendicular neighbour.
const AllLetters CrossSet = 1<<26 - 1

// Has reports whether letter index l (0 for 'A') is allowed.
func (c CrossSet) Has(l int) bool { return c&(1<<uint(l)) != 0 }

// Len is the number of letters allowed.
func (c CrossSet) Len() int { return bits.OnesCount32(uint32(c)) }

// crossInfo is what the generator needs about the perpendicular line through
// each square: the letters allowed, whether a cross word forms at all, and
// the face value of the old tiles in that cross word (premiums count only
// under the new tile, so they are applied during generation).
type crossInfo struct {
	set   []CrossSet
	score []int32
	has   []bool
}

func (ci *crossInfo) resize(n int) {
	if len(ci.set) != n {
		ci.set = make([]CrossSet, n)
		ci.score = make([]int32, n)
		ci.has = make([]bool, n)
	}
}

// computeCross fills ci for plays along the columns of src (equivalently,
// along the rows of src's transpose): for square (r, c) of src it looks at
// the run of tiles left and right of it in row r and stores the result at
// index c*Size+r. Words are checked by walking the GADDAG, never by building
// strings:
//
//   - tiles left only (P_): REV(P) then the separator; the letter set there
//     is every L with P+L a word;
//   - tiles right only (_S): REV(S); the letter set is every L with L+S a word;
//   - both (P_S): REV(S), then for each arc L, REV(P) minus its first
//     letter, whose membership in the final letter set decides L.
func computeCross(g *gaddag.GADDAG, src *board.Board, values *[27]int, letters CrossSet, ci *crossInfo) {
	n := src.Size
	ci.resize(n * n)
	for r := 0; r < n; r++ {
		row := src.Squares[r*n : (r+1)*n]
		for c := 0; c < n; c++ {
			out := c*n + r
			if row[c].Letter != 0 {
				ci.set[out], ci.score[out], ci.has[out] = 0, 0, false
				continue
			}
			left := c
			for left > 0 && row[left-1].Letter != 0 {
				left--
			}
			right := c
			for right+1 < n && row[right+1].Letter != 0 {
				right++
			}
			if left == c && right == c {
				ci.set[out], ci.score[out], ci.has[out] = AllLetters, 0, false
				continue
			}
			sum := int32(0)
			for i := left; i <= right; i++ {
				if i != c && !row[i].Blank {
					sum += int32(values[row[i].Letter-'A'])
				}
			}
			ci.score[out], ci.has[out] = sum, true
			ci.set[out] = crossSetOf(g, row[left:c], row[c+1:right+1], letters)
		}
	}
}

// walkBack follows the letters of sq from last to first, from node.
func walkBack(g *gaddag.GADDAG, node gaddag.Node, sq []board.Square) gaddag.Node {
	for i := len(sq) - 1; i >= 0; i-- {
		if node = g.Arc(node, int(sq[i].Letter-'A')); node == 0 {
			return 0
		}
	}
	return node
}

func crossSetOf(g *gaddag.GADDAG, prefix, suffix []board.Square, letters CrossSet) CrossSet {
	if len(suffix) == 0 {
		node := walkBack(g, gaddag.Root, prefix)
		if node == 0 {
			return 0
		}
		if node = g.Arc(node, gaddag.Separator); node == 0 {
			return 0
		}
		return CrossSet(g.LetterSet(node)) & letters
	}
	node := walkBack(g, gaddag.Root, suffix)
	if node == 0 {
		return 0
	}
	if len(prefix) == 0 {
		return CrossSet(g.LetterSet(node)) & letters
	}
	var set CrossSet
	first := uint32(1) << (prefix[0].Letter - 'A')
	for m := g.ArcSet(node) & uint32(letters); m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		next := walkBack(g, g.Arc(node, l), prefix[1:])
		if next != 0 && g.LetterSet(next)&first != 0 {
			set |= 1 << uint(l)
		}
	}
	return set
}

// crossLetters is what the cross sets of a search need to cover: the
// rack's letters, or all of them when it holds a blank. Leaving the others
// out spares, on a square between two tiles, a walk of the GADDAG per
// letter no tile of the rack could put there.
func (s *genState) crossLetters() CrossSet {
	if s.rack[tile.BlankIndex] > 0 {
		return AllLetters
	}
	return CrossSet(s.rackSet)
}
