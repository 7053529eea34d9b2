package rules

import (
	"errors"
	"fmt"

	"github.com/lexico/lexico/bot/game/board"
)

// Why a move is refused. Check wraps one of these in Result.Err (with the
// details in the message), so callers test the reason with errors.Is and show
// Result.Reason to people.
var (
	ErrNoTiles        = errors.New("a play must place at least one tile")
	ErrBadLetter      = errors.New("a placed tile must show a letter A-Z")
	ErrOffBoard       = errors.New("tile placed off the board")
	ErrOccupied       = errors.New("tile placed on an occupied square")
	ErrSameSquare     = errors.New("two tiles placed on one square")
	ErrNotInLine      = errors.New("tiles are not in one row or column")
	ErrGap            = errors.New("tiles are not contiguous (an empty square lies between them)")
	ErrNotInRack      = errors.New("the rack does not hold the tiles")
	ErrStartSquare    = errors.New("the first move must cover the start square")
	ErrFirstWordShort = errors.New("the first move's word is too short")
	ErrNotConnected   = errors.New("no placed tile is adjacent to a tile on the board")
	ErrNotAWord       = errors.New("not in the dictionary")
	ErrExchangeFirst  = errors.New("no exchange on the first go")
	ErrExchangeBag    = errors.New("too few tiles in the bag to exchange")
	ErrExchangeNone   = errors.New("an exchange must name at least one tile")
	ErrUnknownKind    = errors.New("unknown move kind")
)

// A board no game could reach (CheckShape wraps one in a ShapeError): every
// game opens on the start square, and every later play touches a tile
// already down, so the tiles form one group holding the start square.
var (
	ErrBoardStart        = errors.New("board has tiles but none on the start square")
	ErrBoardDisconnected = errors.New("board tiles are not one connected group")
)

// SquareError is a refusal about one square. Row and Col are the engine's
// coordinates (row 0 at the top); its message names the square as people do
// (board.SquareName: H8), and a front end that speaks other coordinates (the
// platform's [x, y] with y up) names the square itself from them, so the
// conversion stays at the edge. Detail follows the square in the message.
type SquareError struct {
	Err      error
	Row, Col int
	Detail   string
}

func (e *SquareError) Error() string {
	return fmt.Sprintf("%v: %s%s", e.Err, board.SquareName(e.Row, e.Col), e.Detail)
}

func (e *SquareError) Unwrap() error { return e.Err }
