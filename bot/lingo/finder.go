package lingo

import (
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/index/gaddag"
)

// Finder finds every legal move of a position and the best-scoring one. It
// is exhaustive, not heuristic: single tiles are tried on every square a
// tile may go with every letter of the pool, and moves of several tiles
// (which must all be part of one word) are built from the other end, from
// the word: from every square of every line (rows and columns; the three
// axes of the hexagonal board) a stretch is grown square by square, each
// empty square taking a tile from the pool and each tile kept or covered,
// until Place tiles are used. Whenever the stretch reads as a word one way
// or the other, its tiles are a candidate, scored in full. A stretch no
// word can come from grows no further: with the index's GADDAG (see
// Automaton) the walk knows this exactly, else the dictionary's Fragment
// tells, when it has one. This pruning is what keeps large Place values
// affordable.
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
	b        *Board
	fn       func(Move, Result)
	cand     Move
	line     [grid]struct{ r, c int }
	seg      []byte // the stretch's letters as currently filled
	slots    []int  // positions in seg that receive a tile, ascending
	left     tile.Rack
	maxTiles int
}

// NewFinder returns a finder for games with options o.
func NewFinder(lex *Lexicon, o Options) *Finder {
	return &Finder{lex: lex, opts: o, sc: scorer{lex: lex, minLen: o.MinWordLen(), quiet: true}, seen: make(map[string]struct{})}
}

// Best is the highest-scoring legal move for pool on b and its score; ok
// is false only when there is no legal move (an empty pool). Among moves of
// equal score the first found wins: single tiles before several, squares
// top to bottom and left to right, letters in alphabetical order, so the
// answer is the same every time. The move and the result (its words
// spelt) are the caller's.
func (f *Finder) Best(b *Board, pool tile.Rack) (best Move, res Result, ok bool) {
	f.Each(b, pool, func(m Move, r Result) {
		if !ok || r.Score > res.Score {
			best.Tiles = append(best.Tiles[:0], m.Tiles...)
			res, ok = r, true
		}
	})
	if !ok {
		return Move{}, Result{}, false
	}
	sv := b.apply(best)
	sc := scorer{lex: f.lex, minLen: f.sc.minLen}
	res = sc.score(b, best)
	b.undo(best, sv)
	return best, res, true
}

// Each calls fn once for every legal move of pool on b with its result,
// the words' Text left empty (Judge spells them): m and r are valid only
// during the call, and the search allocates nothing per candidate but
// the key that stops a move of several tiles being handed on twice. b is
// changed during the search and restored before Each returns.
func (f *Finder) Each(b *Board, pool tile.Rack, fn func(m Move, r Result)) {
	f.b, f.fn = b, fn
	defer func() { f.b, f.fn = nil, nil }()
	clear(f.seen)
	f.singles(pool)
	if k := min(f.opts.Place, pool.N, MaxPlaceable); k >= 2 {
		f.lines(pool, k)
	}
}

// emit scores the candidate in f.cand and hands it on if the tiles stay
// within MaxSpan.
func (f *Finder) emit() {
	b := f.b
	sv := b.apply(f.cand)
	if b.inSpan() {
		f.fn(f.cand, f.sc.score(b, f.cand))
	}
	b.undo(f.cand, sv)
}

// singles tries one tile on every square of the window that touches a
// tile or holds one.
func (f *Finder) singles(pool tile.Rack) {
	b := f.b
	b.eachCell(func(r, c int) {
		top := b.At(r, c).Letter
		if top == 0 && !nextToOld(b, r, c) {
			return
		}
		for i := range 26 {
			l := byte('A' + i)
			if pool.Counts[i] == 0 || (l == top && !f.opts.Repeat) {
				continue
			}
			f.cand.Tiles = append(f.cand.Tiles[:0], Placement{Row: r, Col: c, Letter: l})
			f.emit()
		}
	})
}

// lines walks every line of the window along every axis: the window is
// convex, so a line's squares in it are a run, starting where the square
// before is outside.
func (f *Finder) lines(pool tile.Rack, maxTiles int) {
	b := f.b
	f.maxTiles, f.left = maxTiles, pool
	for _, d := range b.Axes() {
		dr, dc := d.step()
		b.eachCell(func(r, c int) {
			if b.InWindow(r-dr, c-dc) {
				return
			}
			length := 0
			for ; b.InWindow(r, c); r, c = r+dr, c+dc {
				f.line[length].r, f.line[length].c = r, c
				length++
			}
			for i := range length {
				f.seg, f.slots = f.seg[:0], f.slots[:0]
				f.walk(i, i, length, 0, 0, false, reading{})
			}
		})
	}
}

// walk grows the stretch that starts at square i of the line by square
// pos: an empty square must take a tile; a tile may be kept or covered.
// Every stretch of two tiles or more that reads as a word is a candidate;
// a stretch no word contains grows no further. placed counts the tiles
// placed so far, covered those on top of a tile, touches whether a tile
// placed on an empty square is beside a tile already there: one of the
// two must join the new tiles to the board. at is where the stretch
// stands in the GADDAG, when the dictionary has one.
func (f *Finder) walk(i, pos, length, placed, covered int, touches bool, at reading) {
	if pos == length {
		return
	}
	b := f.b
	sq := f.line[pos]
	top := b.At(sq.r, sq.c).Letter
	if top != 0 {
		f.grow(i, pos, length, placed, covered, touches, at, top)
	}
	if placed == f.maxTiles {
		return
	}
	if top == 0 {
		touches = touches || nextToOld(b, sq.r, sq.c)
	} else {
		covered++
	}
	f.slots = append(f.slots, pos-i)
	for l := range 26 {
		letter := byte('A' + l)
		if f.left.Counts[l] == 0 || (letter == top && !f.opts.Repeat) {
			continue
		}
		f.left.Counts[l]--
		f.grow(i, pos, length, placed+1, covered, touches, at, letter)
		f.left.Counts[l]++
	}
	f.slots = f.slots[:len(f.slots)-1]
}

// grow puts letter on square pos of the stretch, hands the stretch on if it
// is a word, and walks on if a word may still come.
func (f *Finder) grow(i, pos, length, placed, covered int, touches bool, at reading, letter byte) {
	f.seg = append(f.seg, letter)
	if g := f.lex.gaddag; g != nil {
		next, word := at.extend(g, len(f.seg) == 1, letter)
		if word {
			f.candidate(i, placed, covered, touches, true)
		}
		if next.fwdOK || next.bwdOK {
			f.walk(i, pos+1, length, placed, covered, touches, next)
		}
	} else if f.lex.MayGrow(f.seg) {
		f.candidate(i, placed, covered, touches, false)
		f.walk(i, pos+1, length, placed, covered, touches, at)
	}
	f.seg = f.seg[:len(f.seg)-1]
}

// reading is a stretch's place in the GADDAG read both ways: fwd follows
// the rotation first letter ^ the rest (the stretch as the start of a
// word), bwd the stretch as it stands, which is the word read backwards
// reversed (a word ending in the stretch's first letter). Either reaches a
// letter set that says whether one more letter ends a word, so the walk
// knows at every square whether the stretch is a word, and stops when
// neither reading leads on: an exact test, unlike the Bloom filter's.
type reading struct {
	fwd, bwd     gaddag.Node
	fwdOK, bwdOK bool
}

// extend is the reading after letter (first: the stretch's first letter),
// and whether the stretch ending in letter is a word either way.
func (at reading) extend(g *gaddag.GADDAG, first bool, letter byte) (next reading, word bool) {
	l := int(letter - 'A')
	if first {
		if n := g.Arc(gaddag.Root, l); n != 0 {
			next.bwd, next.bwdOK = n, true
			if s := g.Arc(n, gaddag.Separator); s != 0 {
				next.fwd, next.fwdOK = s, true
			}
		}
		return next, false
	}
	bit := uint32(1) << uint(l)
	if at.fwdOK {
		word = g.LetterSet(at.fwd)&bit != 0
		if n := g.Arc(at.fwd, l); n != 0 {
			next.fwd, next.fwdOK = n, true
		}
	}
	if at.bwdOK {
		word = word || g.LetterSet(at.bwd)&bit != 0
		if n := g.Arc(at.bwd, l); n != 0 {
			next.bwd, next.bwdOK = n, true
		}
	}
	return next, word
}

// candidate hands on the stretch as it stands if it is a move of several
// tiles joined to the board and reads as a word (isWord: already known to).
func (f *Finder) candidate(i, placed, covered int, touches, isWord bool) {
	if placed < 2 || len(f.seg) < f.sc.minLen || (!touches && covered == 0) {
		return
	}
	if !isWord {
		if fwd, bwd := f.lex.Reads(f.seg); !fwd && !bwd {
			return
		}
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
