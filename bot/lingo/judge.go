package lingo

import (
	"fmt"

	"github.com/lexico/lexico/bot/game/tile"
)

// Judge checks move m on board b for a player whose pool is pool, and
// scores it. A refusal wraps ErrIllegal and names the rule. b is left as
// it was.
//
// The placement rules, from the seed, with the choices it leaves open:
//   - A move places 1 to o.Place tiles from the pool; there is no passing.
//   - A tile goes on an empty square or on top of a tile (a stack), but not
//     on a tile showing the same letter unless o.Repeat.
//   - "Tiles must be placed adjacent to at least one other tile": every new
//     tile on an empty square touches a tile (side by side, not corner to
//     corner, on the square board), and the move as a whole touches the
//     tiles already there (two new tiles touching only each other would
//     start a second board). A stacked tile touches the tile beneath it.
//   - Several tiles placed in one move lie in one line (row or column; on
//     the hexagonal board one of three axes) with no gap and all belong to
//     one word of the dictionary (read either way, at least o.MinWordLen
//     letters) in that line.
//   - Squares are named in the window (see Board), and the tiles may not
//     spread over more than MaxSpan rows or columns.
func Judge(b *Board, pool tile.Rack, m Move, lex *Lexicon, o Options) (Result, error) {
	illegal := func(format string, args ...any) (Result, error) {
		return Result{}, fmt.Errorf("%w: %s", ErrIllegal, fmt.Sprintf(format, args...))
	}
	n := len(m.Tiles)
	switch {
	case n == 0:
		return illegal("a move places at least one tile (there is no passing in Lingo)")
	case n > o.Place || n > MaxPlaceable:
		return illegal("%d tiles placed; a move places at most %d", n, min(o.Place, MaxPlaceable))
	}
	names := make([]string, n)
	left := pool
	for i, p := range m.Tiles {
		if p.Letter < 'A' || p.Letter > 'Z' {
			return illegal("%q is not a tile", p.Letter)
		}
		if !b.InWindow(p.Row, p.Col) {
			return illegal("tile %c is placed off the board", p.Letter)
		}
		names[i] = b.Name(p.Row, p.Col)
		if !left.Remove(p.Letter) {
			return illegal("no %c left in the pool (%s)", p.Letter, pool.String())
		}
		for j := range i {
			if q := m.Tiles[j]; q.Row == p.Row && q.Col == p.Col {
				return illegal("two tiles on %s in one move", names[i])
			}
		}
		if s := b.At(p.Row, p.Col); s.Letter == p.Letter && !o.Repeat {
			return illegal("%s already shows %c: a tile may not be stacked on the same letter (unless the repeat option is on)", names[i], p.Letter)
		}
	}
	touches := false
	for i, p := range m.Tiles {
		if b.Occupied(p.Row, p.Col) || nextToOld(b, p.Row, p.Col) {
			touches = true
			continue
		}
		if !nextToNew(b, m, i) {
			return illegal("%c on %s touches no tile: tiles must be placed next to a tile", p.Letter, names[i])
		}
	}
	if !touches {
		return illegal("the tiles touch none already on the board: place them next to a tile")
	}
	sv := b.apply(m)
	defer b.undo(m, sv)
	if !b.inSpan() {
		return illegal("the tiles would spread over more than %d columns or rows", MaxSpan)
	}
	sc := scorer{lex: lex, minLen: o.MinWordLen()}
	if n > 1 {
		d, first, length, ok := line(b, m)
		if !ok {
			return illegal("tiles placed in one move must lie in one line (they must all be part of the same word)")
		}
		dr, dc := d.step()
		for k := range length {
			if !b.Occupied(first.Row+k*dr, first.Col+k*dc) {
				return illegal("the tiles leave a gap: tiles placed in one move must all be part of the same word")
			}
		}
		if !sc.spanWord(b, first.Row, first.Col, d, length) {
			return illegal("no word reads through all of %s (forwards or backwards, %d letters or more): tiles placed in one move must all be part of the same valid word",
				joinAnd(names), o.MinWordLen())
		}
	}
	return sc.score(b, m), nil
}

// nextToOld reports whether a tile stands beside (row, col).
func nextToOld(b *Board, row, col int) bool {
	for _, n := range b.neighbours() {
		if b.Occupied(row+n[0], col+n[1]) {
			return true
		}
	}
	return false
}

// nextToNew reports whether another tile of m stands beside tile i.
func nextToNew(b *Board, m Move, i int) bool {
	p := m.Tiles[i]
	for j, q := range m.Tiles {
		if j != i && b.adjacent(p.Row, p.Col, q.Row, q.Col) {
			return true
		}
	}
	return false
}

// line finds the axis m's tiles share, the first of them along it and the
// number of squares from the first tile to the last.
func line(b *Board, m Move) (d Dir, first Placement, length int, ok bool) {
	for _, d := range b.Axes() {
		dr, dc := d.step()
		// Squares of one line share this key; pos orders them along it.
		key := func(p Placement) int { return p.Row*dc - p.Col*dr }
		pos := func(p Placement) int { return p.Row*dr + p.Col*dc }
		first, last := m.Tiles[0], m.Tiles[0]
		same := true
		for _, p := range m.Tiles[1:] {
			if key(p) != key(first) {
				same = false
				break
			}
			if pos(p) < pos(first) {
				first = p
			}
			if pos(p) > pos(last) {
				last = p
			}
		}
		if same {
			// Steps along d change pos by dr*dr + dc*dc.
			return d, first, (pos(last)-pos(first))/(dr*dr+dc*dc) + 1, true
		}
	}
	return 0, Placement{}, 0, false
}
