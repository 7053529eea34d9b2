package reference

import (
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/internal/line"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
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

// Search implements movegen.Generator: Stop is asked before the plays from each
// starting square are tried and, within them, every line.StopEvery tiles put
// down. A Keep search values every play.
func (e *Exhaustive) Search(a movegen.Args) bool {
	return movegen.SearchByGenerating(a, func(rec movegen.PlayRecorder, stop func() bool) bool {
		return e.generate(a.Variant, a.Board, a.Rack, rec, stop)
	})
}

func (e *Exhaustive) generate(v *variant.Variant, b *board.Board, rack tile.Rack, rec movegen.PlayRecorder, stop func() bool) bool {
	p := &position.Position{Variant: v, Board: b, Rack: rack, FirstGo: b.IsEmpty()}
	var sc line.Stop
	sc.ResetStop(stop)
	n := b.Size
	for _, dir := range [2][2]int{{0, 1}, {1, 0}} {
		for line := 0; line < n; line++ {
			for start := 0; start < n; start++ {
				r, c := line, start
				if dir[0] == 1 {
					r, c = start, line
				}
				if b.Occupied(r, c) || !reachesAnchor(v, b, r, c, dir[0], dir[1], rack.N) {
					continue
				}
				if sc.CheckStop() {
					return false
				}
				w := &exhaustiveWalk{e: e, p: p, rec: rec, dr: dir[0], dc: dir[1], rack: rack, stop: &sc}
				w.place(r, c)
			}
		}
	}
	return !sc.Halted
}

// reachesAnchor reports whether one of the first k empty squares from (r, c)
// along (dr, dc) touches a tile (or is the start square of an empty board).
// A play from (r, c) covers only those squares, so if none does, no play
// starting there can be connected and the start is skipped unexamined.
func reachesAnchor(v *variant.Variant, b *board.Board, r, c, dr, dc, k int) bool {
	empty := b.IsEmpty()
	for ; k > 0 && b.In(r, c); r, c = r+dr, c+dc {
		if b.Occupied(r, c) {
			continue
		}
		k--
		if empty && r == v.StartRow && c == v.StartCol {
			return true
		}
		if b.Occupied(r-1, c) || b.Occupied(r+1, c) || b.Occupied(r, c-1) || b.Occupied(r, c+1) {
			return true
		}
	}
	return false
}

type exhaustiveWalk struct {
	e      *Exhaustive
	p      *position.Position
	rec    movegen.PlayRecorder
	dr, dc int
	rack   tile.Rack
	tiles  []move.Placement
	stop   *line.Stop
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
	if w.stop.UntilStop--; w.stop.UntilStop < 0 && w.stop.CheckStop() {
		return
	}
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
	// The newest tile's cross word is final: if it is not a word, no
	// extension of this line can be legal.
	if cross := w.crossWord(r, c); len(cross) >= 2 && !w.e.dict.Contains(cross) {
		return
	}
	var word []byte
	for rr, cc := r0, c0; rr != nr || cc != nc; rr, cc = rr+w.dr, cc+w.dc {
		word = append(word, w.letterAt(rr, cc))
	}
	main := string(word)
	if len(main) >= 2 && w.e.prefix != nil && !w.e.prefix(main) {
		return
	}
	// Only a play whose main word is a word can be legal (a lone tile's
	// word may run the other way); rules.Check decides the rest. A lone
	// tile is the same play in both directions: report it once.
	if lone := len(w.tiles) == 1; lone && w.dr == 0 || !lone && w.e.dict.Contains(main) {
		m := move.Move{Kind: move.Play, Tiles: w.tiles}
		if res := rules.Check(w.p, m, w.e.dict); res.Legal {
			m.Score = res.Score
			w.rec(&m)
		}
	}
	w.place(nr, nc)
}

// crossWord is the perpendicular run of letters through the tile just put
// on (r, c).
func (w *exhaustiveWalk) crossWord(r, c int) string {
	b := w.p.Board
	dr, dc := w.dc, w.dr
	r0, c0 := r, c
	for b.Occupied(r0-dr, c0-dc) {
		r0, c0 = r0-dr, c0-dc
	}
	var word []byte
	for rr, cc := r0, c0; rr == r && cc == c || b.Occupied(rr, cc); rr, cc = rr+dr, cc+dc {
		word = append(word, w.letterAt(rr, cc))
	}
	return string(word)
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
