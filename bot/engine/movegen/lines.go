package movegen

import (
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
)

// LineOf is the line SearchLines reports a play of tiles ts on bd along:
// down its column when it places two tiles there, or one that touches no
// tile left or right of it; else across its row.
func LineOf(bd *board.Board, ts []move.Placement) (down bool, line int) {
	t := ts[0]
	if len(ts) > 1 {
		if ts[1].Col == t.Col {
			return true, t.Col
		}
		return false, t.Row
	}
	n := bd.Size
	if t.Col > 0 && bd.Squares[t.Row*n+t.Col-1].Letter != 0 || t.Col+1 < n && bd.Squares[t.Row*n+t.Col+1].Letter != 0 {
		return false, t.Row
	}
	return true, t.Col
}

// ChangedLines marks in across (rows) and down (columns) the lines whose
// plays the tiles ts, on bd, may have changed, bd holding them or not (a
// tile of ts bd lacks is on lines marked anyway: its own row and column).
// A play across a row changes only if a new tile lies on that row or at
// either end of a column of tiles next to the row, since then its word or
// one of its cross words runs through the new tile; the same down a
// column. So the plays of a rack on the other lines are the same before
// and after ts, with the same scores, and a search of a later position
// may take them from an earlier one's and search the marked lines only
// (SearchLines): the endgame solver's move lists, the simulation's
// replies. Lines past the 64th are not marked.
func ChangedLines(bd *board.Board, ts []move.Placement, across, down *uint64) {
	n := bd.Size
	filled := func(r, c int) bool { return bd.Squares[r*n+c].Letter != 0 }
	for _, t := range ts {
		*across |= 1 << uint(t.Row)
		*down |= 1 << uint(t.Col)
		top, bottom := t.Row, t.Row
		for top > 0 && filled(top-1, t.Col) {
			top--
		}
		for bottom+1 < n && filled(bottom+1, t.Col) {
			bottom++
		}
		if top > 0 {
			*across |= 1 << uint(top-1)
		}
		if bottom+1 < n {
			*across |= 1 << uint(bottom+1)
		}
		left, right := t.Col, t.Col
		for left > 0 && filled(t.Row, left-1) {
			left--
		}
		for right+1 < n && filled(t.Row, right+1) {
			right++
		}
		if left > 0 {
			*down |= 1 << uint(left-1)
		}
		if right+1 < n {
			*down |= 1 << uint(right+1)
		}
	}
}

// Marked reports whether the line of a play (down its column or across
// its row, line: its index, as LineOf says) is among the lines across
// (rows) and down (columns) mark, as ChangedLines marks them.
func Marked(isDown bool, line int, across, down uint64) bool {
	if isDown {
		return down>>uint(line)&1 != 0
	}
	return across>>uint(line)&1 != 0
}
