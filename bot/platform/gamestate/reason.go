package gamestate

import (
	"errors"
	"fmt"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/rules"
)

// Reason is why res refused a move, in the platform's words: a square is
// named by its [x, y] position (y up), as the move named it, never by the
// engine's row and column. A legal result gives "".
func Reason(res rules.Result, size int) string {
	var se *rules.SquareError
	if !errors.As(res.Err, &se) {
		return res.Reason
	}
	x, y := board.ToPlatform(size, se.Row, se.Col)
	return fmt.Sprintf("%v: square [%d, %d]%s", se.Err, x, y, se.Detail)
}
