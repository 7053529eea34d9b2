// Package tile is the game layer's name for the letters on tiles and the
// rack that holds them. The definitions live in internal/alphabet, below both
// the game and the dictionary index, which needs the same alphabet for its
// rack queries; this package re-exports them so the rules read as tile.Rack,
// tile.Blank and so on.
//
// A letter is its upper-case ASCII byte 'A'..'Z'; the blank is '?'. Arrays
// indexed by letter use Index, which puts the blank last (slot 26).
package tile

import "github.com/lexico/lexico/internal/alphabet"

// Blank is the byte that stands for an unplayed blank tile in racks and bags.
const Blank = alphabet.Blank

// NumKinds is the number of distinct tiles: 26 letters and the blank.
const NumKinds = alphabet.NumKinds

// BlankIndex is the slot of the blank in arrays indexed by Index.
const BlankIndex = alphabet.BlankIndex

// Rack is a multiset of tiles. The zero value is an empty rack.
type Rack = alphabet.Rack

// Index maps 'A'..'Z' to 0..25 and Blank to 26. Other bytes give -1.
func Index(b byte) int { return alphabet.Index(b) }

// Byte is the inverse of Index.
func Byte(i int) byte { return alphabet.Byte(i) }

// IsLetter reports whether b is an upper-case letter A-Z.
func IsLetter(b byte) bool { return alphabet.IsLetter(b) }

// ParseRack reads letters (either case) and blanks ('?', '*', '_') into a Rack.
func ParseRack(s string) (Rack, error) { return alphabet.ParseRack(s) }

// RackOf builds a rack from tiles given as bytes ('A'..'Z', Blank).
func RackOf(tiles []byte) Rack { return alphabet.RackOf(tiles) }

// Canonical sorts a word's letters: the anagram key of a letter multiset.
func Canonical(word string) string { return alphabet.Canonical(word) }
