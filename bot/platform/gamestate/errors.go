package gamestate

import "errors"

// The two kinds of unusable input. Every error Parse and ParseMove return
// wraps one of them, with the offending field named in the message.
var (
	ErrGamestate = errors.New("invalid gamestate")
	ErrMove      = errors.New("invalid move")
)

// FieldError names the field at fault, e.g. "MyHand" or "Board[3][14]".
type FieldError struct {
	Kind  error // ErrGamestate or ErrMove
	Field string
	Msg   string
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Kind.Error() + ": " + e.Msg
	}
	return e.Kind.Error() + ": " + e.Field + ": " + e.Msg
}

func (e *FieldError) Unwrap() error { return e.Kind }
