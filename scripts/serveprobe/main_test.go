package main

import (
	"strings"
	"testing"
	"time"
)

// What would stop the probe part-way or make it measure nothing is refused
// before any phase runs, naming the flag: an unknown phase was found only
// when its turn came, and -move-time 0 made every /move late.
func TestOptionsCheck(t *testing.T) {
	good := options{phases: "alone,web,cross,slow,term", dur: 20 * time.Second, studies: 16, studyMS: 8000, games: 2,
		conns: 6000, dialRate: 500, nofile: 4096, moveTime: time.Second, termMax: time.Second}
	if err := good.check(); err != nil {
		t.Fatalf("the defaults refused: %v", err)
	}
	for flag, change := range map[string]func(*options){
		"-phases":    func(o *options) { o.phases = "alone,bogus" },
		"-move-time": func(o *options) { o.moveTime = 0 },
		"-dur":       func(o *options) { o.dur = -time.Second },
		"-studies":   func(o *options) { o.studies = -1 },
		"-conns":     func(o *options) { o.conns = -1 },
		"-study-ms":  func(o *options) { o.studyMS = 0 },
	} {
		o := good
		change(&o)
		if err := o.check(); err == nil || !strings.Contains(err.Error(), flag) {
			t.Errorf("%s out of range: %v, want an error naming it", flag, err)
		}
	}
}
