// Package seat puts one of our policies at the referee's table
// (bot/match/referee) without a clock, for the scripts that make corpora
// from seeded games (scripts/genpositions, scripts/quality): the policy
// thinks to the end of its search (a simulation as far as its capped
// worlds), so a game depends only on its seed.
package seat

import (
	"context"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// Seat is a referee.Seat.
type Seat struct {
	Label  string
	Policy player.Policy
}

// Name is the seat's label.
func (s Seat) Name() string { return s.Label }

// Move answers a gamestate with the policy's choice, ignoring the
// referee's clock.
func (s Seat) Move(_ context.Context, gs []byte) ([]byte, error) {
	p, err := gamestate.Parse(gs)
	if err != nil {
		return nil, err
	}
	ch := s.Policy.Choose(context.Background(), p)
	return gamestate.EncodeMove(ch.Move, p.Board.Size)
}
