package arena

import (
	"context"
	"fmt"
	"time"

	"github.com/lexico/lexico/bot/platform/answer"
)

// BotSeat seats one of our bots (answer.Bot): it reads the gamestate exactly as the
// platform would hand it and answers through the same pipeline and clock
// contract as run and serve (package answer), so late moves in the arena
// mean late moves on the platform. Safe for concurrent use: one per seat.
type BotSeat struct {
	*answer.Bot
}

// Move implements Agent.
func (b BotSeat) Move(ctx context.Context, gs []byte) ([]byte, error) {
	r, err := b.Answer(ctx, gs, time.Now())
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	b.Delivered(r)
	return r.Move, nil
}
