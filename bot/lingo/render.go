package lingo

import (
	"fmt"
	"io"
	"strings"

	"github.com/lexico/lexico/bot/game/tile"
)

// Render draws the window of b in the seed's style: column letters above
// and below, row numbers at both sides, four characters a square, and a
// line drawn wherever a square with a tile meets one without, so the tiles
// show as outlined islands. Letters are lower case except the tiles of
// fresh (the move just played), which are capitals, as in the seed's
// example. Trailing spaces are trimmed.
//
// A hexagonal board is drawn as the seed draws it, three characters a
// column and a line a half-row, each cell's outline drawn where it meets
// an empty cell:
//
//	    __
//	 __/e \
//	/f \__/
func Render(w io.Writer, b *Board, fresh Move) {
	if b.hex {
		renderHex(w, b, fresh)
		return
	}
	r0, c0, rows, cols := b.Window()
	occ := func(r, c int) bool {
		return r >= 0 && c >= 0 && r < rows && c < cols && b.Occupied(r0+r, c0+c)
	}
	isFresh := func(r, c int) bool {
		for _, p := range fresh.Tiles {
			if p.Row == r0+r && p.Col == c0+c {
				return true
			}
		}
		return false
	}
	var sb strings.Builder
	line := func(s string) {
		sb.WriteString(strings.TrimRight(s, " "))
		sb.WriteByte('\n')
	}
	var head strings.Builder
	head.WriteString("     ")
	for c := range cols {
		fmt.Fprintf(&head, " %c  ", 'a'+c)
	}
	line(head.String())
	// edge draws the border between row r-1 and row r.
	edge := func(r int) {
		buf := []byte(strings.Repeat(" ", 4+4*cols+1))
		for c := 0; c <= cols; c++ {
			// The corner at the top-left of square (r, c).
			up := occ(r-1, c-1) != occ(r-1, c)
			down := occ(r, c-1) != occ(r, c)
			left := occ(r-1, c-1) != occ(r, c-1)
			right := occ(r-1, c) != occ(r, c)
			if up || down || left || right {
				buf[4+4*c] = '+'
			}
			if c < cols && right {
				copy(buf[5+4*c:], "---")
			}
		}
		line(string(buf))
	}
	for r := range rows {
		edge(r)
		buf := []byte(fmt.Sprintf("%4d", r+1) + strings.Repeat(" ", 4*cols+1))
		for c := 0; c <= cols; c++ {
			if occ(r, c-1) != occ(r, c) {
				buf[4+4*c] = '|'
			}
			if c < cols && occ(r, c) {
				l := b.At(r0+r, c0+c).Letter
				if !isFresh(r, c) {
					l += 'a' - 'A'
				}
				buf[6+4*c] = l
			}
		}
		line(string(buf) + fmt.Sprintf("%d", r+1))
	}
	edge(rows)
	line(head.String())
	io.WriteString(w, sb.String())
}

// renderHex draws the hexagonal board (see Render).
func renderHex(w io.Writer, b *Board, fresh Move) {
	y0, x0, rows, cols := b.Window()
	occ := func(y, x int) bool {
		if y < 0 || x < 0 || y >= rows || x >= cols {
			return false
		}
		r, c, ok := b.undisp(y0+y, x0+x)
		return ok && b.Occupied(r, c)
	}
	width := 5 + 3*cols
	lines := make([][]byte, rows)
	for y := range lines {
		lines[y] = []byte(fmt.Sprintf("%4d", y+1) + strings.Repeat(" ", width-4))
	}
	put := func(y, i int, s string) {
		if y >= 0 && y < rows {
			copy(lines[y][i:], s)
		}
	}
	for y := range rows {
		for x := range cols {
			if !occ(y, x) {
				continue
			}
			r, c, _ := b.undisp(y0+y, x0+x)
			l := b.At(r, c).Letter
			if !fresh.has(r, c) {
				l += 'a' - 'A'
			}
			i := 5 + 3*x
			lines[y][i] = l
			if !occ(y-2, x) {
				put(y-1, i, "__")
			}
			if !occ(y-1, x-1) {
				put(y, i-1, "/")
			}
			if !occ(y-1, x+1) {
				put(y, i+2, "\\")
			}
			if !occ(y+1, x-1) {
				put(y+1, i-1, "\\")
			}
			if !occ(y+1, x+1) {
				put(y+1, i+2, "/")
			}
			if !occ(y+2, x) {
				put(y+1, i, "__")
			}
		}
	}
	var sb strings.Builder
	var head strings.Builder
	head.WriteString("    ")
	for c := range cols {
		fmt.Fprintf(&head, " %c ", 'a'+c)
	}
	sb.WriteString(strings.TrimRight(head.String(), " ") + "\n")
	for y, l := range lines {
		fmt.Fprintf(&sb, "%s%d\n", l, y+1)
	}
	sb.WriteString(strings.TrimRight(head.String(), " ") + "\n")
	io.WriteString(w, sb.String())
}

// has reports whether m places a tile on (row, col).
func (m Move) has(row, col int) bool {
	for _, p := range m.Tiles {
		if p.Row == row && p.Col == col {
			return true
		}
	}
	return false
}

// RenderPool draws a pool's tiles as the seed does, each boxed with its
// value beneath (hexagons for the hexagonal game).
func RenderPool(w io.Writer, pool tile.Rack, hex bool) {
	tiles := pool.Tiles()
	if hex {
		var top, mid, bot, vals strings.Builder
		for _, t := range tiles {
			top.WriteString(" __  ")
			fmt.Fprintf(&mid, "/%c \\ ", t)
			bot.WriteString("\\__/ ")
			fmt.Fprintf(&vals, "%3d  ", Values[t-'A'])
		}
		for _, s := range []string{top.String(), mid.String(), bot.String(), vals.String()} {
			fmt.Fprintf(w, "    %s\n", strings.TrimRight(s, " "))
		}
		return
	}
	var top, mid, vals strings.Builder
	for i, t := range tiles {
		if i > 0 {
			top.WriteByte(' ')
			mid.WriteByte(' ')
			vals.WriteByte(' ')
		}
		top.WriteString("+---+")
		fmt.Fprintf(&mid, "| %c |", t)
		fmt.Fprintf(&vals, "%3d  ", Values[t-'A'])
	}
	for _, s := range []string{top.String(), mid.String(), top.String(), vals.String()} {
		fmt.Fprintf(w, "   %s\n", strings.TrimRight(s, " "))
	}
}

// Describe is the seed's sentence for a move: "fred made the words IT and
// BIZ for a total of (2 + 28) x 2 = 60 pts."
func Describe(name string, r Result) string {
	switch len(r.Words) {
	case 0:
		return fmt.Sprintf("%s made no words (0 pts).", name)
	case 1:
		return fmt.Sprintf("%s made the word %s for %d pts.", name, r.Words[0].Text, r.Score)
	}
	texts := make([]string, len(r.Words))
	scores := make([]string, len(r.Words))
	for i, w := range r.Words {
		texts[i], scores[i] = w.Text, fmt.Sprint(w.Score)
	}
	return fmt.Sprintf("%s made the words %s for a total of (%s) x %d = %d pts.",
		name, joinAnd(texts), strings.Join(scores, " + "), len(r.Words), r.Score)
}

// joinAnd lists "a", "a and b", "a, b and c".
func joinAnd(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
