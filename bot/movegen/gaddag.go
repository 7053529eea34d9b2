package movegen

import (
	"math/bits"
	"sync"

	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/tile"
	"github.com/lexico/lexico/bot/variant"
	"github.com/lexico/lexico/index/gaddag"
)

// GADDAGGenerator is Gordon's GADDAG move generator (as in domino14/macondo):
// for every anchor (an empty square beside a tile, or the start square on an
// empty board) it grows the left part of a word leftwards from the anchor,
// then crosses the separator and grows the right part, checking each tile
// against the square's CrossSet. Vertical plays are found by running the
// same row code over the transposed board.
//
// Two classic bugs are ruled out by construction (seed 003): the right part
// never reads past the last column, and the generator pivots to the right
// part only when the square left of the left part is empty or off the board,
// so a word always swallows the tiles that touch it.
type GADDAGGenerator struct {
	g    *gaddag.GADDAG
	pool sync.Pool
}

// NewGADDAG returns the generator over g.
func NewGADDAG(g *gaddag.GADDAG) *GADDAGGenerator {
	gen := &GADDAGGenerator{g: g}
	gen.pool.New = func() any { return &genState{g: g} }
	return gen
}

// Generate implements Generator. Per call it takes a reusable state from a
// pool, so concurrent calls are safe and steady-state calls do not allocate.
func (gen *GADDAGGenerator) Generate(v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder) {
	s := gen.pool.Get().(*genState)
	s.run(v, b, rack, rec)
	s.rec = nil
	s.v = nil
	gen.pool.Put(s)
}

// score accumulates a play's score as tiles are placed: the main word's
// letter sum and word multiplier, and the finished cross words.
type score struct {
	main, mult, cross, tiles int
}

// genState is the working memory of one Generate call.
type genState struct {
	g   *gaddag.GADDAG
	v   *variant.Variant
	rec PlayRecorder

	n        int
	values   [tile.NumKinds]int
	trans    board.Board
	cross    [2]crossInfo // [0] for rows of the board, [1] for rows of the transpose
	first    bool
	minWord  int
	rack     [tile.NumKinds]uint8
	rackLeft int

	// The line being generated.
	vertical   bool
	row        int
	sq         []board.Square
	prem       []board.Premium
	ci         *crossInfo
	anchor     int
	lastAnchor int
	wordStart  int
	placed     []byte // letter placed on each column of the line, 0 for none
	placedBl   []bool // whether that tile is a blank
	tiles      []move.Placement
	mv         move.Move
}

func (s *genState) run(v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder) {
	n := b.Size
	s.v, s.rec, s.n = v, rec, n
	s.values = v.Values
	s.values[tile.BlankIndex] = 0
	s.rack = rack.Counts
	s.rackLeft = rack.N
	if rack.N == 0 || n == 0 {
		return
	}
	if cap(s.placed) < n {
		s.placed = make([]byte, n)
		s.placedBl = make([]bool, n)
		s.tiles = make([]move.Placement, 0, n)
	}
	s.placed, s.placedBl = s.placed[:n], s.placedBl[:n]
	clear(s.placed)
	s.first = b.IsEmpty()
	s.minWord = 2
	if s.first && v.FirstWordMinLen > 2 {
		s.minWord = v.FirstWordMinLen
	}
	b.TransposeInto(&s.trans)
	computeCross(s.g, &s.trans, &s.values, &s.cross[0])
	computeCross(s.g, b, &s.values, &s.cross[1])
	s.mv = move.Move{Kind: move.Play}
	s.genBoard(b, false, v.StartRow, v.StartCol)
	s.genBoard(&s.trans, true, v.StartCol, v.StartRow)
}

// genBoard generates the plays along the rows of x (x is the transposed
// board when vertical). startRow, startCol is the start square in x's
// coordinates.
func (s *genState) genBoard(x *board.Board, vertical bool, startRow, startCol int) {
	n := s.n
	s.vertical = vertical
	if vertical {
		s.ci = &s.cross[1]
	} else {
		s.ci = &s.cross[0]
	}
	for r := 0; r < n; r++ {
		s.row = r
		s.sq = x.Squares[r*n : (r+1)*n]
		s.prem = x.Premiums[r*n : (r+1)*n]
		s.lastAnchor = -2
		if s.first {
			if r == startRow && startCol >= 0 && startCol < n {
				s.anchor = startCol
				s.gen(startCol, gaddag.Root, score{mult: 1})
			}
			continue
		}
		var above, below []board.Square
		if r > 0 {
			above = x.Squares[(r-1)*n : r*n]
		}
		if r+1 < n {
			below = x.Squares[(r+1)*n : (r+2)*n]
		}
		for c := 0; c < n; c++ {
			if s.sq[c].Letter != 0 {
				continue
			}
			if !(c > 0 && s.sq[c-1].Letter != 0 || c+1 < n && s.sq[c+1].Letter != 0 ||
				above != nil && above[c].Letter != 0 || below != nil && below[c].Letter != 0) {
				continue
			}
			s.anchor = c
			s.gen(c, gaddag.Root, score{mult: 1})
			s.lastAnchor = c
		}
	}
}

// gen puts a letter on column col (the board's tile, or each rack tile the
// GADDAG and the cross set allow) and continues the word from node.
func (s *genState) gen(col int, node gaddag.Node, sc score) {
	g := s.g
	if sq := s.sq[col]; sq.Letter != 0 {
		l := int(sq.Letter - 'A')
		if !sq.Blank {
			sc.main += s.values[l]
		}
		if (g.ArcSet(node)|g.LetterSet(node))&(1<<uint(l)) == 0 {
			return
		}
		s.goOn(col, l, node, g.Arc(node, l), sc)
		return
	}
	if s.rackLeft == 0 {
		return
	}
	possible := uint32(s.ci.set[s.crossIndex(col)]) & (g.ArcSet(node) | g.LetterSet(node))
	if possible == 0 {
		return
	}
	prem := s.prem[col]
	lm, wm := prem.LetterMultiplier(), prem.WordMultiplier()
	ci := s.crossIndex(col)
	hasCross := s.ci.has[ci]
	crossBase := int(s.ci.score[ci])
	for m := possible; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		next := g.Arc(node, l)
		for _, blank := range [2]bool{false, true} {
			k := l
			if blank {
				k = tile.BlankIndex
			}
			if s.rack[k] == 0 {
				continue
			}
			s.rack[k]--
			s.rackLeft--
			s.placed[col] = byte('A' + l)
			s.placedBl[col] = blank
			lv := 0
			if !blank {
				lv = s.values[l] * lm
			}
			nsc := score{main: sc.main + lv, mult: sc.mult * wm, cross: sc.cross, tiles: sc.tiles + 1}
			if hasCross {
				nsc.cross += (crossBase + lv) * wm
			}
			s.goOn(col, l, node, next, nsc)
			s.rack[k]++
			s.rackLeft++
		}
	}
	s.placed[col] = 0
}

// crossIndex is where the cross information of column col of the current
// line is stored.
func (s *genState) crossIndex(col int) int { return s.row*s.n + col }

// goOn continues after letter l went on col: record the word if it is
// complete, then extend it leftwards (while left of or on the anchor) or
// rightwards.
func (s *genState) goOn(col, l int, old, next gaddag.Node, sc score) {
	g := s.g
	n := s.n
	ends := g.LetterSet(old)&(1<<uint(l)) != 0
	if col <= s.anchor {
		leftEmpty := col == 0 || s.sq[col-1].Letter == 0
		rightEmpty := s.anchor+1 == n || s.sq[s.anchor+1].Letter == 0
		if ends && leftEmpty && rightEmpty {
			s.record(col, s.anchor, sc)
		}
		if next == 0 {
			return
		}
		if col > 0 && col-1 != s.lastAnchor {
			s.gen(col-1, next, sc)
		}
		if leftEmpty && s.anchor+1 < n {
			if sep := g.Arc(next, gaddag.Separator); sep != 0 {
				s.wordStart = col
				s.gen(s.anchor+1, sep, sc)
			}
		}
		return
	}
	if ends && (col+1 == n || s.sq[col+1].Letter == 0) {
		s.record(s.wordStart, col, sc)
	}
	if next != 0 && col+1 < n {
		s.gen(col+1, next, sc)
	}
}

// record reports the play whose main word spans columns start..end.
func (s *genState) record(start, end int, sc score) {
	if end-start+1 < s.minWord {
		return
	}
	if sc.tiles == 1 && s.vertical {
		// A lone tile that also touches a tile across was reported by the
		// horizontal pass (with this word as its cross word).
		for c := start; c <= end; c++ {
			if s.placed[c] != 0 && s.ci.has[s.crossIndex(c)] {
				return
			}
		}
	}
	ts := s.tiles[:0]
	for c := start; c <= end; c++ {
		if s.placed[c] == 0 {
			continue
		}
		p := move.Placement{Row: s.row, Col: c, Letter: s.placed[c], Blank: s.placedBl[c]}
		if s.vertical {
			p.Row, p.Col = c, s.row
		}
		ts = append(ts, p)
	}
	s.tiles = ts
	total := sc.main*sc.mult + sc.cross
	if sc.tiles == s.v.RackSize {
		total += s.v.BingoBonus
	}
	s.mv.Tiles = ts
	s.mv.Score = total
	s.rec(&s.mv)
}
