package main

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"
)

// Condition is one cell of the benchmark: how the bot is asked (a fresh
// `run` process per answer, or one `serve` process answering Conc requests
// at once), its MoveTime, and whether our burner processes load the cores.
type Condition struct {
	Path     string // "run" or "serve"
	Conc     int    // requests in flight (run: always 1)
	MoveTime time.Duration
	Load     string // "idle" (no burners of ours) or "burn"
	N        int    // answers to collect
}

const (
	pathRun   = "run"
	pathServe = "serve"
	loadIdle  = "idle"
	loadBurn  = "burn"
)

// Name is the condition's stable identifier, "path/cN/mMS/load", e.g.
// "serve/c64/m200/burn"; ParseCondition reads it back.
func (c Condition) Name() string {
	return fmt.Sprintf("%s/c%d/m%d/%s", c.Path, c.Conc, c.MoveTime.Milliseconds(), c.Load)
}

// ParseCondition reads a name made by Name (N is left 0).
func ParseCondition(name string) (Condition, error) {
	f := strings.Split(name, "/")
	if len(f) != 4 {
		return Condition{}, fmt.Errorf("condition %q: want path/cN/mMS/load, e.g. serve/c64/m200/burn", name)
	}
	var c Condition
	switch f[0] {
	case pathRun, pathServe:
		c.Path = f[0]
	default:
		return Condition{}, fmt.Errorf("condition %q: path %q is neither run nor serve", name, f[0])
	}
	conc, err := numField(f[1], "c")
	if err != nil || conc < 1 {
		return Condition{}, fmt.Errorf("condition %q: concurrency %q: want c1, c16, ...", name, f[1])
	}
	if c.Path == pathRun && conc != 1 {
		return Condition{}, fmt.Errorf("condition %q: run answers one at a time (c1)", name)
	}
	c.Conc = conc
	mt, err := numField(f[2], "m")
	if err != nil || mt < 1 {
		return Condition{}, fmt.Errorf("condition %q: MoveTime %q: want m200, m1000, ...", name, f[2])
	}
	c.MoveTime = time.Duration(mt) * time.Millisecond
	switch f[3] {
	case loadIdle, loadBurn:
		c.Load = f[3]
	default:
		return Condition{}, fmt.Errorf("condition %q: load %q is neither idle nor burn", name, f[3])
	}
	return c, nil
}

func numField(s, prefix string) (int, error) {
	if !strings.HasPrefix(s, prefix) {
		return 0, fmt.Errorf("no %q prefix", prefix)
	}
	return strconv.Atoi(s[len(prefix):])
}

// Plan sizes. Most answers come cheaply from serve at 16 and 64 in flight
// (a wave of 64 answers costs one MoveTime); run and serve one at a time,
// the platform's own case, get the rest of the time, and run at 5000 ms,
// 5 s an answer, is kept modest. The idle conditions get a fifth of the
// burn ones' answers: the loaded machine is the case to prove. Sum: 5,660
// answers, 82% under burn, about 17 minutes (estimate(); -list).
var defaultCounts = map[string][2]int{ // name without load -> {burn, idle}
	"run/c1/m200":     {300, 60},
	"run/c1/m1000":    {150, 30},
	"run/c1/m5000":    {40, 10},
	"serve/c1/m200":   {300, 60},
	"serve/c1/m1000":  {150, 30},
	"serve/c1/m5000":  {40, 10},
	"serve/c16/m200":  {320, 64},
	"serve/c16/m1000": {320, 64},
	"serve/c16/m5000": {96, 32},
	"serve/c64/m200":  {1280, 256},
	"serve/c64/m1000": {1280, 256},
	"serve/c64/m5000": {384, 128},
}

var (
	moveTimes   = []time.Duration{200 * time.Millisecond, time.Second, 5 * time.Second}
	serveConcs  = []int{1, 16, 64}
	loadsInPlan = []string{loadIdle, loadBurn}
)

// quickN is -quick's answers per condition: a few, but a full wave when
// requests run concurrently (64 in flight needs 64 requests).
func quickN(c Condition) int { return max(3, c.Conc) }

// DefaultPlan is every condition, in the order they run, sized for a full
// run (quick: a smoke run; n > 0: n answers each).
func DefaultPlan(quick bool, n int) []Condition {
	var plan []Condition
	add := func(p string, conc int) {
		for _, mt := range moveTimes {
			for _, load := range loadsInPlan {
				c := Condition{Path: p, Conc: conc, MoveTime: mt, Load: load}
				counts := defaultCounts[strings.TrimSuffix(c.Name(), "/"+load)]
				c.N = counts[0]
				if load == loadIdle {
					c.N = counts[1]
				}
				switch {
				case n > 0:
					c.N = n
				case quick:
					c.N = quickN(c)
				}
				plan = append(plan, c)
			}
		}
	}
	add(pathRun, 1)
	for _, conc := range serveConcs {
		add(pathServe, conc)
	}
	return plan
}

// Filter keeps the conditions the -conditions expression selects. The
// expression is a comma-separated list of terms; a condition is kept when
// any term matches it. A term is one or more slash-separated patterns
// (path.Match syntax), each of which must match some field of the
// condition's name, in any order: "burn" keeps every loaded condition,
// "serve/c64" the 64-in-flight ones, "run/m*00/idle" or
// "serve/c64/m200/burn" one or a few. A term matching nothing in the plan
// is an error (a typo would otherwise silently run nothing).
func Filter(plan []Condition, expr string) ([]Condition, error) {
	expr = strings.TrimSpace(expr)
	if expr == "" {
		return plan, nil
	}
	var terms [][]string
	for _, t := range strings.Split(expr, ",") {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		parts := strings.Split(t, "/")
		for _, p := range parts {
			if _, err := path.Match(p, ""); err != nil || p == "" {
				return nil, fmt.Errorf("-conditions: bad pattern %q in %q", p, t)
			}
		}
		terms = append(terms, parts)
	}
	used := make([]bool, len(terms))
	var out []Condition
	for _, c := range plan {
		keep := false
		for i, t := range terms {
			if termMatches(t, c.Name()) {
				used[i], keep = true, true
			}
		}
		if keep {
			out = append(out, c)
		}
	}
	for i, t := range terms {
		if !used[i] {
			return nil, fmt.Errorf("-conditions: %q matches no condition (names look like serve/c64/m200/burn)", strings.Join(t, "/"))
		}
	}
	return out, nil
}

func termMatches(parts []string, name string) bool {
	fields := strings.Split(name, "/")
	for _, p := range parts {
		ok := false
		for _, f := range fields {
			if m, _ := path.Match(p, f); m {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// What estimate assumes of an answer, as a full run on two shared cores
// showed: the sim policy answers at about 85% of
// MoveTime (it keeps a margin, and some positions need no simulation), a
// fresh run process adds about 20 ms, and a serve condition a second to
// start and stop its server.
const (
	answerShare   = 0.85
	runOverhead   = 20 * time.Millisecond
	serveOverhead = 5 * time.Millisecond
	serveSetup    = time.Second
)

// estimate is how long a condition should take: waves of Conc answers.
// Late answers make it longer (a wave waits for its slowest).
func estimate(c Condition) time.Duration {
	waves := time.Duration((c.N + c.Conc - 1) / c.Conc)
	answer := time.Duration(answerShare * float64(c.MoveTime))
	if c.Path == pathRun {
		return waves * (answer + runOverhead)
	}
	return serveSetup + waves*(answer+serveOverhead)
}

// burnLife bounds a condition's burners: the longest the condition can
// take, every answer running to its cap, and a minute to spare. They are
// killed when it ends; the bound only matters if the harness cannot.
func burnLife(c Condition) time.Duration {
	waves := time.Duration((c.N + c.Conc - 1) / c.Conc)
	if c.Path == pathServe {
		return serveSetup + 30*time.Second + waves*answerCap(c.MoveTime) + time.Minute
	}
	return waves*(answerCap(c.MoveTime)+time.Second) + time.Minute
}

// answerCap is how long one answer may take before the harness gives up
// on it (kills the child, cancels the request) and counts an error.
func answerCap(mt time.Duration) time.Duration { return mt + max(10*time.Second, mt) }
