package movegen

import (
	"github.com/lexico/lexico/bot/board"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/position"
	"github.com/lexico/lexico/bot/rules"
	"github.com/lexico/lexico/bot/tile"
	"github.com/lexico/lexico/bot/variant"
)

// Prefixer is optionally implemented by a dictionary to let the exhaustive
// generator abandon a line whose letters so far begin no word. It may answer
// true for a string that begins no word (a Bloom filter does); it must never
// answer false for one that does.
type Prefixer interface {
	HasPrefix(s string) bool
}

// fragmenter is the index's test: s occurs somewhere in a word. Every prefix
// of a word is such a fragment, so it serves as a Prefixer.
type fragmenter interface {
	Fragment(s string) bool
}

// Exhaustive is the plainly correct generator, for tests: along every row
// and column, from every empty square, it puts every ordered choice of rack
// tiles (blanks as every letter) on the empty squares in turn, and asks
// rules.Check whether the result is legal and what it scores. Its only
// shortcut is dropping a line whose main word so far is not the start of any
// word, when the dictionary can say so. It is thousands of times slower than
// the GADDAG generator; do not use it to play.
type Exhaustive struct {
	dict   rules.Dictionary
	prefix func(string) bool
}

// NewExhaustive checks words against dict. If dict implements Prefixer (or
// the index's Fragment), lines that can never become a word are cut early.
func NewExhaustive(dict rules.Dictionary) *Exhaustive {
	e := &Exhaustive{dict: dict}
	switch p := dict.(type) {
	case Prefixer:
		e.prefix = p.HasPrefix
	case fragmenter:
		e.prefix = p.Fragment
	}
	return e
}

// Generate implements Generator.
func (e *Exhaustive) Generate(v *variant.Variant, b *board.Board, rack tile.Rack, rec PlayRecorder) {
	p := &position.Position{Variant: v, Board: b, Rack: rack, FirstGo: b.IsEmpty()}
	n := b.Size
	for _, dir := range [2][2]int{{0, 1}, {1, 0}} {
		for line := 0; line < n; line++ {
			for start := 0; start < n; start++ {
				r, c := line, start
				if dir[0] == 1 {
					r, c = start, line
				}
				if b.Occupied(r, c) {
					continue
				}
				w := &exhaustiveWalk{e: e, p: p, rec: rec, dr: dir[0], dc: dir[1], rack: rack}
				w.place(r, c)
			}
		}
	}
}

type exhaustiveWalk struct {
	e      *Exhaustive
	p      *position.Position
	rec    PlayRecorder
	dr, dc int
	rack   tile.Rack
	tiles  []move.Placement
}

// place puts each possible tile on the empty square (r, c), reports the play
// if legal, and continues on the next empty square along the line.
func (w *exhaustiveWalk) place(r, c int) {
	b := w.p.Board
	if !b.In(r, c) || w.rack.N == 0 {
		return
	}
	for k := 0; k < tile.NumKinds; k++ {
		if w.rack.Counts[k] == 0 {
			continue
		}
		blank := k == tile.BlankIndex
		for l := 0; l < 26; l++ {
			if !blank && l != k {
				continue
			}
			w.rack.Counts[k]--
			w.rack.N--
			w.tiles = append(w.tiles, move.Placement{Row: r, Col: c, Letter: byte('A' + l), Blank: blank})
			w.visit(r, c)
			w.tiles = w.tiles[:len(w.tiles)-1]
			w.rack.Counts[k]++
			w.rack.N++
		}
	}
}

// visit checks the current tiles and goes on to the next empty square.
func (w *exhaustiveWalk) visit(r, c int) {
	b := w.p.Board
	// The main word so far: from the first tile of the run through the
	// first placed tile, up to the last tile after the newest one.
	r0, c0 := w.tiles[0].Row, w.tiles[0].Col
	for b.Occupied(r0-w.dr, c0-w.dc) {
		r0, c0 = r0-w.dr, c0-w.dc
	}
	nr, nc := r+w.dr, c+w.dc
	for b.Occupied(nr, nc) {
		nr, nc = nr+w.dr, nc+w.dc
	}
	if w.e.prefix != nil {
		var word []byte
		for rr, cc := r0, c0; rr != nr || cc != nc; rr, cc = rr+w.dr, cc+w.dc {
			word = append(word, w.letterAt(rr, cc))
		}
		if len(word) >= 2 && !w.e.prefix(string(word)) {
			return
		}
	}
	// A lone tile is the same play in both directions: report it once.
	if !(len(w.tiles) == 1 && w.dr == 1) {
		m := move.Move{Kind: move.Play, Tiles: w.tiles}
		if res := rules.Check(w.p, m, w.e.dict); res.Legal {
			m.Score = res.Score
			w.rec(&m)
		}
	}
	w.place(nr, nc)
}

// letterAt is the letter on (r, c): an old tile or one of the placed ones.
func (w *exhaustiveWalk) letterAt(r, c int) byte {
	if s := w.p.Board.At(r, c); !s.Empty() {
		return s.Letter
	}
	for _, t := range w.tiles {
		if t.Row == r && t.Col == c {
			return t.Letter
		}
	}
	return 0
}
