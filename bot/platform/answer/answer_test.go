package answer

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// tAfterOdious is a legal play on the doc's example: T after ODIOUS.
var tAfterOdious = move.Move{Kind: move.Play, Score: 9, Tiles: []move.Placement{{Row: 9, Col: 14, Letter: 'T'}}}

// oneplay offers the same play for any position.
type oneplay struct{}

func (oneplay) Search(a movegen.Args) bool {
	return movegen.SearchByGenerating(a, func(rec movegen.PlayRecorder, _ func() bool) bool {
		m := tAfterOdious
		rec(&m)
		return true
	})
}

func simBot(t *testing.T) *Bot {
	t.Helper()
	// The hand-tuned model, pinned: with one play on offer, whether it
	// beats an exchange is a matter of leave values, not of what is tested
	// here (the shipped classic table prefers exchanging FLP on the doc's
	// rack).
	tb, err := equity.HandTable()
	if err != nil {
		t.Fatal(err)
	}
	pl, err := player.New("sim", oneplay{}, tb)
	if err != nil {
		t.Fatal(err)
	}
	clock := player.DefaultClock()
	clock.Mode = player.Replay // the doc's deadline is years ago: think MoveTime
	return &Bot{Policy: pl, Clock: clock}
}

// A gamestate that does not parse is the asker's fault: ErrGamestate, which
// run turns into exit status 2 and serve into a 400.
func TestAnswerRefusesABadGamestate(t *testing.T) {
	_, err := simBot(t).Answer(context.Background(), []byte("{'Board': 7}"), time.Now())
	if !errors.Is(err, ErrGamestate) || !strings.Contains(err.Error(), "Board") {
		t.Fatalf("got %v; want ErrGamestate naming the Board", err)
	}
}

// A hurried Bot (a server shutting down) answers with the static search,
// not a simulation and not a pass, and says why.
func TestHurriedBotAnswersTheStaticMove(t *testing.T) {
	b := simBot(t)
	b.Hurry()
	r, err := b.Answer(context.Background(), gamestatetest.DocExampleBytes(t), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	m, err := gamestate.ParseMove(r.Move, 15)
	if err != nil || m.Key() != tAfterOdious.Key() {
		t.Fatalf("answered %s (%v); want the search's play", r.Move, err)
	}
	if r.Choice.Policy != "equity" || r.Choice.Simulation != nil || !strings.Contains(r.Note(), "shutting down") {
		t.Fatalf("policy %q, simulation %v, note %q; want the static move, saying why", r.Choice.Policy, r.Choice.Simulation, r.Note())
	}
}

// The tail measured on delivery is held back from the next budget.
func TestDeliveredTailIsHeldBack(t *testing.T) {
	b := simBot(t)
	r, err := b.Answer(context.Background(), gamestatetest.DocExampleBytes(t), time.Now().Add(-4*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	// Delivered a second after its stop: the next budget holds back as much,
	// less what the meter forgets in the moment between (a tail halves in
	// 10 s: a hundredth in 0.14 s; a microsecond's decay once failed the
	// test when it asked for the whole second).
	r.Budget.Stop = time.Now().Add(-time.Second)
	tail := b.Delivered(r)
	if tail < time.Second {
		t.Fatalf("tail %v; want at least 1s", tail)
	}
	req, err := gamestate.ParseRequest(gamestatetest.DocExampleBytes(t))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	next := b.Budget(player.Due{Deadline: req.Deadline, MoveTime: req.MoveTime}, now)
	if held := next.Due.Sub(next.Stop); held < tail*99/100 {
		t.Fatalf("the next budget holds back %v; want the %v tail", held, tail)
	}
}

// On a crowded machine (work taking five times its CPU time) the load's
// guess holds back the whole of a 200 ms MoveTime: the answer was then a pass or an exchange
// without a search. When no other answer is under way it now searches
// LateThink and plays; under a burst (a turn held, another answer under
// way) it still answers at once without a search.
func TestCrowdedMachineSearchesWhenNothingWaits(t *testing.T) {
	b := simBot(t)
	b.Clock.Mode = player.Live
	b.Clock.Pressure = func() float64 { return 5 } // the 40 ms reserve becomes 200
	b.Slots = 2
	answer := func() Reply {
		t.Helper()
		p, err := gamestate.ParseRequest(gamestatetest.DocExampleBytes(t))
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		p.MoveTime, p.Deadline = 200*time.Millisecond, now.Add(200*time.Millisecond)
		r, err := b.AnswerRequest(context.Background(), p, now)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := answer()
	if m, err := gamestate.ParseMove(r.Move, 15); err != nil || m.Key() != tAfterOdious.Key() || !strings.Contains(r.Note(), "a search of") {
		t.Fatalf("alone: answered %s (%v), note %q; want the search's play", r.Move, err, r.Note())
	}
	held := b.gate.statics.acquire(time.Now().Add(time.Second), time.Now().Add(time.Second), nil)
	if held == nil {
		t.Fatal("no static turn to hold")
	}
	r = answer()
	held.release()
	if m, err := gamestate.ParseMove(r.Move, 15); err != nil || m.Kind == move.Play || !strings.Contains(r.Note(), "no time left") || strings.Contains(r.Note(), "a search of") {
		t.Fatalf("a turn held: answered %s (%v), note %q; want a pass or an exchange without a search", r.Move, err, r.Note())
	}
	// Another answer under way, even with the turns free: a burst.
	b.gate.inflight.Add(1)
	r = answer()
	b.gate.inflight.Add(-1)
	if m, err := gamestate.ParseMove(r.Move, 15); err != nil || m.Kind == move.Play || strings.Contains(r.Note(), "a search of") {
		t.Fatalf("another answer under way: answered %s (%v), note %q; want a pass or an exchange without a search", r.Move, err, r.Note())
	}
}

// One answer delivered a second past its stop holds the next budgets
// back a second, and with MoveTime 1 s that is no time at all: a pass.
// Half a minute later, with no slow answer since, the budget is back.
func TestASlowAnswerIsForgottenWithTime(t *testing.T) {
	b := simBot(t)
	b.Clock.Mode = player.Live
	clock := time.Now()
	b.init()
	b.gate.tail.Now = func() time.Time { return clock }
	budget := func() player.Budget {
		now := time.Now()
		return b.Budget(player.Due{MoveTime: time.Second, Deadline: now.Add(time.Second)}, now)
	}
	b.Delivered(Reply{Budget: player.Budget{Stop: time.Now().Add(-time.Second)}})
	if bud := budget(); bud.Time != 0 {
		t.Fatalf("right after a 1s tail: budget %v (%s); want none", bud.Time, bud.Note)
	}
	clock = clock.Add(30 * time.Second)
	if bud := budget(); bud.Time < 500*time.Millisecond {
		t.Fatalf("30s after it: budget %v (%s); want most of the second back", bud.Time, bud.Note)
	}
}
