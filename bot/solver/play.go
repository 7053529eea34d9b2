package solver

import (
	"fmt"
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/variant"
)

// Direction is the line a play's tiles lie on.
type Direction uint8

const (
	Across Direction = iota // along a row, left to right
	Down                    // down a column, top to bottom
)

func (d Direction) String() string {
	if d == Down {
		return "down"
	}
	return "across"
}

// Play is a move described for a person, as the seed's solver prints it:
// where its main word starts, its direction, the words it forms and its
// score.
type Play struct {
	// Rank is the play's place in the ranking, from 1 (the best).
	Rank int
	Move move.Move
	// Row, Col is the first square of the main word (the word along Dir),
	// row 0 the board file's first line; people read it as Square.
	Row, Col int
	Dir      Direction
	// Word is the main word; a blank's letter is lower case.
	Word string
	// Words are all the words formed, main word first, as the rules engine
	// scores them.
	Words []rules.Word
	Score int
	// Bingo is set when the play uses a whole rack; Score then includes
	// Bonus, the rule set's bingo bonus (35 under WWF's rules, 50 under
	// Lexico's), which no word carries.
	Bingo bool
	Bonus int
}

// Describe finds where m's main word lies on b (rules.MainWord) and scores
// m with the rules engine (the one place scoring lives).
func Describe(v *variant.Variant, b *board.Board, m move.Move) Play {
	score, words := rules.Score(v, b, m)
	p := Play{Move: m, Words: words, Score: score, Bingo: len(m.Tiles) == v.RackSize}
	if p.Bingo {
		p.Bonus = v.BingoBonus
	}
	w, down := rules.MainWord(b, m)
	if len(w) == 0 {
		return p
	}
	p.Row, p.Col = w[0].Row, w[0].Col
	if down {
		p.Dir = Down
	}
	var sb strings.Builder
	for _, t := range w {
		if t.Blank {
			sb.WriteByte(t.Letter - 'A' + 'a')
		} else {
			sb.WriteByte(t.Letter)
		}
	}
	p.Word = sb.String()
	return p
}

// Covers reports whether the play puts a tile on (row, col).
func (p *Play) Covers(row, col int) bool {
	for _, t := range p.Move.Tiles {
		if t.Row == row && t.Col == col {
			return true
		}
	}
	return false
}

// Square names the main word's first square as people do (board.SquareName:
// H8), the name the board drawings label and F= filters by.
func (p *Play) Square() string { return board.SquareName(p.Row, p.Col) }

// String is one line of the solver's listing: rank, main word, its first
// square, direction and score, then the other words the play forms and a
// bingo's bonus, so that the score is the main word's and these added up
// (the bonus is named with its points: it is 35 or 50 by the rule set).
func (p *Play) String() string {
	s := fmt.Sprintf("%4d. %-15s %-3s %-6s %4d", p.Rank, p.Word, p.Square(), p.Dir, p.Score)
	var notes []string
	if len(p.Words) > 1 {
		also := make([]string, 0, len(p.Words)-1)
		for _, w := range p.Words[1:] {
			also = append(also, fmt.Sprintf("%s %d", w.Word, w.Score))
		}
		notes = append(notes, "also "+strings.Join(also, ", "))
	}
	if p.Bingo {
		notes = append(notes, fmt.Sprintf("bingo %d", p.Bonus))
	}
	if len(notes) > 0 {
		s += "  (" + strings.Join(notes, ", ") + ")"
	}
	return s
}
