package answer

import (
	"errors"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/player"
)

func testPipeline(t *testing.T, slots int) *Pipeline {
	t.Helper()
	tb, err := equity.HandTable()
	if err != nil {
		t.Fatal(err)
	}
	eng, err := engine.New(oneplay{}, engine.Options{Leaves: tb})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	clock := player.DefaultClock()
	clock.Mode = player.Live
	return NewPipeline(eng, clock, slots)
}

// Every bot of a pipeline is built alike: the policy its name gives, the
// pipeline's clock with the bot's own thinking time, the pipeline's gate
// (its guests' view for the web page's searches); an unknown policy is
// refused with player.ErrPolicy.
func TestPipelineBuildsEveryBotAlike(t *testing.T) {
	pp := testPipeline(t, 2)
	b, err := pp.Bot(BotOptions{Policy: player.NameSim, Top: 3})
	if err != nil {
		t.Fatal(err)
	}
	if sim, ok := b.Policy.(*player.Sim); !ok || sim.Top != 3 || b.Gate != pp.Gate || b.Clock.Mode != player.Live || b.Clock.Override != 0 {
		t.Errorf("the sim bot: %T top %v, gate %p (pipeline's %p), mode %v, override %v", b.Policy, b.Policy.Quick().Top, b.Gate, pp.Gate, b.Clock.Mode, b.Clock.Override)
	}
	guest, err := pp.Bot(BotOptions{Policy: player.NameEquity, Think: 2 * time.Second, Guest: true})
	if err != nil {
		t.Fatal(err)
	}
	if guest.Policy.Thinks() || guest.Gate != pp.Gate.Guests() || guest.Clock.Override != 2*time.Second || pp.Clock.Override != 0 {
		t.Errorf("the guest: thinks %v, gate %p (guests' %p), override %v (pipeline's %v)", guest.Policy.Thinks(), guest.Gate, pp.Gate.Guests(), guest.Clock.Override, pp.Clock.Override)
	}
	if _, err := pp.Bot(BotOptions{Policy: "random"}); !errors.Is(err, player.ErrPolicy) {
		t.Errorf("policy random: %v, want ErrPolicy", err)
	}
}

// A slow delivery of one bot's answer holds back the next budgets of the
// pipeline's other bots, the web page's guests included: they wait for the
// same cores.
func TestPipelineBotsShareTheTail(t *testing.T) {
	pp := testPipeline(t, 2)
	move, _ := pp.Bot(BotOptions{Policy: player.NameEquity})
	guest, _ := pp.Bot(BotOptions{Policy: player.NameEquity, Guest: true})
	budget := func(b *Bot) player.Budget {
		now := time.Now()
		return b.Budget(player.Due{MoveTime: time.Second, Deadline: now.Add(time.Second)}, now)
	}
	if bud := budget(guest); bud.Time < 500*time.Millisecond {
		t.Fatalf("before any answer: budget %v (%s); want most of the second", bud.Time, bud.Note)
	}
	move.Delivered(Reply{Budget: player.Budget{Stop: time.Now().Add(-time.Second)}})
	if bud := budget(guest); bud.Time > 50*time.Millisecond {
		t.Errorf("after /move's 1 s tail, the guest's budget is %v (%s); want next to none", bud.Time, bud.Note)
	}
}
