package player

import (
	"math"
	"sync"
	"time"
)

// TailMeter measures the tail of an answer: the time from the end of
// thinking (Budget.Stop) to the answer's delivery, which the clock holds
// back (Clock.Budget's tail). On a quiet machine it is a millisecond or
// two; when other processes share the CPU it grows with the wait for a
// core, and the meter makes the next budgets hold back as much.
//
// Its estimate is the largest of the last tailWindow tails, each halved
// for every tailHalfLife since it was seen: one slow answer raises the
// reserve at once rather than after an average has caught up, and a
// load that lasts keeps it up (its answers keep being slow), but a
// moment's overload is not held against the answers after it for long.
// Undecayed, one tail as long as a MoveTime would leave the next
// tailWindow answers no time at all, each a pass. The trade: after a
// decayed spike, a load that returns finds less held back for one answer.
// Safe for concurrent use; the zero value is ready.
type TailMeter struct {
	mu   sync.Mutex
	ring [tailWindow]tailAt
	n    int
	// Now is the meter's clock (nil: time.Now); tests pin it.
	Now func() time.Time
}

type tailAt struct {
	d  time.Duration
	at time.Time
}

const tailWindow = 64

// tailHalfLife is how long a tail takes to count half: long against the
// answers of a loaded minute (several a second in serve, one every turn or
// two in a game), short against a game.
const tailHalfLife = 10 * time.Second

func (m *TailMeter) now() time.Time {
	if m.Now != nil {
		return m.Now()
	}
	return time.Now()
}

// Observe records one answer's tail (delivery − Budget.Stop; negative, an
// answer ready before its stop, counts as 0).
func (m *TailMeter) Observe(d time.Duration) {
	now := m.now()
	m.mu.Lock()
	m.ring[m.n%tailWindow] = tailAt{max(d, 0), now}
	m.n++
	m.mu.Unlock()
}

// Estimate is the tail to hold back: the largest of the recent ones, each
// decayed by its age (0 before any answer).
func (m *TailMeter) Estimate() time.Duration {
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	var worst time.Duration
	for _, t := range m.ring[:min(m.n, tailWindow)] {
		d := t.d
		if age := now.Sub(t.at); age > 0 {
			d = time.Duration(float64(d) * math.Exp2(-float64(age)/float64(tailHalfLife)))
		}
		worst = max(worst, d)
	}
	return worst
}
