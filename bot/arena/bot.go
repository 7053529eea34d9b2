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
}

// Move implements Agent.
func (b Bot) Move(ctx context.Context, gs []byte) ([]byte, error) {
	p, err := gamestate.Parse(gs)
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	budget := b.Clock.Budget(p, time.Now())
	ctx, cancel := context.WithTimeout(ctx, budget.Time)
	defer cancel()
	ch := b.Player.Choose(ctx, p)
	return gamestate.EncodeMove(ch.Move, p.Board.Size)
}
