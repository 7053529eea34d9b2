package lingo

import (
	"github.com/lexico/lexico/bot/tile"
)

// Finder finds every legal move of a position and the best-scoring one. It
// is exhaustive, not heuristic: single tiles are tried on every square a
// tile may go with every letter of the pool, and moves of several tiles
// (which must all be part of one word) are built from the other end, from
// each stretch of a row or column that could become that word: its empty
// squares must all be filled, and any of its tiles may be covered, as long
// as no more than Place tiles are used. The stretch's letters must read as
// a word one way or the other, so a candidate is scored only once its
// stretch is a word; while filling, a prefix that no word contains (the
// dictionary's Fragment, when it has one) ends the branch.
//
// A Finder keeps scratch space and a Lexicon: it is not safe for
// concurrent use.
type Finder struct {
	lex  *Lexicon
	opts Options
	sc   scorer
	seen map[string]struct{}
	key  []byte

	// The search in progress.
	b     *Board
	fn    func(Move, Result)
	cand  Move
	line  [grid]struct{ r, c int }
	seg   []byte // the stretch's letters as currently filled
	slots []int  // positions in seg that receive a tile, ascending
	combo []int
	left  tile.Rack
}

// NewFinder returns a finder for games with options o.
func NewFinder(lex *Lexicon, o Options) *Finder {
	return &Finder{lex: lex, opts: o, sc: scorer{lex: lex, minLen: o.MinWordLen()}, seen: make(map[string]struct{})}
}

// Best is the highest-scoring legal move for pool on b and its score; ok
// is false only when there is no legal move (an empty pool). Among moves of
// equal score the first found wins: single tiles before several, squares
// top to bottom and left to right, letters in alphabetical order, so the
// answer is the same every time. The move's tiles are the caller's.
func (f *Finder) Best(b *Board, pool tile.Rack) (best Move, res Result, ok bool) {
	f.Each(b, pool, func(m Move, r Result) {
		if !ok || r.Score > res.Score {
			best, res, ok = m.Clone(), r, true
		}
	})
	return best, res, ok
}

// Each calls fn once for every legal move of pool on b with its result. m
// and r are valid only during the call. b is changed during the search
// and restored before Each returns.
func (f *Finder) Each(b *Board, pool tile.Rack, fn func(m Move, r Result)) {
	f.b, f.fn = b, fn
	defer func() { f.b, f.fn = nil, nil }()
	clear(f.seen)
	f.singles(pool)
	if k := min(f.opts.Place, pool.N); k >= 2 {
		f.lines(pool, k)
	}
}

// emit scores the candidate in f.cand and hands it on if the tiles stay
// within MaxSpan.
func (f *Finder) emit() {
	b := f.b
	sv := b.apply(f.cand)
	if b.bottom-b.top < MaxSpan && b.right-b.left < MaxSpan {
		f.fn(f.cand, f.sc.score(b, f.cand))
	}
	b.undo(f.cand, sv)
}

// singles tries one tile on every square of the window that touches a
// tile or holds one.
func (f *Finder) singles(pool tile.Rack) {
	b := f.b
	r0, c0, rows, cols := b.Window()
	for r := r0; r < r0+rows; r++ {
		for c := c0; c < c0+cols; c++ {
			top := b.At(r, c).Letter
			if top == 0 && !nextToOld(b, r, c) {
				continue
			}
			for i := range 26 {
				l := byte('A' + i)
				if pool.Counts[i] == 0 || (l == top && !f.opts.Repeat) {
					continue
				}
				f.cand.Tiles = append(f.cand.Tiles[:0], Placement{Row: r, Col: c, Letter: l})
				f.emit()
			}
		}
	}
}

// lines walks every row and column of the window.
func (f *Finder) lines(pool tile.Rack, maxTiles int) {
	b := f.b
	r0, c0, rows, cols := b.Window()
	for _, d := range [2]Dir{Across, Down} {
		count, length := rows, cols
		if d == Down {
			count, length = cols, rows
		}
		for k := range count {
			for i := range length {
				if d == Across {
					f.line[i].r, f.line[i].c = r0+k, c0+i
				} else {
					f.line[i].r, f.line[i].c = r0+i, c0+k
				}
			}
			f.stretches(pool, maxTiles, length)
		}
	}
}

// stretches tries every stretch [i, j] of the current line with no more
// empty squares than tiles to place.
func (f *Finder) stretches(pool tile.Rack, maxTiles, length int) {
	b := f.b
	minLen := max(2, f.opts.MinWordLen())
	for i := range length {
		empties, touches := 0, false
		for j := i; j < length; j++ {
			sq := f.line[j]
			if !b.Occupied(sq.r, sq.c) {
				empties++
				touches = touches || nextToOld(b, sq.r, sq.c)
			}
			if empties > maxTiles {
				break
			}
			if j-i+1 < minLen {
				continue
			}
			f.stretch(pool, maxTiles, i, j, empties, touches)
		}
	}
}

// stretch fills the stretch [i, j]: all its empty squares and, for each
// number of covered tiles that fits, every choice of tiles to cover.
func (f *Finder) stretch(pool tile.Rack, maxTiles, i, j, empties int, touches bool) {
	b := f.b
	occupied := j - i + 1 - empties
	f.seg = f.seg[:0]
	for k := i; k <= j; k++ {
		f.seg = append(f.seg, b.At(f.line[k].r, f.line[k].c).Letter)
	}
	lo := max(0, 2-empties) // a move of one tile is a single
	if !touches {
		lo = max(lo, 1) // only a covered tile can join these tiles to the board
	}
	for covered := lo; covered <= occupied && empties+covered <= maxTiles; covered++ {
		f.combo = f.combo[:0]
		f.choose(pool, i, 0, covered)
	}
}

// choose picks covered more occupied positions of the stretch starting at
// offset from (positions relative to the stretch start i), then fills.
func (f *Finder) choose(pool tile.Rack, i, from, covered int) {
	if covered == 0 {
		f.slots = f.slots[:0]
		ci := 0
		for k := range f.seg {
			switch {
			case f.seg[k] == 0:
				f.slots = append(f.slots, k)
			case ci < len(f.combo) && f.combo[ci] == k:
				f.slots = append(f.slots, k)
				ci++
			}
		}
		f.left = pool
		f.fill(i, 0)
		return
	}
	for k := from; k < len(f.seg); k++ {
		if f.seg[k] == 0 {
			continue
		}
		f.combo = append(f.combo, k)
		f.choose(pool, i, k+1, covered-1)
		f.combo = f.combo[:len(f.combo)-1]
	}
}

// fill gives slot s and the following ones a letter each from f.left.
func (f *Finder) fill(i, s int) {
	if s == len(f.slots) {
		f.complete(i)
		return
	}
	k := f.slots[s]
	under := f.b.At(f.line[i+k].r, f.line[i+k].c).Letter
	// Letters up to the next slot are known once this one is filled.
	end := len(f.seg)
	if s+1 < len(f.slots) {
		end = f.slots[s+1]
	}
	for l := range 26 {
		letter := byte('A' + l)
		if f.left.Counts[l] == 0 || (letter == under && !f.opts.Repeat) {
			continue
		}
		f.seg[k] = letter
		if f.lex.MayGrow(f.seg[:end]) {
			f.left.Counts[l]--
			f.fill(i, s+1)
			f.left.Counts[l]++
		}
	}
	f.seg[k] = under
}

// complete hands on the filled stretch if it reads as a word.
func (f *Finder) complete(i int) {
	if fwd, bwd := f.lex.Reads(f.seg); !fwd && !bwd {
		return
	}
	f.cand.Tiles = f.cand.Tiles[:0]
	f.key = f.key[:0]
	for _, k := range f.slots {
		sq := f.line[i+k]
		f.cand.Tiles = append(f.cand.Tiles, Placement{Row: sq.r, Col: sq.c, Letter: f.seg[k]})
		f.key = append(f.key, byte(sq.r), byte(sq.c), f.seg[k])
	}
	// The same tiles are part of other words of the line too: one move,
	// handed on once.
	if _, dup := f.seen[string(f.key)]; dup {
		return
	}
	f.seen[string(f.key)] = struct{}{}
	f.emit()
}
