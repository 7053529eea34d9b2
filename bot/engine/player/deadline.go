package player

import (
	"context"
	"fmt"
	"time"

	"github.com/lexico/lexico/bot/game/position"
)

// The clock contract, the one rule run, serve and the arena's bots answer
// by: the answer is delivered (stdout flushed, the HTTP response written)
// before the gamestate's ResponseDeadline, since on the platform a move that
// arrives after it loses the game (the platform's Lexico documentation).
//
// The answer is due at the earlier of the ResponseDeadline and the request's
// arrival plus MoveTime (for run the arrival is the process's start, so
// start-up counts against the budget). Thinking stops early enough before
// that to leave time for what follows it: stopping the workers, encoding,
// writing, and being scheduled on a busy machine. That held-back time is the
// largest of a floor (Reserve) multiplied by how crowded the cores are
// (Pressure), the time those steps were measured to take (the caller's tail
// estimate: serve measures each answer, run takes a share of its own
// start-up; measured under the load, so not multiplied again) and a share of
// the allowed time for the network (Margin, at most MaxMargin; none by
// default).
// With less thinking time left than MinThink, the answer is the static
// search's move, which takes milliseconds, rather than a simulation cut
// short; with the deadline already passed, it is that move at once.

// Mode says how a gamestate's ResponseDeadline is read.
type Mode int

const (
	// Auto tells a live gamestate from a saved one by its deadline: passed
	// by less than a MoveTime (at least LateWindow), it is live and late,
	// answered at once; passed longer ago, it is a saved gamestate replayed
	// with MoveTime. run's default.
	Auto Mode = iota
	// Live takes every deadline as live: a passed one is answered at once.
	// serve, the arena, run --live.
	Live
	// Replay ignores the deadline and thinks for MoveTime from the arrival:
	// run --replay, for scripts replaying saved games.
	Replay
)

// Clock turns a position's MoveTime and ResponseDeadline into a thinking
// budget. Its fields are read-only once in use.
type Clock struct {
	// Margin is a share of the allowed time held back (0.10: think for
	// 90%), for a trip the clock cannot measure: the network between a
	// server and the platform. 0 by default: on one machine delivery takes
	// milliseconds, which Reserve and the measured tail cover. Larger is
	// safer on a slow network, smaller thinks longer.
	Margin float64
	// MaxMargin caps Margin's share, so a long MoveTime is not wasted idling.
	MaxMargin time.Duration
	// Reserve is the least time held back whatever the budget: what stopping,
	// encoding and writing the answer can take on a machine this process
	// has to itself; Pressure multiplies it when others share the cores.
	// Smaller thinks longer and risks lateness under load.
	Reserve time.Duration
	// MinThink is the least thinking time worth a simulation: with less, the
	// static search answers. A simulation needs hundreds of worlds (a few
	// milliseconds each on a core) before its ranking says more than the
	// static one, and a short one is the likeliest to overrun under load:
	// larger answers more often with the static move, smaller simulates on
	// shorter budgets.
	MinThink time.Duration
	// LateThink bounds the static search of a live gamestate whose deadline
	// has passed: long enough for the search to finish on nearly every
	// board, short enough to add little to the lateness.
	LateThink time.Duration
	// LateWindow is the least time after its deadline a gamestate is still
	// taken as live (Auto); the window is MoveTime when that is longer.
	LateWindow time.Duration
	// DefaultMoveTime is used when the gamestate gives no MoveTime.
	DefaultMoveTime time.Duration
	// MaxThink caps the thinking time whatever MoveTime says, so an absurd
	// MoveTime (or a deadline in the year 3000) cannot keep a bot thinking
	// for ever. 0: no cap. The budget's notes call it the think cap: a
	// command names the flag that sets it, as the clock cannot.
	MaxThink time.Duration
	// Pressure, when set, scales the time held back: CorePressure, how much
	// longer than their CPU time this process's steps lately took, makes a
	// busy machine hold back more (its tails grow with the wait for a core)
	// at the cost of thinking time. nil: 1, as in tests, which need the same
	// budget every time.
	Pressure func() float64
	// Mode says how the deadline is read.
	Mode Mode
	// Override, when positive, is the thinking time whatever the gamestate
	// says (run's --budget, a web study's time); no margin is taken from
	// it, MaxThink still caps it. The notes call it the set budget.
	Override time.Duration
	// Setup is one-off set-up spent since the arrival that is not part of
	// answering (run building the default index on its first use). A
	// gamestate no deadline binds (none given, a saved one, Replay) thinks
	// for its whole MoveTime after it; a live deadline still counts it, as
	// the platform's clock does not wait.
	Setup time.Duration
}

// DefaultClock holds back 40 ms or the measured tail, whichever is larger,
// caps thinking at a minute and reads deadlines as run does. The 40 ms
// cover delivery's steps (stopping, encoding, writing: a few milliseconds
// on a quiet machine, tens with every core crowded; docs/clock.md), and
// Pressure scales them on a busy one. No share of the budget is held back:
// a longer MoveTime does not make delivery slower.
// It is a function, not a variable, so that no caller can change the
// default of every other: each gets its own copy to adjust.
func DefaultClock() Clock {
	return Clock{
		MaxMargin: 250 * time.Millisecond, Reserve: 40 * time.Millisecond,
		MinThink: 250 * time.Millisecond, LateThink: 10 * time.Millisecond, LateWindow: time.Second,
		DefaultMoveTime: time.Second, MaxThink: time.Minute,
	}
}

// Budget is how long to think, and why.
type Budget struct {
	// Time is the thinking time from the moment the budget was made, and
	// Stop that moment plus Time.
	Time time.Duration
	Stop time.Time
	// Due is when the answer must have been delivered (zero: nothing is
	// waiting, as with --budget).
	Due time.Time
	// Late is set when the ResponseDeadline had already passed, Saved when
	// it had passed so long ago that it was taken for a saved gamestate and
	// ignored.
	Late, Saved bool
	// Quick is set when there is too little time for more than the static
	// search (or the deadline has passed): the policy's Quick search, its
	// static move, answers.
	Quick bool
	// Capped is set when MaxThink cut the time MoveTime allowed.
	Capped bool
	// Spare is set when the time held back for a crowded CPU (Pressure)
	// left no budget, though the reserve and the measured tail alone
	// would have left a static search of LateThink: the answer may then
	// search that long when no other answer is under way (answer.Bot
	// decides), rather than pass without a search.
	Spare time.Duration
	// Note explains the budget in one line for diagnostics.
	Note string
}

// Notable reports whether the budget is worth a line on stderr: the
// deadline was missed or ignored, or the time was capped or too short.
func (b Budget) Notable() bool { return b.Late || b.Capped || b.Quick }

// What a budget becomes once the platform's admission (answer.Gate) has
// said whether its answer may think, or search at all: the admission only
// says whether it got a slot, and these say what that does to the budget,
// so that what Quick, Spare and the note mean is decided here alone.

// ThinkBy is the last moment a thinking slot is still worth taking for b:
// while MinThink is left before its stop.
func (c Clock) ThinkBy(b Budget) time.Time { return b.Stop.Add(-c.MinThink) }

// Unthinking is b for an answer that may not think as budgeted, why says
// why (no thinking slot free in time, a shutdown): the static move answers
// by the same stop.
func (b Budget) Unthinking(why string) Budget {
	b.Quick, b.Note = true, why+": the static move answers"
	return b
}

// Alone is b, at now, for an answer with no other under way: a budget
// that only the load's guess took (Spare) searches for Spare after all,
// where the answer would have been a pass. Under a burst the answers stay
// without a search: a search each, queued for the cores, makes the whole
// burst late.
func (b Budget) Alone(now time.Time) Budget {
	if b.Time == 0 && b.Spare > 0 {
		b.Time, b.Stop = b.Spare, now.Add(b.Spare)
		b.Note += fmt.Sprintf("; no other answer under way: a search of %v after all", b.Spare)
	}
	return b
}

// Unsearched is b for an answer whose static search finds no turn free
// by its stop: it is answered without searching (Quick on a context
// already done).
func (b Budget) Unsearched() Budget {
	if b.Note != "" {
		b.Note += "; "
	}
	b.Quick = true
	b.Note += "busy: no search turn free in time, answered without searching"
	return b
}

// Due is the time a gamestate allows its answer: the platform's
// ResponseDeadline and MoveTime (gamestate.Request carries them).
type Due struct {
	// Deadline is when the answer must have arrived (zero: no deadline).
	Deadline time.Time
	// MoveTime is the time allowed for one move (0: none given,
	// DefaultMoveTime).
	MoveTime time.Duration
}

// Budget computes the thinking time for an answer due as d says, which
// arrived at arrived (run: the process's start; serve: the request's), at
// now. tail is the measured time from the end of thinking to the answer's
// delivery (0: unknown).
func (c Clock) Budget(d Due, arrived, now time.Time, tail time.Duration) Budget {
	if arrived.IsZero() || arrived.After(now) {
		arrived = now
	}
	if c.Override > 0 {
		t, note := c.Override, fmt.Sprintf("the set budget %v, whatever the gamestate says", c.Override)
		b := Budget{}
		if c.MaxThink > 0 && t > c.MaxThink {
			t, b.Capped = c.MaxThink, true
			note = fmt.Sprintf("the set budget %v is more than the think cap %v: budget %v", c.Override, c.MaxThink, t)
		}
		b.Time, b.Stop, b.Note = t, now.Add(t), note
		return b
	}
	t, src := d.MoveTime, "MoveTime"
	if t <= 0 {
		t, src = c.DefaultMoveTime, "default MoveTime (the gamestate gives none)"
	}
	var b Budget
	if c.MaxThink > 0 && t > c.MaxThink {
		src = fmt.Sprintf("MoveTime %v is more than the think cap %v: %s", d.MoveTime, c.MaxThink, src)
		t, b.Capped = c.MaxThink, true
	}
	// From here on t is at most MaxThink (or a sane MoveTime), so the sums
	// below cannot overflow; a deadline in the year 3000 is only compared.
	unbound := arrived // the arrival for a budget no deadline binds
	if c.Setup > 0 {
		unbound = arrived.Add(min(c.Setup, now.Sub(arrived)))
	}
	dl := d.Deadline
	if dl.IsZero() || c.Mode == Replay {
		arrived = unbound
	}
	b.Due = arrived.Add(t)
	if !dl.IsZero() && c.Mode != Replay {
		passed := now.Sub(dl) // saturates, never wraps
		window := max(t, c.LateWindow)
		switch {
		case passed >= 0 && (c.Mode == Live || passed <= window):
			b.Late, b.Quick, b.Due = true, true, dl
			b.Time, b.Stop = c.LateThink, now.Add(c.LateThink)
			b.Note = fmt.Sprintf("the ResponseDeadline passed %s ago: answering at once with the static move", ago(passed))
			return b
		case passed >= 0:
			b.Late, b.Saved = true, true
			arrived = unbound
			b.Due = arrived.Add(t)
			src = fmt.Sprintf("a saved gamestate (its ResponseDeadline passed %s ago; the Live mode would answer at once): %s", ago(passed), src)
		case dl.Before(b.Due):
			b.Due, src = dl, "the ResponseDeadline"
		}
	}
	allowed := b.Due.Sub(arrived)
	// The reserve is a guess at delivery's steps on a quiet machine, so
	// the cores' crowding scales it; the tail was measured under the load
	// it met, and the margin is for a network the load does not slow.
	margin := min(time.Duration(float64(allowed)*c.Margin), c.maxMargin())
	p, load := 1.0, ""
	if c.Pressure != nil {
		if p = max(c.Pressure(), 1); p > 1 {
			load = fmt.Sprintf(" (x%.1f: the machine is busy)", p)
		}
	}
	unpressed := max(margin, c.Reserve, tail)
	held := max(margin, time.Duration(float64(c.Reserve)*p), tail)
	b.Stop = b.Due.Add(-held)
	b.Time = max(b.Stop.Sub(now), 0)
	b.Note = fmt.Sprintf("%s %v from arrival, %v spent before thinking, %v held back%s: budget %v",
		src, allowed.Round(time.Millisecond), now.Sub(arrived).Round(time.Millisecond), held.Round(time.Millisecond), load, b.Time.Round(time.Millisecond))
	switch {
	case b.Time == 0:
		// The held-back time has begun: what is left is what delivering
		// the answer is expected to take. Answered without a search (an
		// exchange where allowed, else a pass): weak but in time, where a
		// search of even a few milliseconds, waiting for a core under
		// load, would make it late. (A deadline already passed is another
		// matter: late anyway, it gets LateThink for a good move.)
		b.Quick, b.Stop = true, now
		b.Note += ": no time left, answering without a search"
		if b.Due.Sub(now)-unpressed >= c.LateThink {
			// Only the load's guess took it all (MoveTime 200 ms at four
			// tasks a core holds back 200): see Spare.
			b.Spare = c.LateThink
		}
	case b.Time < c.MinThink:
		b.Quick = true
		b.Note += fmt.Sprintf(": less than %v, answering with the static move", c.MinThink)
	}
	return b
}

func (c Clock) maxMargin() time.Duration {
	if c.MaxMargin <= 0 {
		return 1<<63 - 1
	}
	return c.MaxMargin
}

// Answer is the clock contract's one way from a position to a move: it
// thinks until b.Stop with pol, or answers with its static search
// (pol.Quick) when b.Quick. ctx may end it sooner (a server shutting down).
func Answer(ctx context.Context, pol Policy, p *position.Position, b Budget) Choice {
	ctx, cancel := context.WithDeadline(ctx, b.Stop)
	defer cancel()
	if b.Quick {
		return pol.Quick().Choose(ctx, p)
	}
	return pol.Choose(ctx, p)
}

// ago rounds a duration for people: days for old gamestates.
func ago(d time.Duration) string {
	if d >= 48*time.Hour {
		return fmt.Sprintf("%d days", int(d/(24*time.Hour)))
	}
	return d.Round(time.Millisecond).String()
}
