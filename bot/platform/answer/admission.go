package answer

import (
	"sync"
	"time"
)

// admission bounds how many searches think at once. Each simulation keeps
// every core busy for its whole budget, so two of them on two cores think
// at half speed each and twenty at a tenth: past the cores, more at once
// only makes every answer weaker, and under other load, late. A request
// that cannot get a slot in time answers with the static move instead,
// which takes milliseconds.
//
// A slot's holder says when it will give the slot back (its Budget.Stop).
// A request that would have to wait past its own latest start gives up at
// once rather than wait and then find no time left; one whose latest start
// comes after the first slot frees waits for it.
type admission struct {
	slots int
	// turns is set for slots held briefly and often (static searches):
	// a waiter then expects a turn after the queue ahead of it has had
	// theirs, each holding a slot for about hold, measured as they go.
	turns   bool
	hold    time.Duration
	mu      sync.Mutex
	free    int
	holders map[*slot]time.Time // each holder's expected release
	waiters []*waiter           // first come, first served
}

type slot struct {
	a     *admission
	taken time.Time
}

type waiter struct {
	until time.Time
	ready chan *slot // buffered: a slot handed over while the waiter leaves is given back
	// late is closed when, turns being measured longer than expected,
	// the waiter's turn can no longer come by until: it gives up then,
	// not at until (turnsLeft).
	late chan struct{}
}

func newAdmission(slots int) *admission {
	return &admission{slots: slots, free: slots, holders: make(map[*slot]time.Time)}
}

// newTurns is an admission for slots held briefly and often, expected to
// be held for about hold each until measured.
func newTurns(slots int, hold time.Duration) *admission {
	a := newAdmission(slots)
	a.turns, a.hold = true, hold
	return a
}

// acquire takes a slot for a search that will end at release, waiting at
// most until latest (the last moment a slot is still worth having). It
// returns nil when no slot can be had by then, and gives up when done is
// closed (the server shutting down, the client gone).
func (a *admission) acquire(release, latest time.Time, done <-chan struct{}) *slot {
	select {
	case <-done:
		return nil
	default:
	}
	a.mu.Lock()
	if a.free > 0 && len(a.waiters) == 0 {
		a.free--
		s := &slot{a: a, taken: time.Now()}
		a.holders[s] = release
		a.mu.Unlock()
		return s
	}
	// Waiting is worth it only if some slot frees before latest, after the
	// waiters ahead have had theirs: the k-th earliest release, k the queue.
	if !a.freesInTime(latest) {
		a.mu.Unlock()
		return nil
	}
	w := &waiter{until: latest, ready: make(chan *slot, 1), late: make(chan struct{})}
	a.waiters = append(a.waiters, w)
	a.mu.Unlock()

	timer := time.NewTimer(time.Until(latest))
	defer timer.Stop()
	select {
	case s := <-w.ready:
		a.mu.Lock()
		s.taken = time.Now()
		a.holders[s] = release
		a.mu.Unlock()
		return s
	case <-w.late:
		return nil // out of the queue already (turnsLeft)
	case <-timer.C:
	case <-done:
	}
	a.mu.Lock()
	a.leave(w)
	a.mu.Unlock()
	// A slot handed over as the waiter left goes to the next one.
	select {
	case s := <-w.ready:
		s.release()
	default:
	}
	return nil
}

// freesInTime reports whether, with the queue as it is, a slot would come
// to a new waiter by latest. Called with mu held.
func (a *admission) freesInTime(latest time.Time) bool {
	ahead := len(a.waiters)
	if a.turns {
		rounds := time.Duration(ahead/a.slots + 1)
		return !time.Now().Add(rounds * a.hold).After(latest)
	}
	if ahead >= len(a.holders) {
		return false // every slot freed before latest already has a taker
	}
	var early int
	for _, r := range a.holders {
		if !r.After(latest) {
			early++
		}
	}
	return early > ahead
}

func (a *admission) leave(w *waiter) {
	for i, x := range a.waiters {
		if x == w {
			a.waiters = append(a.waiters[:i], a.waiters[i+1:]...)
			return
		}
	}
}

// release gives the slot back: to the first waiter still waiting, else to
// the pool.
func (s *slot) release() {
	a := s.a
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.holders, s)
	if a.turns && !s.taken.IsZero() { // zero: handed over, never taken
		// A moving average over about eight turns: a turn's length follows
		// the machine's load and the boards asked about.
		a.hold += (time.Since(s.taken) - a.hold) / 8
	}
	defer a.turnsLeft()
	for len(a.waiters) > 0 {
		w := a.waiters[0]
		a.waiters = a.waiters[1:]
		if time.Now().Before(w.until) {
			next := &slot{a: a}
			a.holders[next] = time.Now() // until the taker says when it ends
			w.ready <- next
			return
		}
	}
	a.free++
}

// turnsLeft sends away, with turns, the waiters whose turn can no longer
// come by their latest start at the turns' measured length: each gives up
// now, answering without a search, where waiting until its latest start
// would have made a burst's requests all give up at once, at the moment
// their answers are due (they arrived together), and their answers then
// queue for the cores past it. Called with mu held.
func (a *admission) turnsLeft() {
	if !a.turns {
		return
	}
	now := time.Now()
	kept := a.waiters[:0]
	for _, w := range a.waiters {
		// The waiters still ahead of w take their turns first.
		if now.Add(time.Duration(len(kept)/a.slots+1) * a.hold).After(w.until) {
			close(w.late)
			continue
		}
		kept = append(kept, w)
	}
	clear(a.waiters[len(kept):])
	a.waiters = kept
}

// idle reports whether a slot is free and nobody waits for one.
func (a *admission) idle() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.free > 0 && len(a.waiters) == 0
}

// size is how many searches may think at once.
func (a *admission) size() int { return a.slots }
