package movegen_test

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/game/tile"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/reference"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
)

// The strategy comparison over the committed position corpus
// (data/positions/corpus.jsonl, written by scripts/genpositions). `make
// bench` runs these and turns the output into bench/RESULTS.md and
// bench/chart.svg (scripts/benchreport). The dictionary is the real index
// file: $LEXICO_INDEX, else the default index in the user cache directory
// (built from the embedded list on first use).
//
// One op is one position: the corpus positions with the given number of
// blanks in the rack, in turn. Besides ns/op (the mean) each benchmark
// reports the median and 99th percentile of the op times, the median over
// middle-game positions only (the targets of bench/RESULTS.md are for
// those), the plays found per op and the plays per second.

const corpusPath = "../../../data/positions/corpus.jsonl"

// corpusPosition is a position of the corpus and its game phase.
type corpusPosition struct {
	p   *position.Position
	mid bool
}

var (
	benchOnce  sync.Once
	benchIndex *index.Index
	benchErr   error
	benchPos   [3][]corpusPosition // by blanks in the rack
	benchGens  = map[string]movegen.Generator{}
	benchGenMu sync.Mutex
)

// isMiddle matches scripts/genpositions: more than 20 tiles on the board,
// and at least a rack's worth in the bag.
func isMiddle(p *position.Position) bool {
	return p.Board.TileCount() > 20 && p.BagCount >= p.Variant.RackSize
}

func benchSetup(b *testing.B) {
	b.Helper()
	benchOnce.Do(func() {
		f, err := os.Open(corpusPath)
		if err != nil {
			benchErr = err
			return
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for line := 1; sc.Scan(); line++ {
			p, err := gamestate.ParseSynthetic(sc.Bytes())
			if err != nil {
				benchErr = fmt.Errorf("%s line %d: %w", corpusPath, line, err)
				return
			}
			k := min(p.Rack.Blanks(), 2)
			benchPos[k] = append(benchPos[k], corpusPosition{p: p, mid: isMiddle(p)})
		}
		benchIndex, benchErr = build.OpenIndex("", os.Stderr)
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
}

func benchGenerator(b *testing.B, name string) movegen.Generator {
	benchGenMu.Lock()
	defer benchGenMu.Unlock()
	if g, ok := benchGens[name]; ok {
		return g
	}
	g, err := strategy.New(name, benchIndex)
	if err != nil {
		b.Fatal(err)
	}
	benchGens[name] = g
	return g
}

// BenchmarkStrategy compares the index strategies per blank count, for all
// plays (collected with AllPlays, as a caller listing them would) and for
// the best play only (Best). The exhaustive strategy takes seconds per
// position with the real dictionary; it runs only when
// LEXICO_BENCH_EXHAUSTIVE is set, and then on the first three positions of
// each blank count.
func BenchmarkStrategy(b *testing.B) {
	benchSetup(b)
	for _, name := range []string{"gaddag", "anagram", "exhaustive"} {
		b.Run(name, func(b *testing.B) {
			positions := benchPos
			if name == "exhaustive" {
				if os.Getenv("LEXICO_BENCH_EXHAUSTIVE") == "" {
					b.Skip("set LEXICO_BENCH_EXHAUSTIVE=1 to time the exhaustive strategy (seconds per position)")
				}
				for k := range positions {
					positions[k] = positions[k][:min(3, len(positions[k]))]
				}
			}
			gen := benchGenerator(b, name)
			for blanks := 0; blanks <= 2; blanks++ {
				ps := positions[blanks]
				b.Run(fmt.Sprintf("blanks=%d/all", blanks), func(b *testing.B) {
					all := &movegen.AllPlays{}
					runCorpus(b, ps, func(p *position.Position) int {
						all.Reset()
						gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: all.Record})
						return len(all.Moves)
					})
				})
				b.Run(fmt.Sprintf("blanks=%d/best", blanks), func(b *testing.B) {
					best := &movegen.Best{}
					plays := 0
					rec := func(m *move.Move) { plays++; best.Record(m) }
					runCorpus(b, ps, func(p *position.Position) int {
						best.Reset()
						plays = 0
						gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: rec})
						return plays
					})
				})
				// findbest: a Keep 1 search by score, the gaddag strategy's
				// bounded search; the anagram strategy has none and values
				// every play. findbest-equity: the same by equity as the
				// equity policy values a play: score plus the default
				// table's value of the leave in the position (the learned
				// table of its bag, faded with the bag), every leave of the
				// rack valued at once where the valuation can.
				var best movegen.Best
				findBest := func(lv equity.LeaveValuer) func(p *position.Position) int {
					return func(p *position.Position) int {
						best.Reset()
						a := movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: 1, Record: best.Record}
						if lv != nil {
							in := equity.ForVariant(lv, p.Variant)
							a.Leave = func(r tile.Rack) float64 { return in.LeaveValue(r, p) }
							a.Leaves = equity.SubLeaves(in, p)
						}
						gen.Search(a)
						if best.Found {
							return 1
						}
						return 0
					}
				}
				b.Run(fmt.Sprintf("blanks=%d/findbest", blanks), func(b *testing.B) { runCorpus(b, ps, findBest(nil)) })
				b.Run(fmt.Sprintf("blanks=%d/findbest-equity", blanks), func(b *testing.B) { runCorpus(b, ps, findBest(benchValuation(b))) })
			}
		})
	}
}

// runCorpus times one position per op and reports the distribution.
func runCorpus(b *testing.B, ps []corpusPosition, op func(p *position.Position) int) {
	if len(ps) == 0 {
		b.Skip("no positions")
	}
	times := make([]time.Duration, 0, b.N)
	var mids []time.Duration
	plays := 0
	// One untimed pass first: the first searches of a process fault in the
	// index pages they read (the blank table most), which made whichever
	// benchmark ran first look slower than the same search run second.
	for _, cp := range ps {
		op(cp.p)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cp := ps[i%len(ps)]
		t0 := time.Now()
		plays += op(cp.p)
		d := time.Since(t0)
		times = append(times, d)
		if cp.mid {
			mids = append(mids, d)
		}
	}
	b.StopTimer()
	var total time.Duration
	for _, d := range times {
		total += d
	}
	b.ReportMetric(quantile(times, 0.5), "p50-us")
	b.ReportMetric(quantile(times, 0.99), "p99-us")
	if len(mids) > 0 {
		b.ReportMetric(quantile(mids, 0.5), "mid-p50-us")
	}
	b.ReportMetric(float64(plays)/float64(b.N), "plays/op")
	if total > 0 {
		b.ReportMetric(float64(plays)/total.Seconds(), "plays/s")
	}
}

// quantile is the q-quantile of ds in microseconds (ds is reordered).
func quantile(ds []time.Duration, q float64) float64 {
	slices.Sort(ds)
	i := min(int(q*float64(len(ds))), len(ds)-1)
	return float64(ds[i]) / float64(time.Microsecond)
}

// BenchmarkIndexOpen is the start-up cost every command pays: opening the
// index file (checks, Bloom filters, the GADDAG in place).
func BenchmarkIndexOpen(b *testing.B) {
	benchSetup(b)
	path := benchIndex.Path()
	for i := 0; i < b.N; i++ {
		x, err := index.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		x.Close()
	}
}

// BenchmarkStrategyNew is each strategy's own start-up cost on an open
// index, and the heap it keeps (heap-MB): nothing for the GADDAG generator,
// which reads the index's memory map in place; the anagram trie for the
// anagram generator.
func BenchmarkStrategyNew(b *testing.B) {
	benchSetup(b)
	for _, name := range []string{"gaddag", "anagram"} {
		b.Run(name, func(b *testing.B) {
			var keep movegen.Generator
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			for i := 0; i < b.N; i++ {
				g, err := strategy.New(name, benchIndex)
				if err != nil {
					b.Fatal(err)
				}
				keep = g
			}
			b.StopTimer()
			runtime.GC()
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "heap-MB")
			runtime.KeepAlive(keep)
		})
	}
}

// BenchmarkAnagramFragments weighs the anagram strategy's use of the
// fragment Bloom filter: the same generator with the filter (on) and without
// it (off), best play only, per blank count. The plays are the same either
// way (TestAnagramFragmentPruningLosesNothing); only the time differs.
func BenchmarkAnagramFragments(b *testing.B) {
	benchSetup(b)
	var words []string
	if err := benchIndex.Each(func(w string) bool { words = append(words, w); return true }); err != nil {
		b.Fatal(err)
	}
	gens := map[string]movegen.Generator{
		"on":  reference.NewAnagram(words, benchIndex.GADDAG(), benchIndex.Fragment),
		"off": reference.NewAnagram(words, benchIndex.GADDAG(), nil),
	}
	for _, mode := range []string{"on", "off"} {
		gen := gens[mode]
		for blanks := 0; blanks <= 2; blanks++ {
			b.Run(fmt.Sprintf("%s/blanks=%d", mode, blanks), func(b *testing.B) {
				best := &movegen.Best{}
				plays := 0
				rec := func(m *move.Move) { plays++; best.Record(m) }
				runCorpus(b, benchPos[blanks], func(p *position.Position) int {
					best.Reset()
					plays = 0
					gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: rec})
					return plays
				})
			})
		}
	}
}

// benchValuation is the equity policy's valuation: the default table.
func benchValuation(b *testing.B) equity.LeaveValuer {
	t, err := equity.DefaultTable()
	if err != nil {
		b.Fatal(err)
	}
	t.ReadShipped() // not timed in the first position's search
	return equity.ScoreAndLeave{Table: t}
}
