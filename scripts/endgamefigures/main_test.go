package main

import (
	"strings"
	"testing"
	"time"
)

// Each value no run can use is refused with a line naming its flag (-n 0
// and -table-bits 99 panicked: the summary of no endgame, a table indexed
// past its end); the defaults and the bounds pass.
func TestCheckFlags(t *testing.T) {
	for _, ok := range []struct {
		n         int
		budget    time.Duration
		nodes     int64
		tableBits int
	}{{1000, time.Second, 0, 0}, {1, time.Millisecond, 1, 1}, {1, time.Second, 0, maxTableBits}} {
		if err := checkFlags(ok.n, ok.budget, ok.nodes, ok.tableBits); err != nil {
			t.Errorf("checkFlags(%v, %v, %v, %v) refused: %v", ok.n, ok.budget, ok.nodes, ok.tableBits, err)
		}
	}
	for flag, err := range map[string]error{
		"-n":          checkFlags(0, time.Second, 0, 0),
		"-budget":     checkFlags(1, -time.Second, 0, 0),
		"-nodes":      checkFlags(1, time.Second, -1, 0),
		"-table-bits": checkFlags(1, time.Second, 0, 99),
	} {
		if err == nil || !strings.HasPrefix(err.Error(), flag+" ") {
			t.Errorf("%s out of range: %v, want an error naming %s", flag, err, flag)
		}
	}
	if err := checkFlags(1, time.Second, 0, -1); err == nil {
		t.Error("-table-bits -1 accepted")
	}
}
