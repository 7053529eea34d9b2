// Package answer is the one way a gamestate becomes a move: parse it,
// budget it by the clock contract (bot/engine/player/deadline.go), choose, encode.
// run, serve (its /move, and its web page's games and studies) and the
// arena's bots all answer through a Bot that one constructor builds
// (Pipeline.Bot), so the rules of the clock (when the answer is due, what
// is held back, when the static move answers, how many searches think at
// once) hold on every path alike. A pipeline's Bots share one Gate: its
// thinking slots, its measured tail and its shutdown.
package answer

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// Bot answers gamestates with a player under a clock. Its exported fields
// are read-only once it answers; one Bot serves concurrent calls.
type Bot struct {
	Policy player.Policy
	Clock  player.Clock
	// Slots bounds how many searches that think for their whole budget
	// (the sim policy) run at once when Gate is nil; 0: no bound (run
	// answers one gamestate; serve sets the cores, in its Gate). A simulation keeps every core busy,
	// so more than the cores makes each weaker and, under other load, late;
	// a request that finds no slot in time answers with the static move,
	// which takes milliseconds.
	Slots int
	// MinTail is the least tail held back, whatever was measured: run sets
	// a share of its own start-up, having measured no answer before.
	MinTail time.Duration
	// Now is the clock read at each answer (tests pin it); nil: time.Now.
	// Instants handed to the player are always on the machine's clock.
	Now func() time.Time

	// Gate, when set, is the admission the Bot thinks under, shared with
	// the other Bots of the process (Slots is then not read); nil: a gate
	// of the Bot's own, of Slots.
	Gate *Gate

	once   sync.Once
	gate   *Gate
	recall recall
}

// Reply is an answer and how it was reached.
type Reply struct {
	Position *position.Position
	Budget   player.Budget
	Choice   player.Choice
	// Move is the platform's move list, ready to be returned.
	Move []byte
}

func (b *Bot) init() {
	b.once.Do(func() {
		b.gate = b.Gate
		if b.gate == nil {
			b.gate = NewGate(b.Slots)
		}
	})
}

// DefaultSlots is one thinking search per core.
func DefaultSlots() int { return runtime.GOMAXPROCS(0) }

func (b *Bot) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// Hurry makes every search in flight, and every one started after, answer
// its best move at once: a server shutting down.
func (b *Bot) Hurry() {
	b.init()
	b.gate.Hurry()
}

// Budget is the budget by the clock contract of an answer due as d says,
// for a gamestate that arrived at arrived, with the tail measured so far
// held back.
func (b *Bot) Budget(d player.Due, arrived time.Time) player.Budget {
	b.init()
	now := b.now()
	bud := b.Clock.Budget(d, arrived, now, max(b.gate.tail.Estimate(), b.MinTail))
	if b.Now != nil { // a pinned clock: the player's instants on the machine's
		shift := time.Since(now)
		bud.Stop = bud.Stop.Add(shift)
		if !bud.Due.IsZero() {
			bud.Due = bud.Due.Add(shift)
		}
	}
	return bud
}

// Answer parses gs, which arrived at arrived, and answers it. ctx may end
// the thinking early (a client gone). Call Delivered once the answer is out.
func (b *Bot) Answer(ctx context.Context, gs []byte, arrived time.Time) (Reply, error) {
	req, err := gamestate.ParseRequest(gs)
	if err != nil {
		if !errors.Is(err, ErrGamestate) {
			err = fmt.Errorf("%w: %w", ErrGamestate, err)
		}
		return Reply{}, err
	}
	return b.AnswerRequest(ctx, req, arrived)
}

// AnswerPosition answers p, a position no deadline or MoveTime comes with
// (the clock's default MoveTime, or its Override: a study's time).
func (b *Bot) AnswerPosition(ctx context.Context, p *position.Position, arrived time.Time) (Reply, error) {
	return b.AnswerRequest(ctx, &gamestate.Request{Position: p}, arrived)
}

// AnswerRequest is Answer for a gamestate already parsed.
func (b *Bot) AnswerRequest(ctx context.Context, req *gamestate.Request, arrived time.Time) (Reply, error) {
	b.init()
	b.gate.inflight.Add(1)
	defer b.gate.inflight.Add(-1)
	p := req.Position
	r := Reply{Position: p, Budget: b.Budget(player.Due{Deadline: req.Deadline, MoveTime: req.MoveTime}, arrived)}
	if p.Last == nil {
		b.recall.last(req.GameID, p)
	}
	r.Choice = b.choose(ctx, p, &r.Budget)
	b.recall.remember(req.GameID, p, r.Choice.Move)
	var err error
	r.Move, err = gamestate.EncodeMove(r.Choice.Move, p.Board.Size)
	if err != nil {
		return r, fmt.Errorf("encoding the chosen move %s: %w", r.Choice.Move, err)
	}
	return r, nil
}

// Delivered records that r's answer was delivered now: what it took past
// its budget's stop is held back from the next budgets of every Bot of the
// gate. It returns that tail.
func (b *Bot) Delivered(r Reply) time.Duration {
	b.init()
	tail := time.Since(r.Budget.Stop)
	b.gate.tail.Observe(tail)
	return tail
}

// choose runs the player under bud. A search that thinks for its whole
// budget (the sim policy) needs a thinking slot when slots are bounded, and
// without one in time the static search answers; it answers at once when
// the Bot is hurried.
func (b *Bot) choose(ctx context.Context, p *position.Position, bud *player.Budget) player.Choice {
	if bud.Quick || !b.Policy.Thinks() {
		return b.static(ctx, p, bud)
	}
	think, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(b.gate.hurry, cancel)
	defer stop()
	release, why := b.gate.think(think.Done(), bud.Stop, b.Clock.ThinkBy(*bud))
	if why != "" {
		*bud = bud.Unthinking(why)
		return b.static(ctx, p, bud)
	}
	defer release()
	return player.Answer(think, b.Policy, p, *bud)
}

// staticHold is how long a static search is first expected to hold its
// turn (then measured): milliseconds on the most crowded boards,
// microseconds on most.
const staticHold = 5 * time.Millisecond

// static answers with the player's static search. With bounded slots the
// static searches take turns too, as many at once as there are slots: a
// burst of requests time-sliced 64 ways would all finish late together
// (the Go scheduler gives each goroutine 10 ms at a time), while in turn
// each takes milliseconds. One whose turn would come after its stop is
// answered without a search, at once: an exchange where the rules allow
// one, else a pass. That is a weak move, but legal and in time, where any
// search it started would join the queue it could not wait for.
func (b *Bot) static(ctx context.Context, p *position.Position, bud *player.Budget) player.Choice {
	if bud.Spare > 0 && b.gate.alone() {
		*bud = bud.Alone(time.Now())
	}
	if b.gate.statics == nil {
		return player.Answer(ctx, b.Policy, p, *bud)
	}
	sl := b.gate.statics.acquire(time.Now().Add(staticHold), bud.Stop, ctx.Done())
	if sl == nil {
		*bud = bud.Unsearched()
		done, cancel := context.WithCancel(ctx)
		cancel()
		return b.Policy.Quick().Choose(done, p)
	}
	defer sl.release()
	return player.Answer(ctx, b.Policy, p, *bud)
}

// Note is what an answer says of its budget: nothing when the policy had
// its whole budget.
func (r Reply) Note() string {
	if !r.Budget.Notable() {
		return ""
	}
	return r.Budget.Note
}
