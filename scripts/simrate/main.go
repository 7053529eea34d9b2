// Command simrate compares the simulation's speed of two lexico-bot builds:
// worlds a second of `run --policy sim --budget B` on the doc's example and
// on middle-game positions of the corpus, each build run in turn on each
// position (A B A B), so that the host's swings fall on both alike. It
// prints each position's median worlds a second per build and their ratio,
// then the median and geometric mean of the ratios (above 1: the new build
// simulates faster).
//
//	go run ./scripts/simrate -old /tmp/old/lexico-bot -old-index /tmp/old/lexico.db \
//	    -new bin/lexico-bot -rounds 2
//
// Each build reads the index its own lexico-index built (the format may
// differ). A position is skipped when the new build does not simulate it
// (the corpus rewrites some racks to hold blanks the bag cannot account
// for: the simulation then declines).
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
	"slices"
	"time"

	"github.com/lexico/lexico/bot/platform/gamestate"
	lexbuild "github.com/lexico/lexico/build"
	"github.com/lexico/lexico/scripts/internal/host"
)

type build struct{ bot, index string }

type options struct {
	old, new       build
	corpus, doc    string
	minBag, maxBag int
	positions      int
	rounds         int
	budget         time.Duration
}

func main() {
	var o options
	flag.StringVar(&o.old.bot, "old", "", "the old build's lexico-bot `BINARY`")
	flag.StringVar(&o.old.index, "old-index", "", "the old build's index `FILE`")
	flag.StringVar(&o.new.bot, "new", "bin/lexico-bot", "the new build's lexico-bot `BINARY`")
	flag.StringVar(&o.new.index, "new-index", "", "the new build's index `FILE` (default $LEXICO_INDEX, else the default index)")
	flag.StringVar(&o.corpus, "corpus", "data/positions/corpus.jsonl", "position corpus `FILE` (JSON lines, one gamestate a line)")
	flag.StringVar(&o.doc, "doc", "data/gamestates/doc-example.txt", "the doc's example `FILE` (empty: leave it out)")
	flag.IntVar(&o.minBag, "min-bag", 15, "a middle game has at least `N` tiles in the bag")
	flag.IntVar(&o.maxBag, "max-bag", 70, "and at most `N`")
	flag.IntVar(&o.positions, "positions", 16, "middle games `N`, spread evenly over the corpus")
	flag.IntVar(&o.rounds, "rounds", 2, "runs `N` of each build on each position")
	flag.DurationVar(&o.budget, "budget", time.Second, "thinking time of each run")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "simrate:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	if o.old.bot == "" || o.old.index == "" {
		return fmt.Errorf("give -old and -old-index (the build to compare with)")
	}
	if o.rounds < 1 || o.positions < 0 || o.budget <= 0 {
		return fmt.Errorf("-rounds, -positions and -budget want positive values")
	}
	var err error
	if o.new.index, err = lexbuild.IndexPath(o.new.index); err != nil {
		return err
	}
	files, cleanup, err := positionFiles(o)
	if err != nil {
		return err
	}
	defer cleanup()
	fmt.Printf("simrate: %d positions, %d rounds of %v, started %s, load %s\n", len(files), o.rounds, o.budget, time.Now().UTC().Format(time.DateTime), host.LoadAverage())
	var ratios []float64
	for _, f := range files {
		rates := [2][]float64{}
		skipped := false
		for range o.rounds {
			for i, b := range []build{o.old, o.new} {
				r, err := worldsPerSecond(b, f.path, o.budget)
				if err != nil {
					return fmt.Errorf("%s, %s: %w", f.name, b.bot, err)
				}
				if r == 0 && i == 1 {
					skipped = true
				}
				rates[i] = append(rates[i], r)
			}
			if skipped {
				break
			}
		}
		if skipped {
			fmt.Printf("%-28s not simulated by the new build: skipped\n", f.name)
			continue
		}
		old, new := median(rates[0]), median(rates[1])
		ratio := new / old
		ratios = append(ratios, ratio)
		fmt.Printf("%-28s old %7.0f  new %7.0f worlds/s  ratio %.2f\n", f.name, old, new, ratio)
	}
	if len(ratios) == 0 {
		return fmt.Errorf("no position was simulated")
	}
	logs := 0.0
	for _, r := range ratios {
		logs += math.Log(r)
	}
	fmt.Printf("ratio new/old over %d positions: median %.2f, geometric mean %.2f, least %.2f, most %.2f; finished %s, load %s\n",
		len(ratios), median(ratios), math.Exp(logs/float64(len(ratios))), slices.Min(ratios), slices.Max(ratios),
		time.Now().UTC().Format(time.DateTime), host.LoadAverage())
	return nil
}

type posFile struct{ name, path string }

// positionFiles writes the middle games picked from the corpus to files,
// one gamestate each, after the doc's example.
func positionFiles(o options) ([]posFile, func(), error) {
	dir, err := os.MkdirTemp("", "simrate")
	if err != nil {
		return nil, nil, err
	}
	cleanup := func() { os.RemoveAll(dir) }
	var files []posFile
	if o.doc != "" {
		files = append(files, posFile{filepath.Base(o.doc), o.doc})
	}
	f, err := os.Open(o.corpus)
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	defer f.Close()
	type line struct {
		n    int
		text []byte
	}
	var middle []line
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var gs struct{ NumberOfTilesInBag int }
		if err := json.Unmarshal(sc.Bytes(), &gs); err != nil {
			cleanup()
			return nil, nil, fmt.Errorf("%s line %d: %v", o.corpus, n, err)
		}
		// Lines no game can reach (the corpus gives some classic racks
		// blanks) are refused by run since gamestates are checked: skip them.
		if _, err := gamestate.Parse(sc.Bytes()); err != nil {
			continue
		}
		if gs.NumberOfTilesInBag >= o.minBag && gs.NumberOfTilesInBag <= o.maxBag {
			middle = append(middle, line{n, bytes.Clone(sc.Bytes())})
		}
	}
	if err := sc.Err(); err != nil {
		cleanup()
		return nil, nil, err
	}
	if o.positions > 0 && len(middle) > 0 {
		step := max(1, len(middle)/o.positions)
		for i := 0; i < len(middle) && len(files) < o.positions+1; i += step {
			p := filepath.Join(dir, fmt.Sprintf("line-%d.json", middle[i].n))
			if err := os.WriteFile(p, middle[i].text, 0o644); err != nil {
				cleanup()
				return nil, nil, err
			}
			files = append(files, posFile{fmt.Sprintf("corpus line %d", middle[i].n), p})
		}
	}
	return files, cleanup, nil
}

// worldsPerSecond runs b on the gamestate in path for budget and returns
// the worlds it simulated a second of its budget (0: it did not simulate).
func worldsPerSecond(b build, path string, budget time.Duration) (float64, error) {
	out, err := exec.Command(b.bot, "run", "--index", b.index, "--policy", "sim", "--budget", budget.String(), "--json", path).Output()
	if err != nil {
		return 0, err
	}
	var r struct {
		BudgetMS   float64 `json:"budget_ms"`
		Simulation *struct {
			Iterations int `json:"iterations"`
		} `json:"simulation"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		return 0, fmt.Errorf("its --json answer: %v", err)
	}
	if r.Simulation == nil || r.BudgetMS <= 0 {
		return 0, nil
	}
	return float64(r.Simulation.Iterations) / (r.BudgetMS / 1000), nil
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
