package main

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// processStart is when the kernel started this process, so that the time
// spent loading the binary and the Go runtime before main counts against a
// move's budget too: under load it is tens of milliseconds. Linux gives it
// in clock ticks since boot (/proc/self/stat, field 22; the tick is 1/100 s
// for every user-space program, USER_HZ) beside the time since boot
// (/proc/uptime), both to 10 ms: the start read is at most about 20 ms
// early, which only thinks that much less. Anything unreadable or absurd
// falls back to now.
func processStart() time.Time {
	now := time.Now()
	stat, err1 := os.ReadFile("/proc/self/stat")
	up, err2 := os.ReadFile("/proc/uptime")
	if err1 != nil || err2 != nil {
		return now
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return now
	}
	fields := bytes.Fields(stat[i+1:]) // field 3 onwards
	const startField = 22 - 3
	if len(fields) <= startField {
		return now
	}
	ticks, err := strconv.ParseInt(string(fields[startField]), 10, 64)
	upFields := bytes.Fields(up)
	if err != nil || len(upFields) == 0 {
		return now
	}
	uptime, err := strconv.ParseFloat(string(upFields[0]), 64)
	if err != nil {
		return now
	}
	age := time.Duration((uptime - float64(ticks)/100) * float64(time.Second))
	if age < 0 || age > 10*time.Second {
		return now
	}
	return now.Add(-age)
}
