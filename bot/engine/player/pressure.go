package player

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"time"
)

// maxPressure caps a pressure reading: past four times its CPU time a
// step's wall time says the machine is overloaded, and holding back more
// would leave nothing to think with.
const maxPressure = 4

// CoreWait is how long this process's threads have run on a core and
// waited for one, summed over its threads (Linux's
// /proc/self/task/*/schedstat: the time on a CPU, then the time runnable
// but not running). Threads that have exited are not counted.
type CoreWait struct {
	Run, Wait time.Duration
}

// ReadCoreWait reads this process's CoreWait; ok is false where the
// scheduler's statistics cannot be read (not Linux, or schedstats off).
func ReadCoreWait() (w CoreWait, ok bool) {
	dir, err := os.Open("/proc/self/task")
	if err != nil {
		return w, false
	}
	names, err := dir.Readdirnames(-1)
	dir.Close()
	if err != nil {
		return w, false
	}
	var buf [96]byte
	for _, name := range names {
		f, err := os.Open("/proc/self/task/" + name + "/schedstat")
		if err != nil {
			continue // the thread exited since the listing
		}
		n, _ := f.Read(buf[:])
		f.Close()
		if run, wait, good := parseSchedstat(buf[:n]); good {
			w.Run += run
			w.Wait += wait
			ok = true
		}
	}
	return w, ok
}

// parseSchedstat reads a schedstat line, "RUN_NS WAIT_NS TIMESLICES".
func parseSchedstat(b []byte) (run, wait time.Duration, ok bool) {
	f := bytes.Fields(b)
	if len(f) < 2 {
		return 0, 0, false
	}
	r, err1 := strconv.ParseInt(string(f[0]), 10, 64)
	w, err2 := strconv.ParseInt(string(f[1]), 10, 64)
	if err1 != nil || err2 != nil || r < 0 || w < 0 {
		return 0, 0, false
	}
	return time.Duration(r), time.Duration(w), true
}

// Since is what w adds to an earlier reading.
func (w CoreWait) Since(earlier CoreWait) CoreWait {
	return CoreWait{Run: max(w.Run-earlier.Run, 0), Wait: max(w.Wait-earlier.Wait, 0)}
}

// minCoreRun is the least running time a pressure is read from: below
// it, a few context switches decide the ratio.
const minCoreRun = 5 * time.Millisecond

// Pressure is how much longer than its CPU time this process's work took
// while w was measured: 1 + Wait/Run, within [1, maxPressure]; 1 when w
// ran too little to say.
func (w CoreWait) Pressure() float64 {
	if w.Run < minCoreRun {
		return 1
	}
	return min(1+float64(w.Wait)/float64(w.Run), maxPressure)
}

// CoreGauge reads how crowded the CPU is for this process, for
// Clock.Pressure: how much longer than their CPU time its threads' work
// took lately (CoreWait.Pressure), measured where it happens. When other
// processes keep the cores busy, every step after thinking (stopping the
// workers, encoding, writing) waits its turn for a core, so the time held
// back grows with the ratio.
//
// Each reading covers the time since the last one, once this process has
// run minCoreRun in it: a server's next budget sees the load its last
// answer met, and run's first and only budget sees its own start-up
// (exec, the runtime, opening the index), the whole of its life so far.
// A window with less running than that (a server idle since) keeps the
// last reading. Against a load average this neither lags a change by tens
// of seconds nor counts our own search threads, which stop competing when
// thinking stops; the trade: an idle server learns of a new load only
// from the answers it gives under it (its measured tail raises the
// reserve too).
//
// A reading is reused for pressureFresh, so a burst of requests does not
// read the scheduler's files once each. 1 where they cannot be read (not
// Linux). One gauge serves every clock of a process that shares it
// (serve's bots); the zero value is ready, and safe for concurrent use.
type CoreGauge struct {
	mu   sync.Mutex
	base CoreWait  // the reading the next window starts from
	at   time.Time // when the value was last read
	p    float64   // the last value (0: none yet)
	// read is the gauge's source (nil: ReadCoreWait); tests feed it.
	read func() (CoreWait, bool)
	now  func() time.Time
}

// pressureFresh is how long a reading is reused.
const pressureFresh = 10 * time.Millisecond

// Pressure is the gauge's reading (see CoreGauge).
func (g *CoreGauge) Pressure() float64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := time.Now()
	if g.now != nil {
		now = g.now()
	}
	if g.p != 0 && now.Sub(g.at) < pressureFresh && !now.Before(g.at) {
		return g.p
	}
	read := ReadCoreWait
	if g.read != nil {
		read = g.read
	}
	g.at = now
	w, ok := read()
	if !ok {
		g.p = 1
		return g.p
	}
	if d := w.Since(g.base); d.Run >= minCoreRun || g.p == 0 {
		g.p, g.base = d.Pressure(), w
	}
	return g.p
}

// CorePressure is a new gauge's Pressure, for a Clock's Pressure field.
func CorePressure() func() float64 { return new(CoreGauge).Pressure }
