// Package board is the square grid of a game: which tile stands on each
// square and which premium each square carries.
//
// Coordinates inside the engine are (Row, Col) with Row 0 the top row, as a
// person reads a board. The platform's gamestate has Board[0] as the bottom
// row; that is converted once, in package gamestate, and nowhere else.
package board

import (
	"strings"

	"github.com/lexico/lexico/bot/game/tile"
)

// Premium is the bonus printed on a square. It counts only for a tile placed
// on that square by the current move.
type Premium uint8

const (
	NoPremium Premium = iota
	DoubleLetter
	TripleLetter
	DoubleWord
	TripleWord
)

// LetterMultiplier is 2 or 3 on letter premiums, else 1.
func (p Premium) LetterMultiplier() int {
	switch p {
	case DoubleLetter:
		return 2
	case TripleLetter:
		return 3
	}
	return 1
}

// WordMultiplier is 2 or 3 on word premiums, else 1.
func (p Premium) WordMultiplier() int {
	switch p {
	case DoubleWord:
		return 2
	case TripleWord:
		return 3
	}
	return 1
}

// Square is one cell. Letter is 0 for an empty square, else 'A'..'Z'; Blank
// marks a played blank standing for Letter (it scores 0).
type Square struct {
	Letter byte
	Blank  bool
}

// Empty reports whether no tile stands on the square.
func (s Square) Empty() bool { return s.Letter == 0 }

// Board is a Size x Size grid stored row-major.
type Board struct {
	Size     int
	Squares  []Square
	Premiums []Premium
}

// New returns an empty board with no premiums.
func New(size int) *Board {
	return &Board{Size: size, Squares: make([]Square, size*size), Premiums: make([]Premium, size*size)}
}

// WithLayout returns an empty board carrying a copy of the premium layout
// (row-major, len size*size).
func WithLayout(size int, layout []Premium) *Board {
	b := New(size)
	copy(b.Premiums, layout)
	return b
}

// In reports whether (row, col) lies on the board.
func (b *Board) In(row, col int) bool {
	return row >= 0 && col >= 0 && row < b.Size && col < b.Size
}

// At is the square at (row, col); off the board it is an empty square.
func (b *Board) At(row, col int) Square {
	if !b.In(row, col) {
		return Square{}
	}
	return b.Squares[row*b.Size+col]
}

// Set puts s on (row, col).
func (b *Board) Set(row, col int, s Square) { b.Squares[row*b.Size+col] = s }

// PremiumAt is the premium printed on (row, col).
func (b *Board) PremiumAt(row, col int) Premium { return b.Premiums[row*b.Size+col] }

// Occupied reports whether a tile stands on (row, col).
func (b *Board) Occupied(row, col int) bool { return !b.At(row, col).Empty() }

// TileCount is the number of tiles on the board.
func (b *Board) TileCount() int {
	n := 0
	for _, s := range b.Squares {
		if !s.Empty() {
			n++
		}
	}
	return n
}

// TileCounts is how many of each tile stand on the board, indexed as
// tile.Index: a played blank counts as a blank, whatever letter it shows.
// Taken from a set's distribution, it leaves the tiles still in the bag or
// on a rack.
func (b *Board) TileCounts() (counts [tile.NumKinds]int) {
	for _, s := range b.Squares {
		switch {
		case s.Empty():
		case s.Blank:
			counts[tile.BlankIndex]++
		default:
			counts[tile.Index(s.Letter)]++
		}
	}
	return counts
}

// AddedSince is the tiles standing on b that were not on before (a played
// blank as a blank), when b is before with tiles added; ok is false when the
// boards differ in size or a tile of before is gone or changed.
func (b *Board) AddedSince(before *Board) (added tile.Rack, ok bool) {
	if before.Size != b.Size || len(before.Squares) != len(b.Squares) {
		return tile.Rack{}, false
	}
	for i, s := range b.Squares {
		was := before.Squares[i]
		switch {
		case !was.Empty() && was != s:
			return tile.Rack{}, false
		case !was.Empty() || s.Empty():
		case s.Blank:
			added.Add(tile.Blank)
		default:
			added.Add(s.Letter)
		}
	}
	return added, true
}

// IsEmpty reports whether no tile has been played yet.
func (b *Board) IsEmpty() bool { return b.TileCount() == 0 }

// Clone is a deep copy.
func (b *Board) Clone() *Board {
	c := &Board{Size: b.Size, Squares: make([]Square, len(b.Squares)), Premiums: make([]Premium, len(b.Premiums))}
	copy(c.Squares, b.Squares)
	copy(c.Premiums, b.Premiums)
	return c
}

// TransposeInto writes the transpose of b (rows become columns) into dst,
// reusing dst's storage. Move generators work on rows only and find vertical
// plays on the transposed board, so one code path serves both directions.
func (b *Board) TransposeInto(dst *Board) {
	n := b.Size * b.Size
	if dst.Size != b.Size || len(dst.Squares) != n {
		dst.Size = b.Size
		dst.Squares = make([]Square, n)
		dst.Premiums = make([]Premium, n)
	}
	for r := 0; r < b.Size; r++ {
		for c := 0; c < b.Size; c++ {
			dst.Squares[c*b.Size+r] = b.Squares[r*b.Size+c]
			dst.Premiums[c*b.Size+r] = b.Premiums[r*b.Size+c]
		}
	}
}

// Transpose returns a new transposed board.
func (b *Board) Transpose() *Board {
	t := &Board{}
	b.TransposeInto(t)
	return t
}

// String draws the board as text, top row first: letters upper case, played
// blanks lower case, empty squares '.'.
func (b *Board) String() string {
	var sb strings.Builder
	for r := 0; r < b.Size; r++ {
		for c := 0; c < b.Size; c++ {
			s := b.At(r, c)
			switch {
			case s.Empty():
				sb.WriteByte('.')
			case s.Blank:
				sb.WriteByte(s.Letter + 'a' - 'A')
			default:
				sb.WriteByte(s.Letter)
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
