package player

import (
	"context"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// refereed seats a Player at the referee's table the way the platform would:
// gamestate JSON in, budget from its clock fields, platform move out.
type refereed struct {
	name string
	pl   Policy
}

func (r refereed) Name() string { return r.name }

func (r refereed) Move(ctx context.Context, gs []byte) ([]byte, error) {
	r2, err := gamestate.ParseRequest(gs)
	if err != nil {
		return nil, err
	}
	clock := DefaultClock()
	clock.Mode = Live
	now := time.Now()
	p := r2.Position
	due := Due{Deadline: r2.Deadline, MoveTime: r2.MoveTime}
	return gamestate.EncodeMove(Answer(ctx, r.pl, p, clock.Budget(due, now, now, 0)).Move, p.Board.Size)
}

// Whole games judged by H3's referee, which hands each player the
// platform's JSON and refuses any illegal, unparsable or late answer: no
// answer of either policy is refused.
func TestRefereeAcceptsEveryAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GADDAG of the full embedded dictionary")
	}
	_, dict, gd := embeddedWords(t)
	eq, greedy := policies(t, movegen.NewGADDAG(gd))
	for seed, v := range []*variant.Variant{variant.Multipliers, variant.Classic} {
		cfg := referee.Config{Variant: v, Dictionary: dict, Seed: uint64(40 + seed), Starter: seed % 2, MoveTime: 2 * time.Second}
		g, err := referee.Play(context.Background(), cfg, [2]referee.Seat{refereed{"equity", eq}, refereed{"greedy", greedy}})
		if err != nil {
			t.Fatal(err)
		}
		for _, turn := range g.Turns {
			if !turn.Legal {
				t.Errorf("%s seed %d turn %d (%s): answer %s refused: %s", v.Name, cfg.Seed, turn.Number, g.Players[turn.Seat], turn.Answer, turn.Reason)
			}
		}
		if g.Refused != [2]int{} || g.End == referee.EndMaxTurns {
			t.Errorf("%s: refused %v, end %q", v.Name, g.Refused, g.End)
		}
		t.Logf("%s seed %d: %d turns, %s, equity %d - greedy %d", v.Name, cfg.Seed, len(g.Turns), g.End, g.Scores[0], g.Scores[1])
	}
}
