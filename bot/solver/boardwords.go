package solver

import (
	"github.com/lexico/lexico/bot/game/board"
)

// BoardWord is a word standing on the board: a run of two or more tiles
// along a row or down a column.
type BoardWord struct {
	Word     string // upper case, a blank showing its letter
	Row, Col int    // its first square
	Dir      Direction
}

// BoardWords lists the words on b, rows first. Move generators take the
// board as given and check only the words a play forms, so a typo in a
// board file (a word the dictionary lacks) goes unnoticed unless someone
// looks: the command warns about these.
func BoardWords(b *board.Board) []BoardWord {
	var out []BoardWord
	for _, d := range []Direction{Across, Down} {
		for i := 0; i < b.Size; i++ {
			j := 0
			for j < b.Size {
				start := j
				var word []byte
				for j < b.Size {
					r, c := i, j
					if d == Down {
						r, c = j, i
					}
					if !b.Occupied(r, c) {
						break
					}
					word = append(word, b.At(r, c).Letter)
					j++
				}
				if len(word) >= 2 {
					w := BoardWord{Word: string(word), Row: i, Col: start, Dir: d}
					if d == Down {
						w.Row, w.Col = start, i
					}
					out = append(out, w)
				}
				j++
			}
		}
	}
	return out
}
