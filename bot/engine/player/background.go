package player

import "sync"

// A search goroutine outlives the Choose that started it by the time it
// takes to see its stop (microseconds, more when the machine is busy), and
// all that time it reads the index's memory map. Closing the index then
// unmaps the pages under it: a fault that kills the process after its
// answer, which a busy machine makes likely.
// background counts those goroutines so that whoever closes the index can
// wait for them first.
var background searchCount

type searchCount struct {
	mu   sync.Mutex
	n    int
	idle sync.Cond
}

func (s *searchCount) start() {
	s.mu.Lock()
	s.n++
	s.mu.Unlock()
}

func (s *searchCount) end() {
	s.mu.Lock()
	if s.n--; s.n == 0 && s.idle.L != nil {
		s.idle.Broadcast()
	}
	s.mu.Unlock()
}

// WaitSearches waits until no search of any player is still running: call
// it after the last answer and before closing the index the searches read.
// New searches started meanwhile are waited for too.
func WaitSearches() {
	s := &background
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.idle.L == nil {
		s.idle.L = &s.mu
	}
	for s.n > 0 {
		s.idle.Wait()
	}
}
