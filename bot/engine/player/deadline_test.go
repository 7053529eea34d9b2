package player

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// The clock contract on a fake clock: every case gives the arrival, the
// moment the budget is made, the gamestate's clock fields and the measured
// tail, and checks the thinking time and the answer's kind.
func TestBudget(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) time.Time { return now.Add(d) }
	ms := time.Millisecond
	// Most cases hold back a share of the budget, as --margin 0.1 does
	// (for a network the clock cannot measure): the arithmetic of every
	// term at once. The default holds back the reserve alone.
	def := DefaultClock()
	defBusy := def
	defBusy.Pressure = func() float64 { return 2.5 } // 40 ms held back becomes 100
	c := DefaultClock()
	c.Margin, c.Reserve = 0.10, 50*ms
	live, replay := c, c
	live.Mode, replay.Mode = Live, Replay
	override := c
	override.Override = 300 * ms
	overLong := c
	overLong.Override = 2 * time.Minute
	setup := c // 6 s of building the default index on first use
	setup.Setup = 6 * time.Second
	busy := c
	busy.Pressure = func() float64 { return 2.5 } // the 50 ms reserve becomes 125, over the 100 ms margin
	cases := []struct {
		name     string
		clock    Clock
		arrived  time.Time // zero: now
		moveTime time.Duration
		deadline time.Time
		tail     time.Duration
		want     time.Duration
		late     bool
		saved    bool
		static   bool
		capped   bool
	}{
		{name: "the default: the reserve alone", clock: def, moveTime: 1000 * ms, deadline: at(time.Hour), want: 960 * ms},
		{name: "the default at 5 s", clock: def, moveTime: 5000 * ms, want: 4960 * ms},
		{name: "the default: a measured tail", clock: def, moveTime: 1000 * ms, tail: 70 * ms, want: 930 * ms},
		{name: "the default on a busy CPU", clock: defBusy, moveTime: 1000 * ms, want: 900 * ms},
		{name: "MoveTime less 10%", clock: c, moveTime: 1000 * ms, deadline: at(time.Hour), want: 900 * ms},
		{name: "margin capped", clock: c, moveTime: 5000 * ms, deadline: at(time.Hour), want: 4750 * ms},
		{name: "deadline nearer than MoveTime", clock: c, moveTime: 5000 * ms, deadline: at(1000 * ms), want: 900 * ms},
		{name: "no deadline", clock: c, moveTime: 1000 * ms, want: 900 * ms},
		{name: "no MoveTime", clock: c, want: 900 * ms},
		{name: "the reserve's floor", clock: c, moveTime: 400 * ms, deadline: at(400 * ms), want: 350 * ms},
		{name: "too short to simulate", clock: c, moveTime: 200 * ms, deadline: at(200 * ms), want: 150 * ms, static: true},
		{name: "start-up counts", clock: c, arrived: at(-100 * ms), moveTime: 1000 * ms, want: 800 * ms},
		{name: "start-up past a deadline's share", clock: c, arrived: at(-100 * ms), moveTime: 1000 * ms, deadline: at(400 * ms), want: 350 * ms},
		{name: "a measured tail", clock: c, moveTime: 1000 * ms, tail: 300 * ms, want: 700 * ms},
		{name: "start-up leaves too little", clock: c, arrived: at(-120 * ms), moveTime: 200 * ms, deadline: at(70 * ms),
			want: 20 * ms, static: true},
		{name: "nothing left before the reserve", clock: c, arrived: at(-180 * ms), moveTime: 200 * ms, want: 0, static: true},
		{name: "just passed: live and late", clock: c, moveTime: 1000 * ms, deadline: at(-10 * ms), want: c.LateThink, late: true, static: true},
		{name: "passed a MoveTime ago: still live", clock: c, moveTime: 5000 * ms, deadline: at(-4 * time.Second), want: c.LateThink, late: true, static: true},
		{name: "long past: saved", clock: c, moveTime: 1000 * ms, deadline: at(-time.Hour), want: 900 * ms, late: true, saved: true},
		{name: "long past, --live", clock: live, moveTime: 1000 * ms, deadline: at(-time.Hour), want: c.LateThink, late: true, static: true},
		{name: "just passed, --replay", clock: replay, moveTime: 1000 * ms, deadline: at(-10 * ms), want: 900 * ms},
		{name: "near deadline, --replay", clock: replay, moveTime: 1000 * ms, deadline: at(300 * ms), want: 900 * ms},
		{name: "absurd MoveTime", clock: c, moveTime: 1e9 * ms, want: time.Minute - 250*ms, capped: true},
		{name: "saturated MoveTime, year-3000 deadline", clock: c, moveTime: math.MaxInt64,
			deadline: time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC), want: time.Minute - 250*ms, capped: true},
		{name: "an index built: saved", clock: setup, arrived: at(-6100 * ms), moveTime: 5000 * ms, deadline: at(-time.Hour),
			want: 4650 * ms, late: true, saved: true},
		{name: "an index built: no deadline", clock: setup, arrived: at(-6100 * ms), moveTime: 1000 * ms, want: 800 * ms},
		{name: "an index built: live", clock: setup, arrived: at(-6100 * ms), moveTime: 5000 * ms, deadline: at(-1100 * ms),
			want: c.LateThink, late: true, static: true},
		{name: "an index built: future deadline", clock: setup, arrived: at(-6100 * ms), moveTime: 10000 * ms,
			deadline: at(3900 * ms), want: 3650 * ms},
		{name: "a busy CPU", clock: busy, moveTime: 1000 * ms, want: 875 * ms},
		{name: "a busy CPU: a measured tail is not scaled", clock: defBusy, moveTime: 1000 * ms, tail: 150 * ms, want: 850 * ms},
		{name: "a busy CPU: a short tail", clock: defBusy, moveTime: 1000 * ms, tail: 70 * ms, want: 900 * ms},
		{name: "override", clock: override, moveTime: 50 * ms, deadline: at(-time.Hour), want: 300 * ms},
		{name: "override over the cap", clock: overLong, moveTime: 50 * ms, want: time.Minute, capped: true},
	}
	for _, cs := range cases {
		p := Due{MoveTime: cs.moveTime, Deadline: cs.deadline}
		b := cs.clock.Budget(p, cs.arrived, now, cs.tail)
		if b.Time != cs.want || b.Late != cs.late || b.Saved != cs.saved || b.Quick != cs.static || b.Capped != cs.capped {
			t.Errorf("%s: budget %v late %v saved %v static %v capped %v (%s); want %v, %v, %v, %v, %v",
				cs.name, b.Time, b.Late, b.Saved, b.Quick, b.Capped, b.Note, cs.want, cs.late, cs.saved, cs.static, cs.capped)
		}
		if !b.Stop.Equal(now.Add(b.Time)) {
			t.Errorf("%s: stop %v is not now plus the budget %v", cs.name, b.Stop.Sub(now), b.Time)
		}
		if cs.late && !strings.Contains(b.Note, "ResponseDeadline passed") {
			t.Errorf("%s: note %q does not say the deadline passed", cs.name, b.Note)
		}
		if cs.capped && !strings.Contains(b.Note, "the think cap "+cs.clock.MaxThink.String()) {
			t.Errorf("%s: note %q does not name the think cap", cs.name, b.Note)
		}
		if strings.Contains(b.Note, "--") { // the clock serves every front end: each names its own flags
			t.Errorf("%s: note %q names a command-line flag", cs.name, b.Note)
		}
		if b.Notable() != (cs.late || cs.static || cs.capped) {
			t.Errorf("%s: notable %v", cs.name, b.Notable())
		}
	}
}

// Spare: when only the load's guess took the whole budget, a static search
// of LateThink would still fit under the reserve and the measured tail; not
// when the tail or the start-up took it.
func TestSpareWhenOnlyTheLoadTookTheBudget(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	ms := time.Millisecond
	crowded := DefaultClock()
	crowded.Mode, crowded.Reserve = Live, 50*ms
	crowded.Pressure = func() float64 { return 4 } // 50 ms held back becomes 200
	for _, c := range []struct {
		name          string
		arrived       time.Duration
		moveTime      time.Duration
		tail          time.Duration
		budget, spare time.Duration
	}{
		{"the load's guess took it all", 0, 200 * ms, 0, 0, crowded.LateThink},
		{"a tail measured that long", 0, 200 * ms, 195 * ms, 0, 0},
		{"start-up took it", -160 * ms, 200 * ms, 0, 0, 0},
		{"time left to search anyway", 0, 300 * ms, 0, 100 * ms, 0},
	} {
		p := Due{MoveTime: c.moveTime, Deadline: now.Add(c.arrived + c.moveTime)}
		b := crowded.Budget(p, now.Add(c.arrived), now, c.tail)
		if b.Time != c.budget || b.Spare != c.spare || !b.Quick {
			t.Errorf("%s: budget %v, spare %v, static %v (%s); want %v, %v, static", c.name, b.Time, b.Spare, b.Quick, b.Note, c.budget, c.spare)
		}
	}
}

// Alone: a budget the load's guess alone took searches for Spare from the
// moment the answer is found alone, and says so; a budget with time of its
// own, or one the tail took (no Spare), is left as it was.
func TestAloneSearchesTheSpare(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	later := now.Add(30 * time.Millisecond)
	crowded := DefaultClock()
	crowded.Mode, crowded.Reserve = Live, 50*time.Millisecond
	crowded.Pressure = func() float64 { return 4 }
	spare := crowded.Budget(Due{MoveTime: 200 * time.Millisecond, Deadline: now.Add(200 * time.Millisecond)}, now, now, 0)
	if b := spare.Alone(later); b.Time != crowded.LateThink || !b.Stop.Equal(later.Add(crowded.LateThink)) || !b.Quick || !strings.Contains(b.Note, "a search of 10ms after all") {
		t.Errorf("alone with a spare: time %v, stop %v, static %v, note %q; want a static search of %v from %v", b.Time, b.Stop, b.Quick, b.Note, crowded.LateThink, later)
	}
	for _, b := range []Budget{
		crowded.Budget(Due{MoveTime: 200 * time.Millisecond, Deadline: now.Add(200 * time.Millisecond)}, now, now, 195*time.Millisecond),
		crowded.Budget(Due{MoveTime: 500 * time.Millisecond, Deadline: now.Add(500 * time.Millisecond)}, now, now, 0),
	} {
		if a := b.Alone(later); a != b {
			t.Errorf("alone without a spare: %+v became %+v; want it unchanged", b, a)
		}
	}
}

// Whatever the gamestate says, a budget that thinks (not the static
// answer of a late or tiny budget) stops at least Reserve before the
// answer is due and never thinks longer than MaxThink; and the due time
// is never after a live deadline.
func TestBudgetNeverPastTheDeadline(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	durations := []time.Duration{0, -time.Second, time.Millisecond, 200 * time.Millisecond, time.Second,
		5 * time.Second, time.Hour, math.MaxInt64, math.MinInt64}
	pick := func() time.Duration {
		if r.IntN(3) == 0 {
			return durations[r.IntN(len(durations))]
		}
		return time.Duration(r.Int64N(int64(10 * time.Second)))
	}
	for i := range 20000 {
		p := Due{MoveTime: pick()}
		if r.IntN(4) > 0 {
			p.Deadline = now.Add(pick() - 5*time.Second)
		}
		c := DefaultClock()
		c.Mode = Mode(r.IntN(3))
		arrived := now.Add(-time.Duration(r.Int64N(int64(300 * time.Millisecond))))
		tail := time.Duration(r.Int64N(int64(200 * time.Millisecond)))
		b := c.Budget(p, arrived, now, tail)
		if b.Time < 0 || b.Time > c.MaxThink || !b.Stop.Equal(now.Add(b.Time)) {
			t.Fatalf("case %d %+v: budget %v, stop %v", i, p, b.Time, b.Stop.Sub(now))
		}
		if c.Mode != Replay && !p.Deadline.IsZero() && !b.Saved && b.Due.After(p.Deadline) {
			t.Fatalf("case %d %+v: due %v after the deadline", i, p, b.Due.Sub(p.Deadline))
		}
		if !b.Quick && b.Due.Sub(b.Stop) < max(c.Reserve, tail) {
			t.Fatalf("case %d %+v: thinks until %v before the due time, holding back less than %v",
				i, p, b.Due.Sub(b.Stop), max(c.Reserve, tail))
		}
	}
}

// A schedstat line is the time run, then waited for a core, in ns.
func TestParseSchedstat(t *testing.T) {
	run, wait, ok := parseSchedstat([]byte("1500000 3000000 12\n"))
	if !ok || run != 1500*time.Microsecond || wait != 3*time.Millisecond {
		t.Errorf("got %v %v %v", run, wait, ok)
	}
	for _, bad := range []string{"", "12", "x 1 2", "1 -2 3"} {
		if _, _, ok := parseSchedstat([]byte(bad)); ok {
			t.Errorf("%q read as a schedstat line", bad)
		}
	}
}

// The pressure is 1 + wait/run within [1, maxPressure], and 1 from too
// little running to say.
func TestCoreWaitPressure(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		w    CoreWait
		want float64
	}{
		{CoreWait{Run: 100 * ms}, 1},
		{CoreWait{Run: 100 * ms, Wait: 150 * ms}, 2.5},
		{CoreWait{Run: 100 * ms, Wait: time.Second}, maxPressure},
		{CoreWait{Run: ms, Wait: time.Second}, 1}, // too little run
	} {
		if got := c.w.Pressure(); got != c.want {
			t.Errorf("%+v: %v, want %v", c.w, got, c.want)
		}
	}
	if w, ok := ReadCoreWait(); ok && (w.Run <= 0 || w.Wait < 0) {
		t.Errorf("this process: %+v", w)
	}
}

// The gauge reads the window since its last reading, keeps the last value
// while the process ran too little to say, and reuses a fresh reading.
func TestCoreGaugeWindows(t *testing.T) {
	ms := time.Millisecond
	now := time.Unix(1000, 0)
	var cur CoreWait
	reads := 0
	g := &CoreGauge{
		read: func() (CoreWait, bool) { reads++; return cur, true },
		now:  func() time.Time { return now },
	}
	step := func(run, wait time.Duration, gap time.Duration) float64 {
		cur.Run += run
		cur.Wait += wait
		now = now.Add(gap)
		return g.Pressure()
	}
	if p := step(40*ms, 40*ms, 0); p != 2 { // the start-up: the whole life so far
		t.Errorf("first reading %v, want 2", p)
	}
	if p := step(100*ms, 0, time.Second); p != 1 { // a quiet window: no lag
		t.Errorf("quiet window %v, want 1", p)
	}
	if p := step(ms, 10*ms, time.Second); p != 1 { // too little run: the last value
		t.Errorf("idle window %v, want the last value 1", p)
	}
	if p := step(9*ms, 20*ms, time.Second); p != 4 { // the idle window's run counts now: (10+20)/10... capped
		t.Errorf("window with enough run %v, want %v", p, maxPressure)
	}
	n := reads
	if p := step(100*ms, 0, pressureFresh/2); p != 4 || reads != n {
		t.Errorf("a fresh reading was read again (%d reads) or changed (%v)", reads-n, p)
	}
	if p := new(CoreGauge).Pressure(); p < 1 || p > maxPressure {
		t.Errorf("this machine: %v, want within [1, %d]", p, maxPressure)
	}
}
