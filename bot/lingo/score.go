package lingo

import "github.com/lexico/lexico/index/gaddag"

// Dir is an axis of the board: Across and Down on the square board; on the
// hexagonal board Across runs down to the right, Down straight down, and
// Rising up to the right (see Board).
type Dir uint8

const (
	Across Dir = iota
	Down
	Rising
)

func (d Dir) String() string {
	switch d {
	case Down:
		return "down"
	case Rising:
		return "rising"
	}
	return "across"
}

// step is the direction of reading along d, in internal coordinates.
func (d Dir) step() (dr, dc int) {
	switch d {
	case Down:
		return 1, 0
	case Rising:
		return -1, 1
	}
	return 0, 1
}

// Word is one scored word.
type Word struct {
	// Text is the word as the dictionary spells it: a word read backwards
	// (bottom to top, or right to left) is written the way it reads.
	Text string
	// Row, Col is the span's first square (leftmost, or topmost on the
	// square board's Down), Len its length, Dir its axis.
	Row, Col, Len int
	Dir           Dir
	// Backwards says the word reads right to left or bottom to top.
	Backwards bool
	// Score is (sum of the letter values) * (Len - 1).
	Score int
}

// Result is what a move scores. Score = Sum * len(Words).
type Result struct {
	Words []Word
	// Sum is the words' scores added up, before the multiplier.
	Sum   int
	Score int
}

// WordScore is the seed's word score: total letter value times (length - 1).
func WordScore(letters []byte) int {
	sum := 0
	for _, c := range letters {
		sum += Values[c-'A']
	}
	return sum * (len(letters) - 1)
}

// scorer holds the scratch the scoring reuses, so scoring a candidate does
// not allocate until it finds a word.
type scorer struct {
	lex    *Lexicon
	minLen int
	line   []byte
	// quiet: the move finder's mode. Words are not spelt (Text is empty)
	// and the Words slice is reused from one call to the next, so scoring a
	// candidate allocates nothing; the finder spells out only the move it
	// keeps.
	quiet bool
	words []Word
}

// score scores move m, already applied to b, by the seed's rules: for each
// new tile and each axis only the highest-scoring word through the tile
// counts (read either way, not necessarily filling the line); a word that
// is the best for several tiles counts once; the words' scores are added
// and multiplied by the number of words.
//
// The seed leaves ties open; see best for the rule used here.
func (s *scorer) score(b *Board, m Move) Result {
	var res Result
	if s.quiet {
		res.Words = s.words[:0]
	}
	for _, p := range m.Tiles {
		for _, d := range b.Axes() {
			w, ok := s.best(b, p.Row, p.Col, d)
			if !ok || hasSpan(res.Words, w) {
				continue
			}
			res.Words = append(res.Words, w)
			res.Sum += w.Score
		}
	}
	res.Score = res.Sum * len(res.Words)
	if s.quiet {
		s.words = res.Words
	}
	return res
}

func hasSpan(ws []Word, w Word) bool {
	for _, x := range ws {
		if x.Dir == w.Dir && x.Row == w.Row && x.Col == w.Col && x.Len == w.Len {
			return true
		}
	}
	return false
}

// run reads the occupied line through (row, col) along d into s.line and
// returns the square of its first letter and the position of (row, col).
func (s *scorer) run(b *Board, row, col int, d Dir) (r0, c0, pos int) {
	dr, dc := d.step()
	r0, c0 = row, col
	for b.Occupied(r0-dr, c0-dc) {
		r0, c0 = r0-dr, c0-dc
	}
	s.line = s.line[:0]
	for r, c := r0, c0; b.Occupied(r, c); r, c = r+dr, c+dc {
		if r == row && c == col {
			pos = len(s.line)
		}
		s.line = append(s.line, b.At(r, c).Letter)
	}
	return r0, c0, pos
}

// best is the highest-scoring word along d through (row, col). Ties in
// score go to the longer word, then to the one starting first (leftmost or
// topmost), so the answer does not depend on the order spans are tried.
func (s *scorer) best(b *Board, row, col int, d Dir) (Word, bool) {
	r0, c0, pos := s.run(b, row, col, d)
	line := s.line
	bi, bj, bestScore, bfwd := -1, -1, -1, false
	consider := func(i, j int, fwd bool) {
		n := j - i + 1
		if n < s.minLen {
			return
		}
		sc := WordScore(line[i : j+1])
		switch {
		case sc > bestScore || (sc == bestScore && (n > bj-bi+1 || (n == bj-bi+1 && i < bi))):
			bi, bj, bestScore, bfwd = i, j, sc, fwd
		case i == bi && j == bj:
			bfwd = bfwd || fwd
		}
	}
	if g := s.lex.gaddag; g != nil && len(line) <= gaddag.MaxWordLen {
		// The GADDAG holds every word of the line's length: its spans
		// through pos, read forwards, then on the reversed line.
		gaddagSpans(g, line, pos, func(i, j int) { consider(i, j, true) })
		last := len(line) - 1
		rev := s.lex.reverse(line)
		gaddagSpans(g, rev, last-pos, func(i, j int) { consider(last-j, last-i, false) })
	} else {
		for i := pos; i >= 0; i-- {
			if !s.lex.MayGrow(line[i : pos+1]) {
				break // every span from i or further left contains it
			}
			for j := pos; j < len(line); j++ {
				w := line[i : j+1]
				if j > pos && !s.lex.MayGrow(w) {
					break
				}
				if len(w) < s.minLen || WordScore(w) < bestScore {
					continue
				}
				if fwd, bwd := s.lex.Reads(w); fwd || bwd {
					consider(i, j, fwd)
				}
			}
		}
	}
	if bi < 0 {
		return Word{}, false
	}
	w := line[bi : bj+1]
	dr, dc := d.step()
	out := Word{Row: r0 + bi*dr, Col: c0 + bi*dc, Len: len(w), Dir: d, Backwards: !bfwd, Score: bestScore}
	switch {
	case s.quiet:
	case bfwd:
		out.Text = string(w)
	default:
		out.Text = s.lex.reversed(w)
	}
	return out, true
}

// gaddagSpans calls visit for every span [i, j] of line that contains pos
// and is a word read forwards, walking the GADDAG from pos: leftwards
// along REV(line[i..pos]), then past the separator rightwards.
func gaddagSpans(g *gaddag.GADDAG, line []byte, pos int, visit func(i, j int)) {
	n := gaddag.Root
	for i := pos; i >= 0; i-- {
		c := int(line[i] - 'A')
		if i < pos && g.LetterSet(n)&(1<<uint(c)) != 0 {
			visit(i, pos)
		}
		if n = g.Arc(n, c); n == 0 {
			return
		}
		m := g.Arc(n, gaddag.Separator)
		for j := pos + 1; m != 0 && j < len(line); j++ {
			cj := int(line[j] - 'A')
			if g.LetterSet(m)&(1<<uint(cj)) != 0 {
				visit(i, j)
			}
			m = g.Arc(m, cj)
		}
	}
}

// spanWord reports whether some word of at least minLen letters along d
// covers the n squares from (row, col) on: the seed's rule that tiles
// placed together must all be part of the same valid word.
func (s *scorer) spanWord(b *Board, row, col int, d Dir, n int) bool {
	_, _, lo := s.run(b, row, col, d)
	line := s.line
	hi := lo + n - 1
	if hi >= len(line) {
		return false
	}
	for i := lo; i >= 0; i-- {
		if !s.lex.MayGrow(line[i : hi+1]) {
			return false
		}
		for j := hi; j < len(line); j++ {
			w := line[i : j+1]
			if !s.lex.MayGrow(w) {
				break
			}
			if len(w) < s.minLen {
				continue
			}
			if fwd, bwd := s.lex.Reads(w); fwd || bwd {
				return true
			}
		}
	}
	return false
}
