package rules

import (
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// Word is one word a play forms, read from the board with the play's tiles
// on it (never from text sent with the move), and what it scores.
type Word struct {
	// Word is the letters in reading order, upper case; a blank shows the
	// letter it stands for.
	Word  string `json:"word"`
	Score int    `json:"score"`
	// Valid reports whether the dictionary holds the word (set by Check and
	// Validate; Score leaves it false because it has no dictionary).
	Valid bool `json:"valid"`
}

// overlay is the board seen as if the play's tiles stood on it, without
// writing to the board: Score is called concurrently by move generators on a
// shared board, so it must not mutate it.
type overlay struct {
	b     *board.Board
	tiles []move.Placement
}

// placed is the index in tiles of the tile the play puts on (r, c), or -1.
func (o overlay) placed(r, c int) int {
	for i, p := range o.tiles {
		if p.Row == r && p.Col == c {
			return i
		}
	}
	return -1
}

func (o overlay) occupied(r, c int) bool {
	return o.b.Occupied(r, c) || o.placed(r, c) >= 0
}

// run finds the extent of the line of tiles through (r, c) in direction
// (dr, dc): its first square and its length.
func (o overlay) run(r, c, dr, dc int) (r0, c0, n int) {
	for o.occupied(r-dr, c-dc) {
		r, c = r-dr, c-dc
	}
	r0, c0 = r, c
	for o.occupied(r, c) {
		n++
		r, c = r+dr, c+dc
	}
	return r0, c0, n
}

// word reads and scores the n squares from (r, c) in direction (dr, dc).
// Premiums count only under the play's own tiles: a premium under an old tile
// was used by the move that covered it.
func (o overlay) word(v *variant.Variant, r, c, dr, dc, n int) Word {
	var sb strings.Builder
	sb.Grow(n)
	sum, mult := 0, 1
	for ; n > 0; n-- {
		if i := o.placed(r, c); i >= 0 {
			p := o.tiles[i]
			sb.WriteByte(p.Letter)
			prem := o.b.PremiumAt(r, c)
			if !p.Blank {
				sum += v.Values[tile.Index(p.Letter)] * prem.LetterMultiplier()
			}
			mult *= prem.WordMultiplier()
		} else {
			s := o.b.At(r, c)
			sb.WriteByte(s.Letter)
			if !s.Blank {
				sum += v.Values[tile.Index(s.Letter)]
			}
		}
		r, c = r+dr, c+dc
	}
	return Word{Word: sb.String(), Score: sum * mult}
}

// direction is the play's line: (0, 1) along a row, (1, 0) down a column.
// A single tile runs along its row when it touches a tile left or right of it,
// else down its column; its word the other way is then a cross word, so both
// words of a lone tile are counted exactly once. ok is false when the tiles
// share neither a row nor a column.
func direction(o overlay) (dr, dc int, ok bool) {
	ts := o.tiles
	if len(ts) == 1 {
		r, c := ts[0].Row, ts[0].Col
		if o.b.Occupied(r, c-1) || o.b.Occupied(r, c+1) {
			return 0, 1, true
		}
		return 1, 0, true
	}
	sameRow, sameCol := true, true
	for _, p := range ts[1:] {
		sameRow = sameRow && p.Row == ts[0].Row
		sameCol = sameCol && p.Col == ts[0].Col
	}
	switch {
	case sameRow:
		return 0, 1, true
	case sameCol:
		return 1, 0, true
	}
	return 0, 0, false
}

// mainLine is where the play's main word lies: the play's line (direction)
// and the run of tiles along it through the play's first tile, n squares
// from (r0, c0). ok is false when the tiles share neither a row nor a
// column.
func (o overlay) mainLine() (r0, c0, dr, dc, n int, ok bool) {
	dr, dc, ok = direction(o)
	if !ok {
		return 0, 0, 0, 0, 0, false
	}
	r0, c0, n = o.run(o.tiles[0].Row, o.tiles[0].Col, dr, dc)
	return r0, c0, dr, dc, n, true
}

// WordTile is one tile of a word on the board, on its square, and whether
// the play puts it there (New) or it was already on the board.
type WordTile struct {
	move.Placement
	New bool
}

// MainWord is play m's main word on b (the board before the play), found as
// Score scores it and Check judges it: along the play's line, a lone tile
// running along its row when it touches a tile left or right of it, else
// down its column, through any old tiles in its gaps and at its ends. It is
// the word's tiles in reading order (its first square is where a notation
// puts the play) and whether it runs down. A lone tile with no neighbour is
// a word of one letter, down. Nil when m places no tile or its tiles share
// neither a row nor a column.
//
// Every notation that names a play by its main word (GCG records, the moves
// people type, the board-file solver's listing) reads it here, so none can
// disagree with the score.
func MainWord(b *board.Board, m move.Move) (word []WordTile, down bool) {
	if m.Kind != move.Play || len(m.Tiles) == 0 {
		return nil, false
	}
	o := overlay{b: b, tiles: m.Tiles}
	r, c, dr, dc, n, ok := o.mainLine()
	if !ok {
		return nil, false
	}
	word = make([]WordTile, n)
	for k := range word {
		if i := o.placed(r, c); i >= 0 {
			word[k] = WordTile{Placement: m.Tiles[i], New: true}
		} else {
			s := b.At(r, c)
			word[k] = WordTile{Placement: move.Placement{Row: r, Col: c, Letter: s.Letter, Blank: s.Blank}}
		}
		r, c = r+dr, c+dc
	}
	return word, dr == 1
}

// Score is what play m scores on b under v, and the words it forms: the main
// word along the play's line (through any old tiles filling its gaps) first,
// then each cross word of two or more letters in the order of m.Tiles. Every
// word formed scores; placing v.RackSize tiles adds v.BingoBonus to the total
// (not to any word). Exchanges and passes score 0.
//
// Score trusts m's geometry (tiles on empty squares of the board, in one line,
// contiguous); Check verifies that before it calls Score.
func Score(v *variant.Variant, b *board.Board, m move.Move) (int, []Word) {
	if m.Kind != move.Play || len(m.Tiles) == 0 {
		return 0, nil
	}
	o := overlay{b: b, tiles: m.Tiles}
	r0, c0, dr, dc, n, ok := o.mainLine()
	if !ok {
		return 0, nil
	}
	var words []Word
	total := 0
	if n >= 2 {
		w := o.word(v, r0, c0, dr, dc, n)
		words = append(words, w)
		total += w.Score
	}
	for _, p := range m.Tiles {
		if r0, c0, n := o.run(p.Row, p.Col, dc, dr); n >= 2 {
			w := o.word(v, r0, c0, dc, dr, n)
			words = append(words, w)
			total += w.Score
		}
	}
	if len(m.Tiles) == v.RackSize {
		total += v.BingoBonus
	}
	return total, words
}
