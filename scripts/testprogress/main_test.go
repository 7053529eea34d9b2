package main

import (
	"strings"
	"testing"
	"time"
)

// feed gives the reporter go test -json lines, one second apart from t0.
func feed(r *reporter, t0 time.Time, lines string) time.Time {
	now := t0
	for _, l := range strings.Split(strings.TrimSpace(lines), "\n") {
		now = now.Add(time.Second)
		r.line([]byte(strings.TrimSpace(l)), now)
	}
	return now
}

// A passing package prints its ok line and nothing of its tests' output; a
// failing one prints the failed tests' output in order, not the passing
// tests', then its FAIL lines; a slow test is named when it ends; a build
// failure and a line that is not an event are passed on; the summary
// names the failed packages.
func TestPrintsWhatPlainGoTestPrints(t *testing.T) {
	var out strings.Builder
	t0 := time.Now()
	r := newReporter(&out, t0)
	feed(r, t0, `
		{"Action":"start","Package":"p/a"}
		{"Action":"start","Package":"p/b"}
		{"Action":"run","Package":"p/a","Test":"TestOK"}
		{"Action":"output","Package":"p/a","Test":"TestOK","Output":"=== RUN   TestOK\n"}
		{"Action":"output","Package":"p/a","Test":"TestOK","Output":"    a_test.go:3: hello\n"}
		{"Action":"run","Package":"p/b","Test":"TestSlow"}
		{"Action":"pass","Package":"p/a","Test":"TestOK","Elapsed":0}
		{"Action":"run","Package":"p/a","Test":"TestBad"}
		{"Action":"output","Package":"p/a","Test":"TestBad","Output":"=== RUN   TestBad\n"}
		{"Action":"run","Package":"p/a","Test":"TestBad/sub"}
		{"Action":"output","Package":"p/a","Test":"TestBad/sub","Output":"    a_test.go:4: boom\n"}
		{"Action":"output","Package":"p/a","Test":"TestBad/sub","Output":"--- FAIL: TestBad/sub (0.00s)\n"}
		{"Action":"fail","Package":"p/a","Test":"TestBad/sub","Elapsed":0}
		{"Action":"output","Package":"p/a","Test":"TestBad","Output":"--- FAIL: TestBad (0.00s)\n"}
		{"Action":"fail","Package":"p/a","Test":"TestBad","Elapsed":0}
		{"Action":"output","Package":"p/a","Output":"FAIL\n"}
		{"Action":"output","Package":"p/a","Output":"FAIL\tp/a\t0.003s\n"}
		{"Action":"fail","Package":"p/a","Elapsed":0.003}
		{"Action":"output","Package":"p/b","Test":"TestSlow","Output":"    b_test.go:9: 290 positions agree\n"}
		{"Action":"pass","Package":"p/b","Test":"TestSlow","Elapsed":31.2}
		{"Action":"output","Package":"p/b","Output":"PASS\n"}
		{"Action":"output","Package":"p/b","Output":"ok  \tp/b\t31.5s\n"}
		{"Action":"pass","Package":"p/b","Elapsed":31.5}
		{"ImportPath":"p/c [p/c.test]","Action":"build-output","Output":"c/c.go:2:23: cannot use \"x\"\n"}
		{"Action":"start","Package":"p/d"}
		{"Action":"output","Package":"p/d","Output":"?   \tp/d\t[no test files]\n"}
		{"Action":"skip","Package":"p/d","Elapsed":0}
		not json
	`)
	failed := r.summary(t0.Add(time.Minute))
	want := `=== RUN   TestBad
    a_test.go:4: boom
--- FAIL: TestBad/sub (0.00s)
--- FAIL: TestBad (0.00s)
FAIL
FAIL	p/a	0.003s
    p/b TestSlow: pass in 31.2s
ok  	p/b	31.5s
c/c.go:2:23: cannot use "x"
?   	p/d	[no test files]
not json
FAIL: p/a (1m0s)
`
	if out.String() != want || !failed {
		t.Fatalf("failed %v, printed:\n%s\nwant:\n%s", failed, out.String(), want)
	}
}

// After every without output, the running tests are listed with how long
// they have run; not before, and not again until every has passed again.
func TestHeartbeatNamesTheRunningTests(t *testing.T) {
	var out strings.Builder
	t0 := time.Now()
	r := newReporter(&out, t0)
	feed(r, t0, `
		{"Action":"start","Package":"github.com/lexico/lexico/bot/engine/movegen"}
		{"Action":"run","Package":"github.com/lexico/lexico/bot/engine/movegen","Test":"TestAgreementSmall"}
		{"Action":"start","Package":"p/b"}
	`)
	r.heartbeat(t0.Add(every - time.Second))
	if out.Len() != 0 {
		t.Fatalf("printed before %v of silence: %q", every, out.String())
	}
	r.heartbeat(t0.Add(every))
	want := "... 15s: still running bot/engine/movegen TestAgreementSmall (13s), p/b (12s)\n"
	if out.String() != want {
		t.Fatalf("printed %q, want %q", out.String(), want)
	}
	r.heartbeat(t0.Add(every + time.Second))
	if out.String() != want {
		t.Fatalf("printed again at once: %q", out.String())
	}
	// Before any package starts, go test is compiling.
	var early strings.Builder
	r = newReporter(&early, t0)
	r.heartbeat(t0.Add(every))
	if early.String() != "... 15s: compiling\n" {
		t.Fatalf("before any package: printed %q", early.String())
	}
	if r.summary(t0.Add(every)) {
		t.Fatal("summary reports a failure, none happened")
	}
}
