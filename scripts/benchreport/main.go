// Command benchreport turns the move-generation strategy benchmarks into a
// side-by-side markdown table and an SVG chart (`make bench` runs it):
//
//	go test -run '^$' -bench '^Benchmark(Strategy|IndexOpen)' -benchmem -json ./bot/engine/movegen/ > bench/raw.jsonl
//	go run ./scripts/benchreport -in bench/raw.jsonl -bot bin/lexico-bot -out bench
//
// It reads `go test -json` output (or plain benchmark text), and, when -bot
// names a lexico-bot binary, runs `lexico-bot moves --count` over the whole
// corpus once per strategy to measure what the benchmarks cannot: the peak
// resident memory of a real process (from the kernel's rusage) and the wall
// time of a corpus run including start-up. No external tools are needed.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/internal/atomicfile"
	"github.com/lexico/lexico/scripts/internal/host"
)

func main() {
	in := flag.String("in", "bench/raw.jsonl", "`go test -bench -json` output to read")
	out := flag.String("out", "bench", "output `DIR` for RESULTS.md and chart.svg")
	bot := flag.String("bot", "", "lexico-bot `BINARY` for the resident-memory run (empty: skip it)")
	corpus := flag.String("corpus", "data/positions/corpus.jsonl", "position corpus `FILE` for the -bot run")
	flag.Parse()
	if err := run(*in, *out, *bot, *corpus); err != nil {
		fmt.Fprintln(os.Stderr, "benchreport:", err)
		os.Exit(1)
	}
}

// result is one benchmark line: its name (without the -GOMAXPROCS suffix)
// and its metrics by unit.
type result struct {
	name    string
	metrics map[string]float64
}

// corpusRun is one `lexico-bot moves --count` run over the corpus.
type corpusRun struct {
	strategy  string
	wall      time.Duration
	maxRSSMB  float64
	positions int
	plays     int
}

func run(in, outDir, bot, corpus string) error {
	raw, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	text := benchText(raw)
	results := parseResults(text)
	if len(results) == 0 {
		return fmt.Errorf("%s holds no benchmark results", in)
	}
	var runs []corpusRun
	if bot != "" {
		for _, s := range []string{"gaddag", "anagram"} {
			r, err := runCorpus(bot, s, corpus)
			if err != nil {
				return err
			}
			runs = append(runs, r)
		}
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	md := markdown(results, runs, cpuLine(text))
	if err := atomicfile.WriteFile(filepath.Join(outDir, "RESULTS.md"), md, 0o644); err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(outDir, "chart.svg"), chart(results), 0o644); err != nil {
		return err
	}
	fmt.Printf("benchreport: wrote %s and %s\n", filepath.Join(outDir, "RESULTS.md"), filepath.Join(outDir, "chart.svg"))
	return nil
}

// benchText is the benchmark output as text: the concatenated "output"
// events of `go test -json`, or the input itself if it is not JSON.
func benchText(raw []byte) string {
	var sb strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(nil, 1<<20)
	isJSON := false
	for sc.Scan() {
		var ev struct{ Action, Output string }
		if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Action != "" {
			isJSON = true
			if ev.Action == "output" {
				sb.WriteString(ev.Output)
			}
		}
	}
	if !isJSON {
		return string(raw)
	}
	return sb.String()
}

// parseResults reads the "BenchmarkX-N  iters  v unit  v unit ..." lines.
func parseResults(text string) map[string]result {
	out := map[string]result{}
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		r := result{name: name, metrics: map[string]float64{}}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				break
			}
			r.metrics[f[i+1]] = v
		}
		out[name] = r
	}
	return out
}

func cpuLine(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "cpu: ") {
			return strings.TrimPrefix(line, "cpu: ")
		}
	}
	return "unknown"
}

// runCorpus runs the bot over the corpus and reads its peak RSS.
//
// Only the corpus's lines a game can reach are given: the corpus is
// synthetic (some classic racks hold blanks) and moves, like every
// command, refuses the others.
func runCorpus(bot, strategy, corpus string) (corpusRun, error) {
	data, err := os.ReadFile(corpus)
	if err != nil {
		return corpusRun{}, err
	}
	var lines bytes.Buffer
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		if _, err := gamestate.Parse(l); err == nil {
			lines.Write(l)
			lines.WriteByte('\n')
		}
	}
	cmd := exec.Command(bot, "moves", "--count", "--strategy", strategy, "-")
	cmd.Stdin = &lines
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	t0 := time.Now()
	if err := cmd.Run(); err != nil {
		return corpusRun{}, fmt.Errorf("%s moves --strategy %s: %v: %s", bot, strategy, err, strings.TrimSpace(stderr.String()))
	}
	r := corpusRun{strategy: strategy, wall: time.Since(t0)}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.maxRSSMB = float64(ru.Maxrss) / 1024 // kilobytes on Linux
	}
	for _, l := range strings.Fields(stdout.String()) {
		n, _ := strconv.Atoi(l)
		r.plays += n
		r.positions++
	}
	return r, nil
}

var strategies = []string{"gaddag", "anagram"}

// rows are the corpus slices, each with the project's target for the
// fastest strategy's median on a middle-game position (0: none): every play
// in 0.5, 5 and 15 ms with 0, 1 and 2 blanks in the rack, the best play alone
// in 0.1 ms with none.
var rows = []struct {
	blanks   int
	mode     string
	targetUS float64
}{
	{0, "all", 500}, {1, "all", 5000}, {2, "all", 15000},
	{0, "best", 0}, {1, "best", 0}, {2, "best", 0},
	{0, "findbest", 100}, {1, "findbest", 0}, {2, "findbest", 0},
	{0, "findbest-equity", 0}, {1, "findbest-equity", 0}, {2, "findbest-equity", 0},
}

func key(strategy string, blanks int, mode string) string {
	return fmt.Sprintf("BenchmarkStrategy/%s/blanks=%d/%s", strategy, blanks, mode)
}

func us(v float64) string {
	switch {
	case v == 0 || math.IsNaN(v):
		return "–"
	case v >= 10000:
		return fmt.Sprintf("%.1f ms", v/1000)
	case v >= 1000:
		return fmt.Sprintf("%.2f ms", v/1000)
	}
	return fmt.Sprintf("%.0f µs", v)
}

func markdown(res map[string]result, runs []corpusRun, cpu string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Move generation: strategies compared\n\n")
	fmt.Fprintf(&b, "Written by `make bench` (scripts/benchreport) on %s; %s, %d CPUs, %s/%s, %s.\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), cpu, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	if la := host.LoadAverage(); la != "unknown" {
		fmt.Fprintf(&b, "Load average when the report was written: %s (the machine is shared: read medians, not p99).\n", la)
	}
	fmt.Fprintf(&b, "\nCorpus: data/positions/corpus.jsonl (400 positions from seeded referee games, both variants, ")
	fmt.Fprintf(&b, "early/middle/late; racks rewritten to hold 0, 1 or 2 blanks, a third each). One op is one position. ")
	fmt.Fprintf(&b, "*all*: every play collected (AllPlays); *best*: every play generated, only the best kept (Best); ")
	fmt.Fprintf(&b, "*findbest*: a Keep 1 search by score (movegen.Args), which for gaddag bounds every anchor and searches only those that can beat ")
	fmt.Fprintf(&b, "the best so far, on the calling goroutine alone, and for anagram ")
	fmt.Fprintf(&b, "values every play; *findbest-equity*: the same by equity (score plus the default leave table's value). The best-only target is measured on *findbest*. ")
	fmt.Fprintf(&b, "*mid p50*: median over middle-game positions, which the targets (for the fastest strategy) are for.\n\n")

	fmt.Fprintf(&b, "## Time per position\n\n")
	fmt.Fprintf(&b, "| blanks | recorder | plays/position |")
	for _, col := range []string{"p50", "p99", "mid p50"} {
		for _, s := range strategies {
			fmt.Fprintf(&b, " %s %s |", s, col)
		}
	}
	fmt.Fprintf(&b, " target (mid p50) |\n|---|---|---:|")
	for range 3 * len(strategies) {
		fmt.Fprintf(&b, "---:|")
	}
	fmt.Fprintf(&b, "---|\n")
	for _, r := range rows {
		plays := res[key("gaddag", r.blanks, r.mode)].metrics["plays/op"]
		fmt.Fprintf(&b, "| %d | %s | %.0f |", r.blanks, r.mode, plays)
		best := math.Inf(1)
		for _, col := range []string{"p50-us", "p99-us", "mid-p50-us"} {
			for _, s := range strategies {
				v := res[key(s, r.blanks, r.mode)].metrics[col]
				fmt.Fprintf(&b, " %s |", us(v))
				if col == "mid-p50-us" && v > 0 {
					best = math.Min(best, v)
				}
			}
		}
		switch {
		case r.targetUS == 0:
			fmt.Fprintf(&b, " – |\n")
		case best <= r.targetUS:
			fmt.Fprintf(&b, " < %s: met |\n", us(r.targetUS))
		default:
			fmt.Fprintf(&b, " < %s: **missed** |\n", us(r.targetUS))
		}
	}

	fmt.Fprintf(&b, "\n## Throughput and allocations\n\n| blanks | recorder |")
	for _, col := range []string{"plays/s", "allocs/position", "bytes/position"} {
		for _, s := range strategies {
			fmt.Fprintf(&b, " %s %s |", s, col)
		}
	}
	fmt.Fprintf(&b, "\n|---|---|")
	for range 3 * len(strategies) {
		fmt.Fprintf(&b, "---:|")
	}
	fmt.Fprintf(&b, "\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %d | %s |", r.blanks, r.mode)
		for _, col := range []string{"plays/s", "allocs/op", "B/op"} {
			for _, s := range strategies {
				m, ok := res[key(s, r.blanks, r.mode)]
				if !ok {
					fmt.Fprintf(&b, " – |")
					continue
				}
				fmt.Fprintf(&b, " %.0f |", m.metrics[col])
			}
		}
		fmt.Fprintf(&b, "\n")
	}
	fmt.Fprintf(&b, "\nThe allocations under *all* are AllPlays' storage (moves are copied into 4096-tile chunks, reused after Reset), ")
	fmt.Fprintf(&b, "not the generators': under *best* neither allocates per play.\n")

	if _, ok := res["BenchmarkAnagramFragments/on/blanks=0"]; ok {
		fmt.Fprintf(&b, "\n## The fragment Bloom filter in the anagram strategy\n\n")
		fmt.Fprintf(&b, "Best play only, the same generator with and without the filter (the plays are the same).\n\n")
		fmt.Fprintf(&b, "| blanks | p50 with | p50 without | mean with | mean without |\n|---|---:|---:|---:|---:|\n")
		for k := 0; k <= 2; k++ {
			on := res[fmt.Sprintf("BenchmarkAnagramFragments/on/blanks=%d", k)].metrics
			off := res[fmt.Sprintf("BenchmarkAnagramFragments/off/blanks=%d", k)].metrics
			fmt.Fprintf(&b, "| %d | %s | %s | %s | %s |\n", k, us(on["p50-us"]), us(off["p50-us"]), us(on["ns/op"]/1e3), us(off["ns/op"]/1e3))
		}
	}

	fmt.Fprintf(&b, "\n## Start-up and memory\n\n| | gaddag | anagram |\n|---|---:|---:|\n")
	open := res["BenchmarkIndexOpen"].metrics["ns/op"] / 1e6
	fmt.Fprintf(&b, "| index open (index.Open, shared) | %.1f ms | %.1f ms |\n", open, open)
	fmt.Fprintf(&b, "| strategy construction (strategy.New) | %s | %s |\n",
		ms(res["BenchmarkStrategyNew/gaddag"].metrics["ns/op"]), ms(res["BenchmarkStrategyNew/anagram"].metrics["ns/op"]))
	fmt.Fprintf(&b, "| heap kept by the strategy | %.1f MB | %.1f MB |\n",
		res["BenchmarkStrategyNew/gaddag"].metrics["heap-MB"], res["BenchmarkStrategyNew/anagram"].metrics["heap-MB"])
	if len(runs) == 2 {
		fmt.Fprintf(&b, "| peak resident memory, `lexico-bot moves --count` over the corpus | %.0f MB | %.0f MB |\n", runs[0].maxRSSMB, runs[1].maxRSSMB)
		fmt.Fprintf(&b, "| wall time of that run (%d positions, start-up included) | %.2f s | %.2f s |\n",
			runs[0].positions, runs[0].wall.Seconds(), runs[1].wall.Seconds())
		fmt.Fprintf(&b, "| plays counted in that run | %d | %d |\n", runs[0].plays, runs[1].plays)
	}
	fmt.Fprintf(&b, "\nThe GADDAG generator reads the GADDAG in place in the index's memory map, so its construction is free; ")
	fmt.Fprintf(&b, "the anagram generator reads every word once and builds its anagram trie in memory, because the per-query ")
	fmt.Fprintf(&b, "bbolt cost would dominate its hundreds of lookups per position (the words of AEINRST: 166 µs through ")
	fmt.Fprintf(&b, "index.SubAnagrams, 4.4 µs through the trie; see bot/engine/movegen/reference/anagram_trie.go).\n\n![median time per position](chart.svg)\n")
	return b.Bytes()
}

func ms(ns float64) string {
	if ns == 0 {
		return "–"
	}
	if ns < 1e5 {
		return fmt.Sprintf("%.0f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ms", ns/1e6)
}

// chart draws the median time per position as grouped bars on a log scale.
func chart(res map[string]result) []byte {
	const (
		w, h                = 760, 380
		left, right, top    = 70, 20, 40
		bottom              = 70
		barW, gap, groupGap = 26, 4, 34
	)
	colors := map[string]string{"gaddag": "#2b6cb0", "anagram": "#dd6b20"}
	// The axis spans whole decades of microseconds around the data.
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range res {
		if v := r.metrics["p50-us"]; v > 0 {
			lo = math.Min(lo, math.Floor(math.Log10(v)))
			hi = math.Max(hi, math.Ceil(math.Log10(v)))
		}
	}
	if lo > hi {
		lo, hi = 1, 2
	}
	if lo == hi {
		hi++
	}
	plotH := float64(h - top - bottom)
	y := func(v float64) float64 { return float64(top) + plotH*(1-(math.Log10(v)-lo)/(hi-lo)) }
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%d" y="22" font-size="15">Median time per position (log scale), by rack blanks and recorder</text>`+"\n", left)
	for d := lo; d <= hi; d++ {
		v := math.Pow(10, d)
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", left, w-right, y(v), y(v))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, y(v)+4, us(v))
	}
	x := left + 12
	for _, r := range rows {
		for i, s := range strategies {
			v := res[key(s, r.blanks, r.mode)].metrics["p50-us"]
			if v <= 0 {
				continue
			}
			bx := x + i*(barW+gap)
			fmt.Fprintf(&b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s, %d blank(s), %s: %s</title></rect>`+"\n",
				bx, y(v), barW, float64(h-bottom)-y(v), colors[s], s, r.blanks, r.mode, us(v))
		}
		gw := len(strategies)*(barW+gap) - gap
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%d blank(s)</text>`+"\n", x+gw/2, h-bottom+18, r.blanks)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", x+gw/2, h-bottom+34, r.mode)
		x += gw + groupGap
	}
	names := append([]string(nil), strategies...)
	sort.Strings(names)
	for i, s := range names {
		lx := left + i*120
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="12" fill="%s"/><text x="%d" y="%d">%s</text>`+"\n", lx, h-22, colors[s], lx+18, h-12, s)
	}
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#333"/>`+"\n", left, w-right, h-bottom, h-bottom)
	fmt.Fprintf(&b, "</svg>\n")
	return b.Bytes()
}
