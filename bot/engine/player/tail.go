package player

import (
	"sync"
	"time"
)

// TailMeter measures the tail of an answer: the time from the end of
// thinking (Budget.Stop) to the answer's delivery, which the clock holds
// back (Clock.Budget's tail). On a quiet machine it is a millisecond or
// two; when other processes share the CPU it grows with the wait for a
// core, and the meter makes the next budgets hold back as much.
//
// Its estimate is the largest of the last tailWindow tails: a burst of
// load is remembered for that many answers, and one slow answer raises the
// reserve at once rather than after an average has caught up. Safe for
// concurrent use; the zero value is ready.
type TailMeter struct {
	mu   sync.Mutex
	ring [tailWindow]time.Duration
	n    int
}

const tailWindow = 64

// Observe records one answer's tail (delivery − Budget.Stop; negative, an
// answer ready before its stop, counts as 0).
func (m *TailMeter) Observe(d time.Duration) {
	m.mu.Lock()
	m.ring[m.n%tailWindow] = max(d, 0)
	m.n++
	m.mu.Unlock()
}

// Estimate is the tail to hold back: the largest of the recent ones (0
// before any answer).
func (m *TailMeter) Estimate() time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	var worst time.Duration
	for _, d := range m.ring[:min(m.n, tailWindow)] {
		worst = max(worst, d)
	}
	return worst
}
