package arena

import (
	"context"
	"fmt"
	"time"

	"github.com/lexico/lexico/bot/gamestate"
	"github.com/lexico/lexico/bot/player"
)

// Bot seats one of our policies: it reads the gamestate exactly as the
// platform would hand it, thinks for the budget its Clock gives (so late
// moves in the arena mean late moves on the platform), and answers in the
// platform's format. Safe for concurrent use when its Player is (ours are).
type Bot struct {
	Player *player.Player
	Clock  player.Clock
	// Tail, when set, measures each answer's time past its budget's stop
	// and holds as much back from the next, as serve does. One per seat.
	Tail *player.TailMeter
}

// Move implements Agent.
func (b Bot) Move(ctx context.Context, gs []byte) ([]byte, error) {
	p, err := gamestate.Parse(gs)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	var tail time.Duration
	if b.Tail != nil {
		tail = b.Tail.Estimate()
	}
	now := time.Now()
	budget := b.Clock.Budget(p, now, now, tail)
	ch := b.Player.Answer(ctx, p, budget)
	enc, err := gamestate.EncodeMove(ch.Move, p.Board.Size)
	if b.Tail != nil {
		b.Tail.Observe(time.Since(budget.Stop))
	}
	return enc, err
}
