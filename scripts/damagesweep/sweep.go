package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/lexico/lexico/bot/engine/engine"
	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/damage"
)

// Outcome is what became of one damaged copy.
type Outcome int

const (
	// Refused: opening it (as run, moves, check and serve do) failed.
	Refused Outcome = iota
	// Identical: it opened, and every answer was the clean index's.
	Identical
	// Wrong: it opened and some answer differed from the clean index's:
	// damage used.
	Wrong
)

func (o Outcome) String() string {
	return [...]string{"refused", "identical", "USED WRONGLY"}[o]
}

// Result is one damaged copy's outcome.
type Result struct {
	Case    damage.Case
	Outcome Outcome
	// Why is the refusal (the error the user sees), or the first answer
	// that differed.
	Why string
	// Structure is the structure a refusal named (index.DamageError), ""
	// when the refusal named none (the bbolt pages, the meta bucket).
	Structure string
}

// probe is what the sweep asks of an index: what the commands that play
// ask of it.
type probe struct {
	positions []*position.Position
	// words are tested with Contains, as check and the rules do.
	words []string
	// racks are anagrammed and every word of some lengths listed, as
	// lexico-index lookup does.
	racks []string
	table *equity.Table
}

// answers opens the index at path as the commands that play do
// (build.OpenIndex with an explicit path: index.Open, never rebuilt) and
// answers every position with the static equity search (run's search
// before any simulation: the move generator over the GADDAG, the multiset
// and blank tables, the rules' word test), reporting the five best
// candidates of each, every word's Contains, and the word queries'
// answers. err is the refusal, at open or at the first word query.
func (pr *probe) answers(path string) (out []string, err error) {
	x, err := build.OpenIndex(path, io.Discard)
	if err != nil {
		return nil, err
	}
	eng, err := engine.FromIndex(x, engine.Options{Leaves: pr.table})
	if err != nil {
		return nil, err
	}
	defer eng.Close() // after the searches
	pl, err := eng.Policy("equity", nil)
	if err != nil {
		return nil, err
	}
	pl = pl.WithTop(5)
	for i, p := range pr.positions {
		ch := pl.Choose(context.Background(), p)
		var b strings.Builder
		fmt.Fprintf(&b, "position %d:", i+1)
		for _, c := range ch.Top {
			fmt.Fprintf(&b, " %s %.3f;", c.Move.String(), c.Equity)
		}
		out = append(out, b.String())
	}
	var b strings.Builder
	for _, w := range pr.words {
		if x.Contains(w) {
			b.WriteString(w + " ")
		}
	}
	out = append(out, "words: "+b.String())
	// The word queries (lexico-index lookup, the anagram strategy) read
	// the word buckets, which no move search reads.
	for _, rack := range pr.racks {
		ms, err := x.Anagrams(rack)
		if err != nil {
			return nil, fmt.Errorf("the first word query: %w", err)
		}
		out = append(out, fmt.Sprintf("anagrams of %s: %v", rack, ms))
	}
	for _, n := range []int{2, 15} {
		ws, err := x.ByLength(n)
		if err != nil {
			return nil, fmt.Errorf("the first word query: %w", err)
		}
		out = append(out, fmt.Sprintf("%d words of %d letters: %v", len(ws), n, ws))
	}
	return out, nil
}

// sweep applies each case to a copy of clean at work (in place, restored
// after each: a copy of the default index per case would write gigabytes)
// and compares its answers with the clean file's. progress, if not nil,
// hears each result as it comes.
func (pr *probe) sweep(clean []byte, work string, cases []damage.Case, progress func(Result)) ([]Result, error) {
	if err := os.WriteFile(work, clean, 0o644); err != nil {
		return nil, err
	}
	want, err := pr.answers(work)
	if err != nil {
		return nil, fmt.Errorf("the clean index: %w", err)
	}
	f, err := os.OpenFile(work, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var results []Result
	for _, c := range cases {
		if err := apply(f, clean, c); err != nil {
			return nil, err
		}
		r := Result{Case: c}
		got, err := pr.answers(work)
		switch {
		case err != nil:
			r.Outcome, r.Why = Refused, err.Error()
			var d *index.DamageError
			if errors.As(err, &d) {
				r.Structure = d.Structure
			}
		default:
			r.Outcome = Identical
			for i := range want {
				if i >= len(got) || got[i] != want[i] {
					r.Outcome = Wrong
					if i >= len(got) {
						r.Why = "answers missing"
					} else {
						r.Why = difference(want[i], got[i])
					}
					break
				}
			}
		}
		if err := restore(f, clean, c); err != nil {
			return nil, err
		}
		results = append(results, r)
		if progress != nil {
			progress(r)
		}
	}
	return results, nil
}

// apply damages the open file f (a copy of clean) as c says.
func apply(f *os.File, clean []byte, c damage.Case) error {
	if c.Size >= 0 {
		return f.Truncate(c.Size)
	}
	_, err := f.WriteAt([]byte{clean[c.Off] ^ c.Mask}, c.Off)
	return err
}

// restore undoes apply.
func restore(f *os.File, clean []byte, c damage.Case) error {
	if c.Size >= 0 {
		_, err := f.WriteAt(clean[c.Size:], c.Size)
		return err
	}
	_, err := f.WriteAt(clean[c.Off:c.Off+1], c.Off)
	return err
}

// loadPositions reads the first n gamestates (0: all) of a corpus of JSON
// lines.
func loadPositions(path string, n int) ([]*position.Position, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []*position.Position
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan() && (n == 0 || len(out) < n); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		p, err := gamestate.ParseSynthetic(sc.Bytes()) // the corpus gives some racks blanks no game deals
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// cases is the damaged copies of clean: perGroup flipped bits in every
// group of regions of the file (every kind of page, every part of a page,
// used by a reader or not: see package damage), drawn with seed, then the
// truncations.
func cases(clean []byte, perGroup int, seed uint64) ([]damage.Case, error) {
	l, err := damage.Map(clean)
	if err != nil {
		return nil, err
	}
	return append(l.Flips(perGroup, seed, nil), l.Truncations()...), nil
}

// Counts sums results.
type Counts struct {
	Copies, Refused, Identical, Wrong int
	// Harmless is the copies damaged only where nothing reads (a page's
	// slack, a free page, a meta page's tail), among Identical.
	Harmless int
	// ByStructure counts the refusals that named a structure.
	ByStructure map[string]int
}

func count(results []Result) Counts {
	c := Counts{Copies: len(results), ByStructure: map[string]int{}}
	for _, r := range results {
		switch r.Outcome {
		case Refused:
			c.Refused++
			if r.Structure != "" {
				c.ByStructure[r.Structure]++
			}
		case Identical:
			c.Identical++
			if r.Case.Size < 0 && !r.Case.Region.Used {
				c.Harmless++
			}
		case Wrong:
			c.Wrong++
		}
	}
	return c
}

// difference describes where got differs from want: a few bytes of each
// around the first difference (a word query's answer runs to megabytes).
func difference(want, got string) string {
	i := 0
	for i < min(len(want), len(got)) && want[i] == got[i] {
		i++
	}
	clip := func(s string) string { return s[max(0, i-30):min(len(s), i+30)] }
	return fmt.Sprintf("%s...: clean ...%s..., damaged ...%s...", want[:min(len(want), 24)], clip(want), clip(got))
}
