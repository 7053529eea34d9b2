package player

import (
	"testing"
	"time"
)

// A slow answer is held back in full at once, half as much a half-life
// later, and soon little; a load that lasts, each answer slow again, keeps
// the estimate up. Undecayed, one tail of a second left a 1 s MoveTime no
// time for the next 64 answers.
func TestTailEstimateDecaysUnlessTheLoadLasts(t *testing.T) {
	now := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	m := TailMeter{Now: func() time.Time { return now }}
	if got := m.Estimate(); got != 0 {
		t.Fatalf("before any answer: %v, want 0", got)
	}
	m.Observe(2 * time.Millisecond)
	m.Observe(time.Second)
	m.Observe(-time.Second) // ready before its stop: 0
	for _, c := range []struct {
		after, want time.Duration
	}{
		{0, time.Second},
		{tailHalfLife, 500 * time.Millisecond},
		{3 * tailHalfLife, 125 * time.Millisecond},
	} {
		at := now
		now = now.Add(c.after)
		if got := m.Estimate(); got < c.want-time.Millisecond || got > c.want+time.Millisecond {
			t.Errorf("%v after the slow answer: %v, want %v", c.after, got, c.want)
		}
		now = at
	}
	// A second slow answer every two seconds: the estimate stays near it.
	for range 30 {
		now = now.Add(2 * time.Second)
		m.Observe(time.Second)
		if got := m.Estimate(); got < time.Second {
			t.Fatalf("a lasting load: %v, want at least 1s", got)
		}
	}
	now = now.Add(time.Second)
	if got := m.Estimate(); got < 900*time.Millisecond {
		t.Errorf("a second after the last of a lasting load: %v, want at least 0.9s", got)
	}
	// Only the last tailWindow answers count, however recent.
	for range tailWindow {
		m.Observe(time.Millisecond)
	}
	if got := m.Estimate(); got != time.Millisecond {
		t.Errorf("after %d fast answers: %v, want 1ms", tailWindow, got)
	}
}
