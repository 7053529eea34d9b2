package solver

import (
	"strings"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

// Draw shows b with m's tiles on it, for a person deciding on a play: columns
// lettered and rows numbered as the listing names squares, the play's tiles in
// brackets, played blanks in lower case, macondo's marks on the empty
// premium squares, and on an empty board the start square ('*'), which on a
// WWF board carries no premium mark. m may be the zero Move to draw the
// board alone.
func Draw(v *variant.Variant, b *board.Board, m move.Move) string {
	var sb strings.Builder
	b.Draw(&sb, board.DrawOptions{
		Premiums:   board.PremiumSymbols,
		Highlights: m.Highlights(),
		MarkStart:  true,
		StartRow:   v.StartRow,
		StartCol:   v.StartCol,
		Legend:     true,
	})
	return sb.String()
}
