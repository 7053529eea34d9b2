package main

import (
	"math"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/platform/gamestate"
)

func TestPercentile(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3} // unsorted on purpose
	for _, c := range []struct{ p, want float64 }{
		{50, 3}, {99, 5}, {100, 5}, {20, 1}, {21, 2}, {1, 1},
	} {
		if got := Percentile(xs, c.p); got != c.want {
			t.Errorf("Percentile(%v, %v) = %v, want %v", xs, c.p, got, c.want)
		}
	}
	if !slices.Equal(xs, []float64{5, 1, 4, 2, 3}) {
		t.Errorf("Percentile changed its input: %v", xs)
	}
	if !math.IsNaN(Percentile(nil, 50)) {
		t.Error("Percentile of nothing is not NaN")
	}
	// p99 of 100 values is the 99th, of 1000 the 990th: one outlier in
	// a hundred answers shows in the max, not in p99.
	var h []float64
	for i := 1; i <= 100; i++ {
		h = append(h, float64(i))
	}
	if got := Percentile(h, 99); got != 99 {
		t.Errorf("p99 of 1..100 = %v, want 99", got)
	}
}

func TestSummarize(t *testing.T) {
	as := []Answer{
		{Delivered: true, LateMS: -50},
		{Delivered: true, LateMS: 3, Late: true, Policy: "sim"},
		{Delivered: true, LateMS: -10, Policy: "sim"},
		{Delivered: true, LateMS: 12, Late: true, Error: "exit status 1: boom", Policy: "equity"},
		{Error: "HTTP 500: oops"},
	}
	s := Summarize(as)
	if s.N != 5 || s.Delivered != 4 || s.Late != 2 || s.Errors != 2 {
		t.Errorf("counts: %+v", s)
	}
	if s.P50 != -10 || s.P99 != 12 || s.Max != 12 || s.MinMargin != -12 {
		t.Errorf("figures: p50 %v p99 %v max %v margin %v", s.P50, s.P99, s.Max, s.MinMargin)
	}
	if s.Policies["sim"] != 2 || s.Policies["equity"] != 1 {
		t.Errorf("policies: %v", s.Policies)
	}
	if got := Summarize([]Answer{{Policy: "equity"}, {Policy: "equity", Unsearched: true}}); got.Unsearched != 1 ||
		policies(got.Policies, got.Unsearched) != "equity 2 (1 without a search)" {
		t.Errorf("one answer of two without a search: %d, %q", got.Unsearched, policies(got.Policies, got.Unsearched))
	}
	if s := Summarize([]Answer{{Error: "x"}}); !math.IsNaN(s.Max) || s.Errors != 1 {
		t.Errorf("nothing delivered: %+v", s)
	}
}

func TestConditionNames(t *testing.T) {
	for _, c := range DefaultPlan(false, 0) {
		got, err := ParseCondition(c.Name())
		if err != nil {
			t.Fatal(err)
		}
		got.N = c.N
		if got != c {
			t.Errorf("ParseCondition(%q) = %+v, want %+v", c.Name(), got, c)
		}
	}
	for _, bad := range []string{"", "serve", "serve/c64/m200", "http/c1/m200/idle", "run/c4/m200/idle",
		"serve/c0/m200/idle", "serve/64/m200/idle", "serve/c64/200/idle", "serve/c64/m200/hot", "serve/c64/m200/burn/x"} {
		if _, err := ParseCondition(bad); err == nil {
			t.Errorf("ParseCondition(%q): no error", bad)
		}
	}
}

func names(cs []Condition) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name())
	}
	return out
}

func TestFilter(t *testing.T) {
	plan := DefaultPlan(false, 0)
	for _, c := range []struct {
		expr string
		want int
	}{
		{"", 24},
		{"burn", 12},
		{"serve/c64", 6},
		{"c64/burn", 3},
		{"run/m200/idle", 1},
		{"serve/c64/m200/burn", 1},
		{"burn/m5000/c64/serve", 1}, // the fields in any order
		{"m*00/c1", 12},             // run's 6 and serve/c1's 6
		{"run, serve/c64/m1000/burn", 7},
		{"idle,burn", 24},
	} {
		got, err := Filter(plan, c.expr)
		if err != nil {
			t.Errorf("Filter(%q): %v", c.expr, err)
			continue
		}
		if len(got) != c.want {
			t.Errorf("Filter(%q) kept %d: %v; want %d", c.expr, len(got), names(got), c.want)
		}
	}
	got, _ := Filter(plan, "serve/c64/m200/burn")
	if got[0].Name() != "serve/c64/m200/burn" || got[0].N != 1280 {
		t.Errorf("Filter kept %+v", got[0])
	}
	for _, bad := range []string{"brun", "serve/c32", "run/c64", "[", "serve//c1"} {
		if _, err := Filter(plan, bad); err == nil {
			t.Errorf("Filter(%q): no error", bad)
		}
	}
}

// TestDefaultPlan holds the plan to the brief: at least 2,000 live answers,
// the large majority under burn, serve at 1, 16 and 64 in flight, run and
// serve at every MoveTime, in 15 to 25 minutes if answers come on time.
func TestDefaultPlan(t *testing.T) {
	plan := DefaultPlan(false, 0)
	if len(plan) != 24 {
		t.Fatalf("%d conditions, want 24", len(plan))
	}
	total, est := planTotals(plan)
	burn := 0
	for _, c := range plan {
		if c.N < 1 {
			t.Errorf("%s: %d answers", c.Name(), c.N)
		}
		if c.Load == loadBurn {
			burn += c.N
		}
		if c.Path == pathRun && c.MoveTime == 5*time.Second && c.N > 40 {
			t.Errorf("%s: %d answers at 5 s each is too many", c.Name(), c.N)
		}
	}
	if total < 2000 || float64(burn) < 0.75*float64(total) {
		t.Errorf("%d answers, %d under burn", total, burn)
	}
	if est < 12*time.Minute || est > 25*time.Minute {
		t.Errorf("estimated %v", est)
	}
	for _, c := range DefaultPlan(true, 0) {
		if c.N != max(3, c.Conc) {
			t.Errorf("quick %s: %d answers", c.Name(), c.N)
		}
	}
	for _, c := range DefaultPlan(true, 7) {
		if c.N != 7 {
			t.Errorf("-n 7 %s: %d answers", c.Name(), c.N)
		}
	}
}

func loadTestCorpus(t *testing.T) []*Position {
	t.Helper()
	corpus, err := loadCorpus("../../data/positions/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return corpus
}

func TestSelection(t *testing.T) {
	corpus := loadTestCorpus(t)
	sel, err := selectPositions(corpus, 1, 4, []int{72, 150}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Every gamestate the bench sends is one run and serve answer.
	for _, ps := range sel {
		for _, p := range ps {
			tm, err := p.Template(time.Second)
			if err != nil {
				t.Fatal(err)
			}
			_, body := tm.Render(time.Now())
			if _, err := gamestate.Parse(body); err != nil {
				t.Errorf("line %d: the front ends refuse it: %v", p.Line, err)
			}
		}
	}
	for _, p := range sel[classEndgame] {
		if p.Bag != 0 || p.Unseen() <= 7 {
			t.Errorf("endgame line %d: bag %d, unseen %d", p.Line, p.Bag, p.Unseen())
		}
	}
	if len(sel[classCrowded]) != 4 || len(sel[classMiddle]) != 4 {
		t.Fatalf("crowded %d, middle %d", len(sel[classCrowded]), len(sel[classMiddle]))
	}
	for _, p := range sel[classCrowded] {
		if p.Blanks != 2 || p.Bag == 0 || p.Tiles < 75 {
			t.Errorf("crowded line %d: %d blanks, bag %d, %d tiles", p.Line, p.Blanks, p.Bag, p.Tiles)
		}
	}
	again, _ := selectPositions(corpus, 1, 4, []int{72, 150}, nil, nil)
	other, _ := selectPositions(corpus, 2, 4, []int{72, 150}, nil, nil)
	lines := func(s Selection) []int {
		var out []int
		for _, c := range classes {
			for _, p := range s[c] {
				out = append(out, p.Line)
			}
		}
		return out
	}
	if !slices.Equal(lines(sel), lines(again)) {
		t.Errorf("seed 1 twice: %v then %v", lines(sel), lines(again))
	}
	if slices.Equal(lines(sel), lines(other)) {
		t.Errorf("seeds 1 and 2 picked the same positions %v", lines(sel))
	}
	if _, err := selectPositions(corpus, 1, 4, []int{10}, nil, nil); err == nil {
		t.Error("line 10 (bag not empty) taken as an endgame")
	}

	order := sel.Order(1, "serve/c64/m200/burn", 12)
	for i, p := range order {
		if p.Class != classes[i%3] {
			t.Errorf("answer %d: class %s, want %s", i, p.Class, classes[i%3])
		}
	}
	if !slices.Equal(order, sel.Order(1, "serve/c64/m200/burn", 12)) {
		t.Error("Order is not deterministic")
	}
}

func TestTemplate(t *testing.T) {
	corpus := loadTestCorpus(t)
	p := corpus[71] // line 72
	if p.Line != 72 || !strings.Contains(string(p.raw["ResponseDeadline"]), "0") || string(p.raw["MoveTime"]) != "3600000" {
		t.Fatalf("line 72 is not the saved endgame the test expects: %d %s %s", p.Line, p.raw["ResponseDeadline"], p.raw["MoveTime"])
	}
	tm, err := p.Template(200 * time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 5, 1, 12, 0, 0, 123_456_789, time.UTC)
	deadline, body := tm.Render(now)
	if got := deadline.Sub(now); got > 200*time.Millisecond || got <= 199*time.Millisecond {
		t.Errorf("deadline %v after now", got)
	}
	if strings.Contains(string(body), "3600000") || !strings.Contains(string(body), `"MoveTime":200,`) {
		t.Errorf("MoveTime not rewritten: %s", body)
	}
	pos, err := gamestate.ParseRequest(body)
	if err != nil {
		t.Fatalf("the rendered gamestate does not parse: %v\n%s", err, body)
	}
	if pos.MoveTime != 200*time.Millisecond || !pos.Deadline.Equal(deadline) {
		t.Errorf("parsed MoveTime %v, deadline %v; want 200ms, %v", pos.MoveTime, pos.Deadline, deadline)
	}
	if pos.Deadline.UnixMilli() != now.Add(200*time.Millisecond).UnixMilli() {
		t.Errorf("deadline %d ms, want now+200ms = %d", pos.Deadline.UnixMilli(), now.Add(200*time.Millisecond).UnixMilli())
	}
	// The rest of the gamestate is untouched.
	// (The corpus line is a classic rack with two blanks, which no game
	// reaches: ParseSynthetic reads it as stored.)
	orig, err := gamestate.ParseSyntheticRequest(corpusLine(t, 72))
	if err != nil {
		t.Fatal(err)
	}
	if pos.Position.Board.String() != orig.Position.Board.String() || pos.Position.Rack.String() != orig.Position.Rack.String() ||
		pos.Position.BagCount != orig.Position.BagCount || pos.Status != orig.Status || pos.Opponent != orig.Opponent || orig.MoveTime != time.Hour {
		t.Error("rewriting changed the position")
	}
	// A later render moves only the deadline.
	_, body2 := tm.Render(now.Add(time.Second))
	if len(body2) != len(body) || string(body2) == string(body) {
		t.Errorf("second render: %d bytes, first %d", len(body2), len(body))
	}
}

// corpusLine is the corpus's n-th line as it is stored.
func corpusLine(t *testing.T, n int) []byte {
	t.Helper()
	data, err := os.ReadFile("../../data/positions/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if n > len(lines) {
		t.Fatalf("no line %d", n)
	}
	return []byte(lines[n-1])
}

func TestStatFields(t *testing.T) {
	f := statFields("1234 (lexico bot) S 1 2 3 4 5 6 7 8 9 10 250 30 0 0")
	if len(f) < 13 || f[0] != "S" || f[11] != "250" || f[12] != "30" {
		t.Errorf("statFields: %q", f)
	}
}

func TestStderrLog(t *testing.T) {
	dump := "lexico-bot run: play, score 21\n" +
		"panic: send on closed channel\n\n" +
		"goroutine 37 [running]:\n" +
		"github.com/lexico/lexico/bot/engine/montecarlo.(*Sim).worker(0xc000)\n" +
		"\t/work/bot/engine/montecarlo/sim.go:120 +0x1a5\n" +
		"created by github.com/lexico/lexico/bot/engine/montecarlo.(*Sim).Run in goroutine 1\n\n" +
		"goroutine 5 [GC worker (idle)]:\n" +
		"created by runtime.gcBgMarkStartWorkers in goroutine 1\n" +
		"\t/usr/local/go/src/runtime/mgc.go:1695 +0x105\n"
	var c stderrLog
	for _, chunk := range strings.SplitAfter(dump, "o") { // written in pieces, as a pipe delivers it
		c.Write([]byte(chunk))
	}
	want := "panic: send on closed channel in github.com/lexico/lexico/bot/engine/montecarlo.(*Sim).worker(0xc000) (/work/bot/engine/montecarlo/sim.go:120 +0x1a5)"
	if got := c.String(); got != want {
		t.Errorf("crash:\n got %q\nwant %q", got, want)
	}
	var plain stderrLog
	plain.Write([]byte("lexico-bot: index: no such file\nlexico-bot: the last words"))
	if got := plain.String(); got != "lexico-bot: the last words" {
		t.Errorf("no crash: %q", got)
	}
}
