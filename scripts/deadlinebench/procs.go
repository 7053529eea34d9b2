package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// The burner: `deadlinebench burn -for D` spins one core until D has
// passed or its stdin is closed (the harness holds the other end of the
// pipe, so a harness that dies, however it dies, takes its burners with
// it), whichever comes first. The harness also kills it by PID when the
// condition ends.
func burnMain(args []string) {
	fs := flag.NewFlagSet("burn", flag.ExitOnError)
	d := fs.Duration("for", time.Minute, "spin for at most `DURATION`")
	fs.Parse(args)
	until := time.Now().Add(*d)
	go func() {
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	x := uint64(1)
	for {
		for range 1 << 16 {
			x = x*6364136223846793005 + 1442695040888963407
		}
		if time.Now().After(until) {
			if x == 42 { // keeps the loop from being optimised away
				fmt.Print("")
			}
			os.Exit(0)
		}
	}
}

// burners is a set of running burner processes.
type burners struct {
	cmds   []*exec.Cmd
	stdins []io.Closer
	start  time.Time
	// early is set by stop when a burner had already exited: the load was
	// not there for the whole condition.
	early int
}

// startBurners starts k burners that spin for at most life.
func startBurners(k int, life time.Duration) (*burners, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding the harness's own binary for the burners: %w", err)
	}
	b := &burners{start: time.Now()}
	for range k {
		cmd := exec.Command(self, "burn", "-for", life.String())
		in, err := cmd.StdinPipe()
		if err != nil {
			b.stop()
			return nil, err
		}
		if err := cmd.Start(); err != nil {
			b.stop()
			return nil, fmt.Errorf("starting a burner: %w", err)
		}
		b.cmds, b.stdins = append(b.cmds, cmd), append(b.stdins, in)
	}
	return b, nil
}

// cpuTime is the burners' CPU time so far, read from /proc before they
// are stopped.
func (b *burners) cpuTime() time.Duration {
	if b == nil {
		return 0
	}
	ticks := 0
	for _, c := range b.cmds {
		ticks += procTicks(c.Process.Pid)
	}
	return time.Duration(ticks) * time.Second / clockTicks
}

// selfCPU is the harness's own CPU time (every thread).
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// stop kills every burner by its PID and reaps it.
func (b *burners) stop() {
	if b == nil {
		return
	}
	for i, c := range b.cmds {
		if c.ProcessState == nil && c.Process != nil {
			// An exited but unreaped child still answers signal 0.
			if alive(c.Process.Pid) {
				c.Process.Kill()
			} else {
				b.early++
			}
		}
		b.stdins[i].Close()
		c.Wait()
	}
	b.cmds, b.stdins = nil, nil
}

// alive reports a process that has not exited (a zombie counts as exited).
func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	f := statFields(string(data))
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}

// clockTicks is USER_HZ, the unit of /proc's CPU times: 100 on every
// Linux build that matters.
const clockTicks = 100

// statFields is /proc/PID/stat's fields after the command name (which may
// hold spaces): the state is [0], utime [11], stime [12].
func statFields(s string) []string {
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(s[i+1:])
}

// procTicks is a process's user+system CPU time in clock ticks (0 if it
// cannot be read).
func procTicks(pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := statFields(string(data))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.Atoi(f[11])
	s, _ := strconv.Atoi(f[12])
	return u + s
}

// cpuTimes is the machine's aggregate CPU counters from /proc/stat.
type cpuTimes struct{ busy, total uint64 }

func readCPUTimes() cpuTimes {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return cpuTimes{}
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return cpuTimes{}
	}
	fields := strings.Fields(sc.Text())
	if len(fields) < 5 || fields[0] != "cpu" {
		return cpuTimes{}
	}
	var t cpuTimes
	for i, s := range fields[1:] {
		if i >= 8 { // guest times are already in user
			break
		}
		v, _ := strconv.ParseUint(s, 10, 64)
		t.total += v
		if i != 3 && i != 4 { // idle, iowait
			t.busy += v
		}
	}
	return t
}

// busyFraction is the share of all cores busy between two readings (NaN
// when unknown).
func busyFraction(a, b cpuTimes) float64 {
	if b.total <= a.total {
		return math.NaN()
	}
	return float64(b.busy-a.busy) / float64(b.total-a.total)
}

// procStatusKB reads fields of /proc/PID/status given in kB (VmHWM, VmRSS).
func procStatusKB(pid int, names ...string) (map[string]int64, error) {
	m, err := procStatusKBFile(fmt.Sprintf("/proc/%d/status", pid), names...)
	if err == nil && len(m) == 0 {
		err = errors.New("no such field")
	}
	return m, err
}

// stderrLog reads a child's stderr for the error message: the first
// crash (a Go `panic:` or `fatal error:` line, with the function and file
// of the goroutine that crashed) when there is one, else the last line. A
// crash's goroutine dump is long and ends in an unrelated frame, so the
// last line alone would hide what happened.
type stderrLog struct {
	mu      sync.Mutex
	partial []byte
	last    string
	crash   string
	state   int // 0 no crash pending, 1 after the crash line, 2 after its goroutine, 3 after its function
}

func (c *stderrLog) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.partial = append(c.partial, p...)
	for {
		i := bytes.IndexByte(c.partial, '\n')
		if i < 0 {
			break
		}
		c.line(string(c.partial[:i]))
		c.partial = c.partial[i+1:]
	}
	if len(c.partial) > 1<<16 { // a line without end: keep its start
		c.line(string(c.partial[:1<<16]))
		c.partial = c.partial[:0]
	}
	return len(p), nil
}

func (c *stderrLog) line(l string) {
	l = strings.TrimSpace(l)
	if l == "" {
		return
	}
	c.last = l
	switch {
	case c.crash == "" && (strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ")):
		c.crash, c.state = l, 1
	case c.state == 1 && strings.HasPrefix(l, "goroutine ") && strings.Contains(l, "["):
		c.state = 2
	case c.state == 2:
		c.crash += " in " + l
		c.state = 3
	case c.state == 3:
		c.crash += " (" + l + ")"
		c.state = 0
	}
}

// String is the message: the crash if any, else the last line, shortened.
func (c *stderrLog) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	msg := c.crash
	if msg == "" {
		msg = c.last
		if len(bytes.TrimSpace(c.partial)) > 0 {
			msg = strings.TrimSpace(string(c.partial))
		}
	}
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	return msg
}

// lastLine is the last non-empty line of s, shortened.
func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
