package player

import (
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/position"
)

func TestBudget(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return now.Add(d) }
	c := DefaultClock
	cases := []struct {
		name     string
		clock    Clock
		moveTime time.Duration
		deadline time.Time
		want     time.Duration
		late     bool
	}{
		{"MoveTime less 10%", c, 1000 * time.Millisecond, at(time.Hour), 900 * time.Millisecond, false},
		{"margin capped", c, 5000 * time.Millisecond, at(time.Hour), 4750 * time.Millisecond, false},
		{"deadline nearer than MoveTime", c, 5000 * time.Millisecond, at(200 * time.Millisecond), 180 * time.Millisecond, false},
		{"no deadline", c, 50 * time.Millisecond, time.Time{}, 45 * time.Millisecond, false},
		{"no MoveTime", c, 0, time.Time{}, 900 * time.Millisecond, false},
		{"past deadline, run", c, 50 * time.Millisecond, at(-time.Hour), 45 * time.Millisecond, true},
		{"past deadline, serve", Clock{Margin: 0.1, Strict: true}, 50 * time.Millisecond, at(-time.Millisecond), 0, true},
		{"override", Clock{Margin: 0.1, Override: 300 * time.Millisecond, Strict: true}, 50 * time.Millisecond, at(-time.Hour), 300 * time.Millisecond, true},
	}
	for _, cs := range cases {
		b := cs.clock.Budget(&position.Position{MoveTime: cs.moveTime, Deadline: cs.deadline}, now)
		if b.Time != cs.want || b.Late != cs.late {
			t.Errorf("%s: budget %v late %v (%s), want %v late %v", cs.name, b.Time, b.Late, b.Note, cs.want, cs.late)
		}
		if cs.late && !strings.Contains(b.Note, "ResponseDeadline passed") {
			t.Errorf("%s: note %q does not say the deadline passed", cs.name, b.Note)
		}
	}
}
