// Command testprogress runs `go test -json` and prints what plain
// `go test ./...` prints (an ok line per package, the whole output of a
// failing test) as each package finishes, where plain go test prints the
// packages in order, behind the slowest; and, so that a long package is
// never silent, every test that took more than -slow when it ends, and
// after -every without output, the tests still running. `make test` runs
// it:
//
//	go build -o bin/testprogress ./scripts/testprogress
//	bin/testprogress -count=1 ./...
//
// Every argument is go test's (flags and packages); $GO names the go
// command if set. It exits with go test's status, and ends with the failed
// packages and the total time.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Reporting thresholds: a test is named when it ends if it took longer
// than slow, and the running tests are listed after every of silence.
const (
	slow  = 5 * time.Second
	every = 15 * time.Second
)

func run(args []string, stdout, stderr io.Writer) int {
	goCmd := os.Getenv("GO") // the Makefile's $(GO)
	if goCmd == "" {
		goCmd = "go"
	}
	cmd := exec.Command(goCmd, append([]string{"test", "-json"}, args...)...)
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(stderr, "testprogress:", err)
		return 2
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(stderr, "testprogress:", err)
		return 2
	}
	r := newReporter(stdout, start)
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case now := <-tick.C:
				r.heartbeat(now)
			}
		}
	}()
	r.read(out)
	err = cmd.Wait()
	close(done)
	code := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		fmt.Fprintln(stderr, "testprogress:", err)
		code = 2
	}
	if r.summary(time.Now()) && code == 0 {
		code = 1
	}
	return code
}

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action     string
	Package    string
	ImportPath string // build-output events
	Test       string
	Elapsed    float64
	Output     string
}

// pkgState is what a package has printed so far: its output outside any
// test and that of the tests that have not passed, in order.
type pkgState struct {
	started time.Time
	chunks  []chunk
	running map[string]time.Time // top-level tests started, not ended
}

type chunk struct{ test, text string }

type reporter struct {
	mu        sync.Mutex
	w         io.Writer
	start     time.Time
	last      time.Time // when something was last printed
	pkgs      map[string]*pkgState
	failedPkg []string
}

func newReporter(w io.Writer, start time.Time) *reporter {
	return &reporter{w: w, start: start, last: start, pkgs: map[string]*pkgState{}}
}

// read handles go test's events until its output ends.
func (r *reporter) read(in io.Reader) {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		r.line(sc.Bytes(), time.Now())
	}
}

func (r *reporter) printf(now time.Time, format string, args ...any) {
	fmt.Fprintf(r.w, format, args...)
	r.last = now
}

func (r *reporter) pkg(name string, now time.Time) *pkgState {
	p := r.pkgs[name]
	if p == nil {
		p = &pkgState{started: now, running: map[string]time.Time{}}
		r.pkgs[name] = p
	}
	return p
}

// line handles one line of go test -json output.
func (r *reporter) line(b []byte, now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var e event
	if err := json.Unmarshal(b, &e); err != nil || e.Action == "" {
		r.printf(now, "%s\n", b) // not an event: pass it on
		return
	}
	switch e.Action {
	case "build-output":
		r.printf(now, "%s", e.Output)
		return
	case "build-fail":
		return
	}
	if e.Package == "" {
		return
	}
	p := r.pkg(e.Package, now)
	if e.Action == "output" {
		p.chunks = append(p.chunks, chunk{e.Test, e.Output})
		return
	}
	if e.Test == "" {
		switch e.Action {
		case "pass", "skip":
			r.printf(now, "%s", summaryLines(p.chunks, e))
			delete(r.pkgs, e.Package)
		case "fail":
			// What is left: the failed tests', any cut short (a panic, a
			// timeout), and the package's own output, its FAIL line last.
			text := ""
			for _, c := range p.chunks {
				text += c.text
			}
			r.printf(now, "%s", text)
			if !strings.Contains(text, e.Package) {
				r.printf(now, "FAIL\t%s\t%.3fs\n", e.Package, e.Elapsed)
			}
			r.failedPkg = append(r.failedPkg, e.Package)
			delete(r.pkgs, e.Package)
		}
		return
	}
	top := !strings.Contains(e.Test, "/")
	switch e.Action {
	case "run":
		if top {
			p.running[e.Test] = now
		}
	case "pass", "fail", "skip":
		delete(p.running, e.Test)
		if top && e.Elapsed >= slow.Seconds() {
			r.printf(now, "    %s %s: %s in %.1fs\n", short(e.Package), e.Test, e.Action, e.Elapsed)
		}
		if e.Action != "fail" {
			// Passed or skipped: its output is never shown.
			p.chunks = slices.DeleteFunc(p.chunks, func(c chunk) bool { return c.test == e.Test })
		}
	}
}

// summaryLines is the ok or no-test-files line go test printed for a
// package that passed or had no tests.
func summaryLines(chunks []chunk, e event) string {
	var b strings.Builder
	for _, c := range chunks {
		if c.test == "" && (strings.HasPrefix(c.text, "ok  \t") || strings.HasPrefix(c.text, "?   \t")) {
			b.WriteString(c.text)
		}
	}
	if b.Len() == 0 {
		fmt.Fprintf(&b, "ok  \t%s\t%.3fs\n", e.Package, e.Elapsed)
	}
	return b.String()
}

// short is a package path without the module's.
func short(pkg string) string {
	return strings.TrimPrefix(pkg, "github.com/lexico/lexico/")
}

// heartbeat lists the tests still running when nothing was printed for a
// while.
func (r *reporter) heartbeat(now time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if now.Sub(r.last) < every {
		return
	}
	var names []string
	for name, p := range r.pkgs {
		if len(p.running) == 0 {
			names = append(names, fmt.Sprintf("%s (%s)", short(name), secs(now.Sub(p.started))))
		}
		for t, since := range p.running {
			names = append(names, fmt.Sprintf("%s %s (%s)", short(name), t, secs(now.Sub(since))))
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		r.printf(now, "... %s: compiling\n", secs(now.Sub(r.start)))
		return
	}
	r.printf(now, "... %s: still running %s\n", secs(now.Sub(r.start)), strings.Join(names, ", "))
}

func secs(d time.Duration) string { return d.Round(time.Second).String() }

// summary prints the failed packages and the total time, and reports
// whether any package failed.
func (r *reporter) summary(now time.Time) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.failedPkg) > 0 {
		r.printf(now, "FAIL: %s (%s)\n", strings.Join(r.failedPkg, " "), secs(now.Sub(r.start)))
		return true
	}
	r.printf(now, "all tests passed in %s\n", secs(now.Sub(r.start)))
	return false
}
