// Package alphabet defines the letters on tiles and the rack that holds them:
// the one definition shared by the dictionary index (index/) and the rules of
// the game (bot/game/tile re-exports it), so the index needs nothing from the
// game layer to answer its rack queries.
//
// A letter is its upper-case ASCII byte 'A'..'Z'; the blank is '?'. Arrays
// indexed by letter use Index, which puts the blank last (slot 26), so a whole
// rack fits in a [27]uint8 and copying it costs nothing on the hot path.
package alphabet

import (
	"fmt"
	"strings"

	"github.com/lexico/lexico/internal/quote"
)

// Blank is the byte that stands for an unplayed blank tile in racks and bags.
const Blank byte = '?'

// NumKinds is the number of distinct tiles: 26 letters and the blank.
const NumKinds = 27

// BlankIndex is the slot of the blank in arrays indexed by Index.
const BlankIndex = 26

// Index maps 'A'..'Z' to 0..25 and Blank to 26. Other bytes give -1.
func Index(b byte) int {
	switch {
	case b >= 'A' && b <= 'Z':
		return int(b - 'A')
	case b == Blank:
		return BlankIndex
	}
	return -1
}

// Byte is the inverse of Index.
func Byte(i int) byte {
	if i == BlankIndex {
		return Blank
	}
	return byte('A' + i)
}

// IsLetter reports whether b is an upper-case letter A-Z.
func IsLetter(b byte) bool { return b >= 'A' && b <= 'Z' }

// Rack is a multiset of tiles. The zero value is an empty rack.
type Rack struct {
	Counts [NumKinds]uint8
	N      int
}

// ParseRack reads letters (either case) and blanks ('?', '*', '_') into a Rack.
func ParseRack(s string) (Rack, error) {
	var r Rack
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case c == '*' || c == '_':
			c = Blank
		}
		if Index(c) < 0 {
			return Rack{}, fmt.Errorf("rack %s: %s is not a letter A-Z or a blank (?, * or _)", quote.String(s), quote.Rune(s, i))
		}
		r.Add(c)
	}
	return r, nil
}

// RackOf builds a rack from tiles given as bytes ('A'..'Z', Blank).
func RackOf(tiles []byte) Rack {
	var r Rack
	for _, t := range tiles {
		r.Add(t)
	}
	return r
}

// Add puts one tile on the rack.
func (r *Rack) Add(b byte) {
	r.Counts[Index(b)]++
	r.N++
}

// Remove takes one tile off the rack and reports whether it was there.
func (r *Rack) Remove(b byte) bool {
	i := Index(b)
	if i < 0 || r.Counts[i] == 0 {
		return false
	}
	r.Counts[i]--
	r.N--
	return true
}

// Count is how many of tile b the rack holds.
func (r *Rack) Count(b byte) int {
	i := Index(b)
	if i < 0 {
		return 0
	}
	return int(r.Counts[i])
}

// Blanks is the number of blanks on the rack.
func (r *Rack) Blanks() int { return int(r.Counts[BlankIndex]) }

// Kinds has bit i set for each kind of tile i (the letters, then the
// blank at BlankIndex) the rack holds at least one of: which kinds a play
// or a leave needs, compared with one AND.
func (r *Rack) Kinds() uint32 {
	var k uint32
	for i, n := range r.Counts {
		if n > 0 {
			k |= 1 << i
		}
	}
	return k
}

// SubRacks is the number of the rack's sub-multisets, the empty one and
// the rack itself included: the product over its kinds of count+1.
func (r *Rack) SubRacks() int {
	n := 1
	for _, c := range r.Counts {
		n *= int(c) + 1
	}
	return n
}

// SubRack is the rack's sub-multiset number i (0 <= i < SubRacks()): the
// one whose count of each kind the rack holds is a digit of i, kinds in
// tile order, the first kind's digit the lowest, a kind held c times a
// digit of base c+1. Index 0 is the empty rack, SubRacks()-1 the rack.
// Tables of a rack's leaves are indexed so (a search's, a learned table's
// read of them all at once).
func (r *Rack) SubRack(i int) Rack {
	var sub Rack
	for k, c := range r.Counts {
		if c > 0 {
			base := int(c) + 1
			sub.Counts[k] = uint8(i % base)
			sub.N += i % base
			i /= base
		}
	}
	return sub
}

// Tiles lists the rack's tiles in alphabetical order, blanks last.
func (r *Rack) Tiles() []byte {
	out := make([]byte, 0, r.N)
	for i, n := range r.Counts {
		for ; n > 0; n-- {
			out = append(out, Byte(i))
		}
	}
	return out
}

// String is the rack's tiles in alphabetical order, blanks last as '?'.
func (r Rack) String() string { return string(r.Tiles()) }

// Canonical sorts a word's letters: the anagram key of a letter multiset.
func Canonical(word string) string {
	var counts [NumKinds]int
	for i := 0; i < len(word); i++ {
		if j := Index(word[i]); j >= 0 {
			counts[j]++
		}
	}
	var sb strings.Builder
	sb.Grow(len(word))
	for i, n := range counts {
		for ; n > 0; n-- {
			sb.WriteByte(Byte(i))
		}
	}
	return sb.String()
}
