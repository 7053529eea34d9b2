package gamestate

import (
	"time"

	"github.com/lexico/lexico/bot/game/position"
)

// Request is one gamestate as the platform sends it: the position to answer
// and what the platform says around it, which only the platform's side
// reads (the clock, the notes, the referee writing gamestates). The engine
// is handed the Position alone.
type Request struct {
	Position *position.Position
	// Deadline is when the answer must have arrived (ResponseDeadline;
	// zero: no deadline).
	Deadline time.Time
	// MoveTime is the time allowed for one move (0: none given).
	MoveTime time.Duration
	// Dictionary is the platform's dictionary address, kept for reference.
	Dictionary string
	GameID     int64
	Opponent   string
	// Status is the platform's GameStatus ("RUNNING" while the game goes on).
	Status string
}
