// Package line holds what the move generators read of a board: each line
// (a row, or a column read as one) as an array of Cells with their tiles,
// premiums and cross-check sets, loaded once per search (Load), and the
// countdown by which a long walk asks its caller whether to stop (Stop).
// It is internal to the generators: the GADDAG generator that plays and
// the reference generators that check it read the board the same way.
package line

import (
	"math/bits"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
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

// Cell is what a generator reads about one square of the current line,
// gathered once per line so the recursion touches one small array.
type Cell struct {
	Letter   uint8 // tile on the square: 0 empty, else 'A'..'Z'
	Blank    bool  // that tile is a blank (scores 0)
	Has      bool  // placing here forms a cross word
	LM, WM   uint8 // letter and word multipliers of the premium
	Cross    uint32
	Base     int32 // face value of the old tiles of the cross word
	OldValue int32 // value of the tile on the square (0 for a blank)
	BestFit  int32 // value of the best rack tile Cross allows (the best-play search's bound)
}

// Load fills cells with the squares of the lines plays run along: the
// rows of b, or its columns when vertical (cells[i*n+j] is square j of line
// i). Besides each square's tile and premium, an empty square gets the cross
// word through it, the perpendicular run of tiles: the letters that may go
// there (only those in letters are asked about), whether a cross word forms
// at all, and the face value of its old tiles (premiums count only under the
// new tile, so they are applied during generation); and its BestFit, the
// value of the best tile of fit it allows (fit.Any where no cross word
// forms). When known is not nil it holds every empty square's cross word
// for this direction, indexed as b.Squares and kept up to date with b (a
// movegen.CrossSets table's), and Load takes them from it instead of
// walking the GADDAG; the result is the same. The grid is read from b in
// place, so no transposed copy of the board is made, and each square is
// written once, where the generator will read it.
//
// Cross words are checked by walking the GADDAG, never by building strings:
//
//   - tiles before only (P_): REV(P) then the separator; the letter set
//     there is every L with P+L a word;
//   - tiles after only (_S): REV(S); the letter set is every L with L+S a word;
//   - both (P_S): REV(S), then for each arc L, REV(P) minus its first
//     letter, whose membership in the final letter set decides L.
func Load(g *gaddag.GADDAG, b *board.Board, vertical bool, values *[tile.NumKinds]int, letters CrossSet, fit RackFit, cells []Cell, known []CrossWord) {
	LoadLines(g, b, vertical, values, letters, fit, cells, known, Every)
}

// Every marks every line for LoadLines.
const Every = ^uint64(0)

// LoadLines is Load of the lines that lines marks only (bit i: line i;
// Every: all, even past the 64th); the cells of the others are left as
// they were, for a search that reads only the marked lines.
func LoadLines(g *gaddag.GADDAG, b *board.Board, vertical bool, values *[tile.NumKinds]int, letters CrossSet, fit RackFit, cells []Cell, known []CrossWord, lines uint64) {
	n := b.Size
	// at(i, j) = i*si + j*sj is square j of line i in b; cross words run
	// along i.
	si, sj := n, 1
	if vertical {
		si, sj = 1, n
	}
	sq := b.Squares[:n*n]
	prem := b.Premiums[:n*n]
	for i := 0; i < n; i++ {
		if lines != Every && (i >= 64 || lines>>uint(i)&1 == 0) {
			continue
		}
		line := cells[i*n : (i+1)*n]
		for j := range line {
			at := i*si + j*sj
			ce := &line[j]
			m := multipliers[prem[at]&7]
			*ce = Cell{Letter: sq[at].Letter, Blank: sq[at].Blank, LM: m.lm, WM: m.wm}
			if ce.Letter != 0 {
				if !ce.Blank {
					ce.OldValue = int32(values[ce.Letter-'A'])
				}
				continue
			}
			if alone(sq, at, si, i, n) {
				ce.Cross, ce.BestFit = uint32(AllLetters), fit.Any
				continue
			}
			var cw CrossWord
			if known != nil {
				cw = known[at]
				cw.Set &= letters
			} else {
				cw = CrossWordAt(g, sq, at, si, i, n, values, letters)
			}
			if !cw.Has {
				ce.Cross, ce.BestFit = uint32(AllLetters), fit.Any
				continue
			}
			ce.Has, ce.Base, ce.Cross = true, cw.Base, uint32(cw.Set)
			for m := ce.Cross & fit.Set; m != 0; m &= m - 1 {
				ce.BestFit = max(ce.BestFit, int32(values[bits.TrailingZeros32(m)]))
			}
		}
	}
}

// CrossWord is what an empty square knows of the cross word through it:
// the letters that may go there (Set), whether placing a tile there forms
// a cross word at all (Has; every letter may go where none forms), and the
// face value of the cross word's old tiles (Base).
type CrossWord struct {
	Set  CrossSet
	Base int32
	Has  bool
}

// CrossWordAt is the cross word through the empty square at of sq, a
// board of n lines: the cross word runs along steps of si, and at is
// square i of it (so i tiles at most precede it). Only the letters in
// letters are asked about. Load calls it for each empty square of a grid
// it walks; a table that keeps cross words up to date calls it for the few
// squares a play changes, so both read the board by the one walk.
func CrossWordAt(g *gaddag.GADDAG, sq []board.Square, at, si, i, n int, values *[tile.NumKinds]int, letters CrossSet) CrossWord {
	if alone(sq, at, si, i, n) {
		return CrossWord{Set: AllLetters}
	}
	before := 0 // tiles of the cross word before the square
	for i-before > 0 && sq[at-(before+1)*si].Letter != 0 {
		before++
	}
	after := 0
	for i+after+1 < n && sq[at+(after+1)*si].Letter != 0 {
		after++
	}
	sum := int32(0)
	for k := at - before*si; k <= at+after*si; k += si {
		if k != at && !sq[k].Blank {
			sum += int32(values[sq[k].Letter-'A'])
		}
	}
	return CrossWord{Set: crossSetOf(g, sq, at, si, before, after, letters), Base: sum, Has: true}
}

// alone reports whether no tile is next to the square at of sq on either
// side along steps of si (at is square i of n along them): then no cross
// word forms there. Most empty squares are alone, and two reads settle it.
func alone(sq []board.Square, at, si, i, n int) bool {
	return (i == 0 || sq[at-si].Letter == 0) && (i+1 == n || sq[at+si].Letter == 0)
}

// RackFit is what Load needs to know of the rack for each square's
// BestFit: the letters its tiles can be (blanks aside), and the value of
// its best tile.
type RackFit struct {
	Set uint32
	Any int32
}

// multipliers holds each premium's letter and word multipliers, indexed by
// board.Premium (one load instead of two switches per square).
var multipliers = [8]struct{ lm, wm uint8 }{
	board.NoPremium:    {1, 1},
	board.DoubleLetter: {2, 1},
	board.TripleLetter: {3, 1},
	board.DoubleWord:   {1, 2},
	board.TripleWord:   {1, 3},
	5:                  {1, 1},
	6:                  {1, 1},
	7:                  {1, 1},
}

// walkBack follows k letters of sq from index at, stepping by step.
func walkBack(g *gaddag.GADDAG, node gaddag.Node, sq []board.Square, at, step, k int) gaddag.Node {
	for ; k > 0; k-- {
		if node = g.Arc(node, int(sq[at].Letter-'A')); node == 0 {
			return 0
		}
		at += step
	}
	return node
}

// crossSetOf is the set of letters in letters that complete the cross word
// through the empty square at: before tiles precede it and after tiles
// follow it, si apart in sq.
func crossSetOf(g *gaddag.GADDAG, sq []board.Square, at, si, before, after int, letters CrossSet) CrossSet {
	if after == 0 {
		node := walkBack(g, gaddag.Root, sq, at-si, -si, before)
		if node == 0 {
			return 0
		}
		if node = g.Arc(node, gaddag.Separator); node == 0 {
			return 0
		}
		return CrossSet(g.LetterSet(node)) & letters
	}
	node := walkBack(g, gaddag.Root, sq, at+after*si, -si, after)
	if node == 0 {
		return 0
	}
	if before == 0 {
		return CrossSet(g.LetterSet(node)) & letters
	}
	var set CrossSet
	first := uint32(1) << (sq[at-before*si].Letter - 'A')
	for m := g.ArcSet(node) & uint32(letters); m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		next := walkBack(g, g.Arc(node, l), sq, at-si, -si, before-1)
		if next != 0 && g.LetterSet(next)&first != 0 {
			set |= 1 << uint(l)
		}
	}
	return set
}
