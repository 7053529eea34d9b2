// Command damagesweep is issue 44's proof that a damaged index is never
// used: it damages a copy of an index every way package internal/damage
// knows (a flipped bit in every kind of page and every part of a page,
// and truncations), and for each damaged copy opens it as run, moves,
// check and serve do (build.OpenIndex) and answers corpus positions with
// the static equity search and a sample of words with Contains. Every
// copy must be refused at open or answer exactly as the clean index does;
// one that answers differently was used wrongly.
//
//	go run ./scripts/damagesweep -index ~/.cache/lexico/default.db
//
// It prints one line a copy and the counts, and exits with status 1 when a
// copy was used wrongly.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/build"
)

func main() {
	indexFlag := flag.String("index", "", "the clean index `FILE` (default $LEXICO_INDEX, else the default index)")
	corpus := flag.String("corpus", "data/positions/corpus.jsonl", "position corpus `FILE` (JSON lines, one gamestate a line)")
	positions := flag.Int("positions", 40, "how many of the corpus's first positions each copy answers (0: all)")
	perGroup := flag.Int("per-group", 1, "flipped bits in each group of regions (package damage)")
	seed := flag.Uint64("seed", 1, "seed of the flipped bits' offsets")
	work := flag.String("work", "", "`DIR` for the damaged copy (default a temporary directory)")
	quiet := flag.Bool("q", false, "print only the copies not refused and the counts")
	flag.Parse()
	if err := checkFlags(*positions, *perGroup); err != nil {
		fmt.Fprintln(os.Stderr, "damagesweep:", err)
		os.Exit(2)
	}
	if err := run(*indexFlag, *corpus, *positions, *perGroup, *seed, *work, *quiet); err != nil {
		fmt.Fprintln(os.Stderr, "damagesweep:", err)
		os.Exit(2)
	}
}

func run(indexFlag, corpus string, npos, perGroup int, seed uint64, work string, quiet bool) error {
	start := time.Now()
	path, err := build.IndexPath(indexFlag)
	if err != nil {
		return err
	}
	clean, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	cs, err := cases(clean, perGroup, seed)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	pos, err := loadPositions(corpus, npos)
	if err != nil {
		return err
	}
	table, err := equity.DefaultTable()
	if err != nil {
		return err
	}
	if work == "" {
		if work, err = os.MkdirTemp("", "damagesweep-"); err != nil {
			return err
		}
		defer os.RemoveAll(work)
	}
	pr := &probe{positions: pos, words: sampleWords(), racks: []string{"RETAINS", "AEINRST", "CADAVER", "QUIXOTI?"}, table: table}
	fmt.Printf("%s: %d damaged copies, %d positions each\n", path, len(cs), len(pos))
	results, err := pr.sweep(clean, filepath.Join(work, "damaged.db"), cs, func(r Result) {
		if !quiet || r.Outcome != Refused {
			fmt.Printf("%-12s %s: %s\n", r.Outcome, r.Case.Name, r.Why)
		}
	})
	if err != nil {
		return err
	}
	c := count(results)
	fmt.Printf("\n%d damaged copies: %d refused, %d answered identically (%d of them damaged only where nothing reads), %d used wrongly (%s)\n",
		c.Copies, c.Refused, c.Identical, c.Harmless, c.Wrong, time.Since(start).Round(time.Second))
	var names []string
	for s := range c.ByStructure {
		names = append(names, s)
	}
	slices.Sort(names)
	for _, s := range names {
		fmt.Printf("  refused naming the %s: %d\n", s, c.ByStructure[s])
	}
	if c.Wrong > 0 {
		os.Exit(1)
	}
	return nil
}

// checkFlags refuses the values that make a sweep prove less than it
// says, naming the flag: with no flipped bit only the truncations are
// made, and a negative count of positions answered none, yet both ended
// in the counts of a passing sweep.
func checkFlags(positions, perGroup int) error {
	switch {
	case positions < 0:
		return fmt.Errorf("-positions %d: want 0 (all) or more", positions)
	case perGroup < 1:
		return fmt.Errorf("-per-group %d: want 1 or more flipped bits", perGroup)
	}
	return nil
}

// sampleWords are words and non-words for Contains: common, long, rare
// letters, near misses.
func sampleWords() []string {
	return []string{"CADAVER", "VERANDA", "QUIXOTIC", "RETAINS", "ZYZZYVAS", "AA", "QI", "ZA", "JO", "XU",
		"CAT", "DOG", "ETAERIO", "OXYPHENBUTAZONE", "JUKEBOXES", "MUZJIKS", "STRENGTHS",
		"XYZZY", "NOTAWORDX", "QZ", "CATX", "AAAAAAA", "RETAINSX", "QUIXOTICS"}
}
