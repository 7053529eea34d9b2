package answer

import (
	"testing"
	"time"
)

// returnsSoon runs f and fails if it has not returned within a generous
// bound: the calls checked here either return at once or wait for an hour.
func returnsSoon(t *testing.T, what string, f func() *slot) *slot {
	t.Helper()
	got := make(chan *slot, 1)
	go func() { got <- f() }()
	select {
	case s := <-got:
		return s
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: still waiting", what)
		return nil
	}
}

// With every slot held until after a request's latest start, the request
// gives up at once instead of waiting for nothing.
func TestAdmissionGivesUpAtOnceWhenNoSlotFreesInTime(t *testing.T) {
	a := newAdmission(2)
	now := time.Now()
	hour := now.Add(time.Hour)
	s1, s2 := a.acquire(hour, hour, nil), a.acquire(hour, hour, nil)
	if s1 == nil || s2 == nil {
		t.Fatal("two slots, two requests: both should think")
	}
	if s := returnsSoon(t, "a third request", func() *slot { return a.acquire(hour, now.Add(30*time.Minute), nil) }); s != nil {
		t.Fatal("a third request got a slot that is held for an hour")
	}
	s1.release()
	if s := a.acquire(hour, hour, nil); s == nil {
		t.Fatal("a released slot was not given to the next request")
	}
}

// A request whose latest start comes after a holder's end waits for that
// slot; waiters are served first come, first served; and a waiter that
// gives up (done) leaves no slot behind.
func TestAdmissionWaitersTakeReleasedSlotsInOrder(t *testing.T) {
	a := newAdmission(2)
	soon, hour := time.Now().Add(time.Minute), time.Now().Add(time.Hour)
	holders := []*slot{a.acquire(soon, soon, nil), a.acquire(soon, soon, nil)}
	got := make(chan int, 2)
	for i := range 2 {
		go func() {
			if s := a.acquire(hour, hour, nil); s != nil {
				got <- i
			}
		}()
		// The second waiter queues behind the first.
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			a.mu.Lock()
			n := len(a.waiters)
			a.mu.Unlock()
			if n == i+1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("waiter %d never queued", i)
			}
		}
	}
	// Two slots free in time, and two waiters expect them: a third gives up.
	if s := returnsSoon(t, "a third waiter", func() *slot { return a.acquire(hour, hour, nil) }); s != nil {
		t.Fatal("a third waiter got a slot two others are queued for")
	}
	// One release at a time, so that the order seen is the order served.
	holders[0].release()
	first := <-got
	holders[1].release()
	if second := <-got; first != 0 || second != 1 {
		t.Fatalf("waiters served %d then %d; want 0 then 1", first, second)
	}
	// The waiters' slots, held by no one now (their goroutines are done).
	for s := range a.holders {
		s.release()
	}

	// A waiter told to stop gives up, and the slots are all there after.
	held := []*slot{a.acquire(soon, soon, nil), a.acquire(soon, soon, nil)}
	done := make(chan struct{})
	close(done)
	if s := returnsSoon(t, "a stopped waiter", func() *slot { return a.acquire(hour, hour, done) }); s != nil {
		t.Fatal("a stopped waiter got a slot")
	}
	held[0].release()
	held[1].release()
	if a.free != 2 || len(a.waiters) != 0 || len(a.holders) != 0 {
		t.Fatalf("after everything was released: %d free, %d waiting, %d held; want 2, 0, 0", a.free, len(a.waiters), len(a.holders))
	}
}

// Turns (static searches) are short: a request waits while the queue ahead
// of it would have had its turns by its latest start, at the measured
// length of a turn, and gives up at once when it would not.
func TestTurnsWaitByTheQueueLength(t *testing.T) {
	a := newTurns(1, time.Second) // a turn is taken to last a second
	now := time.Now()
	held := a.acquire(now, now.Add(time.Hour), nil)
	if held == nil {
		t.Fatal("a free turn was not given")
	}
	// One turn ahead (the holder): a second to wait, with half a second
	// to spare: give up at once.
	if s := returnsSoon(t, "a waiter with too little time", func() *slot { return a.acquire(now, now.Add(500*time.Millisecond), nil) }); s != nil {
		t.Fatal("a turn was given with the queue ahead longer than the time left")
	}
	got := make(chan *slot, 1)
	go func() { got <- a.acquire(now, now.Add(time.Hour), nil) }()
	waitQueue(t, a, 1) // a waiter with an hour to spare queues
	held.release()
	s := <-got
	if s == nil {
		t.Fatal("the queued waiter got no turn")
	}
	// The turn just held lasted milliseconds, not the second assumed: the
	// measured length moves towards it.
	if a.hold >= time.Second {
		t.Fatalf("turn length %v after a short turn; want it measured down", a.hold)
	}
	s.release()
}

// A waiter whose turn, at the turns' length as measured since it queued,
// can no longer come by its latest start gives up when a turn ends, not at
// its latest start: a burst's requests queued together would otherwise all
// give up at the same moment, when their answers are due. The first waiter
// gets the turn released; the second, an hour from its latest start but
// with turns now measured at two hours, is sent away at once.
func TestTurnsSendAwayAWaiterWhoseTurnCannotComeInTime(t *testing.T) {
	a := newTurns(1, time.Millisecond)
	now := time.Now()
	held := a.acquire(now, now.Add(2*time.Hour), nil)
	first, second := make(chan *slot, 1), make(chan *slot, 1)
	go func() { first <- a.acquire(now, now.Add(2*time.Hour), nil) }()
	waitQueue(t, a, 1)
	go func() { second <- a.acquire(now, now.Add(time.Hour), nil) }()
	waitQueue(t, a, 2)
	a.mu.Lock()
	a.hold = 2 * time.Hour // as if the turns had been measured that long
	a.mu.Unlock()
	held.release()
	if s := returnsSoon(t, "the second waiter", func() *slot { return <-second }); s != nil {
		t.Fatal("a turn was given to a waiter whose turn could not come in time")
	}
	s := returnsSoon(t, "the first waiter", func() *slot { return <-first })
	if s == nil {
		t.Fatal("the first waiter got no turn")
	}
	s.release()
	if a.free != 1 || len(a.waiters) != 0 {
		t.Fatalf("after everything: %d free, %d waiting; want 1, 0", a.free, len(a.waiters))
	}
}

// waitQueue waits until n requests wait in a's queue.
func waitQueue(t *testing.T, a *admission, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		a.mu.Lock()
		got := len(a.waiters)
		a.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d waiting, want %d", got, n)
		}
	}
}
