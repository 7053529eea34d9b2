package player

import (
	"fmt"
	"time"

	"github.com/lexico/lexico/bot/position"
)

// Clock turns a position's MoveTime and ResponseDeadline into a thinking
// budget. Seed 000: a move that misses ResponseDeadline loses the game, so
// the budget is the smaller of the two, less a safety margin for the answer's
// trip back; the player answers with its best move so far when it runs out.
type Clock struct {
	// Margin is the fraction of the budget held back (0.10: answer after
	// 90%). Larger is safer on a slow or loaded machine, smaller thinks longer.
	Margin float64
	// MaxMargin caps the margin, so a long MoveTime is not wasted idling.
	MaxMargin time.Duration
	// DefaultMoveTime is used when the gamestate gives no MoveTime.
	DefaultMoveTime time.Duration
	// Strict honours a deadline already passed by answering at once (serve:
	// the platform is waiting). When false (run, replaying a saved
	// gamestate) a past deadline is reported and MoveTime is used instead.
	Strict bool
	// Override, when positive, is the budget whatever the gamestate says
	// (run's and serve's --budget); no margin is taken from it.
	Override time.Duration
}

// DefaultClock holds back 10% of the budget, at most 250 ms: enough for a
// response to cross a network and for a garbage-collection pause.
var DefaultClock = Clock{Margin: 0.10, MaxMargin: 250 * time.Millisecond, DefaultMoveTime: time.Second}

// Budget is how long to think, and why.
type Budget struct {
	Time time.Duration
	// Late is set when the ResponseDeadline had already passed at now.
	Late bool
	// Note explains the budget in one line for diagnostics.
	Note string
}

// Budget computes the thinking time for p at now.
func (c Clock) Budget(p *position.Position, now time.Time) Budget {
	late := !p.Deadline.IsZero() && !now.Before(p.Deadline)
	passed := ""
	if late {
		passed = "the ResponseDeadline passed " + ago(now.Sub(p.Deadline)) + " ago"
	}
	if c.Override > 0 {
		b := Budget{Time: c.Override, Late: late, Note: fmt.Sprintf("budget %v (--budget)", c.Override)}
		if late {
			b.Note = passed + "; " + b.Note
		}
		return b
	}
	t, src := p.MoveTime, "MoveTime"
	if t <= 0 {
		t, src = c.DefaultMoveTime, "default MoveTime (the gamestate gives none)"
	}
	switch {
	case late && c.Strict:
		return Budget{Time: 0, Late: true, Note: passed + ": answering at once"}
	case late:
		src = passed + " (a saved gamestate?) and is ignored: " + src
	case !p.Deadline.IsZero() && p.Deadline.Sub(now) < t:
		t, src = p.Deadline.Sub(now), "time left to the ResponseDeadline"
	}
	margin := time.Duration(float64(t) * c.Margin)
	if c.MaxMargin > 0 && margin > c.MaxMargin {
		margin = c.MaxMargin
	}
	full := t
	t = max(t-margin, 0)
	return Budget{Time: t, Late: late, Note: fmt.Sprintf("%s %v less a %v margin: budget %v", src, full, margin, t)}
}

// ago rounds a duration for people: days for old gamestates.
func ago(d time.Duration) string {
	if d >= 48*time.Hour {
		return fmt.Sprintf("%d days", int(d/(24*time.Hour)))
	}
	return d.Round(time.Millisecond).String()
}
