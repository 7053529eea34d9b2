package lingo

// Dir is an axis of the square board.
type Dir uint8

const (
	Across Dir = iota
	Down
)

func (d Dir) String() string {
	if d == Down {
		return "down"
	}
	return "across"
}

// step is the direction of reading along d.
func (d Dir) step() (dr, dc int) {
	if d == Down {
		return 1, 0
	}
	return 0, 1
}

// Word is one scored word.
type Word struct {
	// Text is the word as the dictionary spells it: a word read backwards
	// (bottom to top, or right to left) is written the way it reads.
	Text string
	// Row, Col is the span's first square (leftmost or topmost), Len its
	// length, Dir its axis.
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
// The seed leaves ties open; here the longer word wins a tie in score, and
// between words of the same score and length the one found first (the
// span nearest the tile's right or bottom end).
func (s *scorer) score(b *Board, m Move) Result {
	var res Result
	if s.quiet {
		res.Words = s.words[:0]
	}
	for _, p := range m.Tiles {
		for _, d := range [2]Dir{Across, Down} {
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

// best is the highest-scoring word along d through (row, col).
func (s *scorer) best(b *Board, row, col int, d Dir) (Word, bool) {
	r0, c0, pos := s.run(b, row, col, d)
	line := s.line
	bi, bj, bestScore := -1, -1, -1
	for i := pos; i >= 0; i-- {
		if !s.lex.MayGrow(line[i : pos+1]) {
			break // every span from i or further left contains it
		}
		for j := pos; j < len(line); j++ {
			w := line[i : j+1]
			if j > pos && !s.lex.MayGrow(w) {
				break
			}
			if len(w) < s.minLen {
				continue
			}
			sc := WordScore(w)
			if sc < bestScore || (sc == bestScore && len(w) <= bj-bi+1) {
				continue
			}
			if fwd, bwd := s.lex.Reads(w); fwd || bwd {
				bi, bj, bestScore = i, j, sc
			}
		}
	}
	if bi < 0 {
		return Word{}, false
	}
	w := line[bi : bj+1]
	fwd, _ := s.lex.Reads(w)
	dr, dc := d.step()
	out := Word{Row: r0 + bi*dr, Col: c0 + bi*dc, Len: len(w), Dir: d, Backwards: !fwd, Score: bestScore}
	switch {
	case s.quiet:
	case fwd:
		out.Text = string(w)
	default:
		out.Text = s.lex.reversed(w)
	}
	return out, true
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
