package player

import (
	"bytes"
	"math"
	"os"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"
)

// maxPressure caps LoadPressure: past four tasks a core the machine is
// overloaded, and holding back more would leave nothing to think with.
const maxPressure = 4

// LoadGauge reads how crowded the CPU is, for Clock.Pressure: the tasks
// wanting a core per core, from Linux's /proc/loadavg (the larger of the
// one-minute load average and the tasks runnable right now), at least 1
// and at most maxPressure. When other processes keep the cores busy, every
// step after thinking (stopping the workers, encoding, writing) waits its
// turn for a core, and the answer's tail grows with the queue: the time
// held back grows with it. 1 where /proc/loadavg cannot be read.
//
// A reading is reused for pressureFresh: read once per request (three
// system calls), the file was a visible share of serve's CPU under a
// burst, and a reading a few milliseconds old says the same (the kernel
// updates the averages every 5 s). The trade: the runnable count may be
// a few milliseconds stale. One gauge serves every clock of a process that
// shares it (serve's bots); the zero value is ready, and safe for
// concurrent use: two readers may race to refresh it, and either value is
// a fresh reading.
type LoadGauge struct {
	at    atomic.Int64
	value atomic.Uint64
}

// Pressure is the gauge's reading (see LoadGauge).
func (g *LoadGauge) Pressure() float64 {
	now := time.Now().UnixNano()
	if at := g.at.Load(); at != 0 && now-at < int64(pressureFresh) && now >= at {
		return math.Float64frombits(g.value.Load())
	}
	p := 1.0
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		p = pressureOf(b, runtime.NumCPU())
	}
	g.value.Store(math.Float64bits(p))
	g.at.Store(now)
	return p
}

// LoadPressure is a new gauge's Pressure, for a Clock's Pressure field.
func LoadPressure() func() float64 { return new(LoadGauge).Pressure }

// pressureFresh is how long a reading of /proc/loadavg is reused.
const pressureFresh = 10 * time.Millisecond

// pressureOf is the gauge's reading from the text of /proc/loadavg and the cores.
func pressureOf(b []byte, cores int) float64 {
	// "0.52 0.58 0.59 3/512 12345": the averages, then runnable/total.
	f := bytes.Fields(b)
	if len(f) < 4 {
		return 1
	}
	load, err := strconv.ParseFloat(string(f[0]), 64)
	if err != nil {
		return 1
	}
	if i := bytes.IndexByte(f[3], '/'); i > 0 {
		if now, err := strconv.Atoi(string(f[3][:i])); err == nil {
			load = max(load, float64(now))
		}
	}
	return min(max(load/float64(cores), 1), maxPressure)
}
