// Package gaddag is Gordon's GADDAG: a minimised automaton holding every word
// of a dictionary once per letter, as REV(prefix) ^ suffix, so a move
// generator can start a word at any square (an anchor) and grow it leftwards
// then rightwards without guessing where the word begins.
//
// The automaton is one flat []uint32, so it can be written to an index file
// as is and used straight from that file's memory (see Load). Node n is laid
// out as
//
//	a[n]   letter set: bit L set when the path to n followed by letter L is a
//	       complete sequence (a word ends there)
//	a[n+1] arc set: bit L (0..25 letters, 26 the separator) set when n has an
//	       outgoing arc labelled L
//	a[n+2+k] target of the k-th arc, arcs in bit order
//
// so an arc is found in O(1) with a popcount. Targets are always greater than
// the node that points at them (nodes are stored in topological order), which
// makes the structure acyclic by construction and cheap to validate.
//
// Words are stored with the final letter folded into the letter set (as in
// Gordon's paper and domino14/macondo): arcs that would lead to an empty node
// do not exist, and cross-check sets are read off a node with no extra
// traversal.
package gaddag

import (
	"math/bits"
)

// Separator is the symbol index of the GADDAG separator ("^" in Gordon's
// paper): following it switches a generator from growing leftwards to
// growing rightwards.
const Separator = 26

// MaxWordLen is the longest word Build stores: 15, the side of the largest
// board any variant uses. Longer words cannot be played and are skipped.
const MaxWordLen = 15

// Node is a state of the automaton. The root is 0; 0 is never the target of
// an arc, so Arc returning 0 means "no such arc".
type Node uint32

// Root is the start state.
const Root Node = 0

// GADDAG is an immutable, minimised GADDAG. It is safe for concurrent use.
type GADDAG struct {
	a     []uint32
	nodes int // number of nodes
	raw   []byte
}

// Arc follows the arc labelled l (0..25 for 'A'..'Z', Separator) from n,
// returning 0 when there is none.
func (g *GADDAG) Arc(n Node, l int) Node {
	m := g.a[n+1]
	bit := uint32(1) << uint(l)
	if m&bit == 0 {
		return 0
	}
	return Node(g.a[int(n)+2+bits.OnesCount32(m&(bit-1))])
}

// LetterSet is the set of letters (bit i for 'A'+i) that complete a word when
// placed at n.
func (g *GADDAG) LetterSet(n Node) uint32 { return g.a[n] }

// ArcSet is the set of labels (bit i for 'A'+i, bit Separator) leaving n.
func (g *GADDAG) ArcSet(n Node) uint32 { return g.a[n+1] }

// NodeCount is the number of states.
func (g *GADDAG) NodeCount() int { return g.nodes }

// Size is the number of bytes Bytes returns.
func (g *GADDAG) Size() int { return headerLen + 4*len(g.a) }

// Contains reports whether word (upper-case A-Z) is in the dictionary. It
// follows the rotation that is the whole word reversed, so it needs no
// separator.
func (g *GADDAG) Contains(word string) bool {
	if len(word) == 0 || len(word) > MaxWordLen {
		return false
	}
	n := Root
	for i := len(word) - 1; i >= 1; i-- {
		c := word[i]
		if c < 'A' || c > 'Z' {
			return false
		}
		if n = g.Arc(n, int(c-'A')); n == 0 {
			return false
		}
	}
	c := word[0]
	if c < 'A' || c > 'Z' {
		return false
	}
	return g.a[n]&(1<<(c-'A')) != 0
}

// Prefetch asks the CPU to start loading node n's letter and arc sets
// into its cache, without waiting for them.
func (g *GADDAG) Prefetch(n Node) { prefetch(&g.a[n]) }
