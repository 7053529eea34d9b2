package arena

import (
	"context"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/answer"
)

// inferSeat is a sim bot that counts its answers whose worlds were dealt
// from an inference of the opponent's last play.
type inferSeat struct {
	bot               *answer.Bot
	simulated, infers int
}

func (s *inferSeat) Move(ctx context.Context, gs []byte) ([]byte, error) {
	r, err := s.bot.Answer(ctx, gs, time.Now())
	if err != nil {
		return nil, err
	}
	s.bot.Delivered(r)
	if sim := r.Choice.Simulation; sim != nil && sim.Iterations > 0 && r.Position.BagCount > 0 {
		s.simulated++
		if sim.Inferred > 0 {
			s.infers++
		}
	}
	return r.Move, nil
}

// A refereed game's gamestates carry a game id, so a sim bot that infers
// sees the opponent's plays between its own answers, with nothing but the
// platform's gamestates: most of its simulated moves infer.
func TestASimSeatInfersFromTheGamestates(t *testing.T) {
	dict, g := testWords(t)
	table, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	sim := player.NewSim(movegen.NewGADDAG(g), table)
	sim.Simulator.Infer, sim.Simulator.MaxIterations, sim.Simulator.Threads = true, 4, 1
	clock := player.DefaultClock()
	clock.Mode = player.Live
	seat := &inferSeat{bot: &answer.Bot{Policy: sim, Clock: clock}}
	eq, _ := testBots(t)
	rec, err := Referee(referee.Config{Dictionary: dict, MoveTime: 5 * time.Second})(context.Background(), 11, 1,
		[2]string{"sim", "equity"}, [2]Agent{seat, eq})
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Turns) < 10 {
		t.Fatalf("a game of %d turns", len(rec.Turns))
	}
	t.Logf("%d simulated moves with tiles in the bag, %d inferred", seat.simulated, seat.infers)
	if seat.simulated < 5 || 2*seat.infers < seat.simulated {
		t.Errorf("%d of %d simulated moves inferred from the opponent's play: want at least half", seat.infers, seat.simulated)
	}
}
