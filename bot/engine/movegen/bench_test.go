package movegen

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

var (
	benchOnce      sync.Once
	benchPositions [3][]testPos // mid-game positions by blank count
)

// midGame returns 30 mid-game Multipliers positions (turns 6..12 of random
// games over the full list, about 25..45 tiles on the board) per blank
// count, the same on every run.
func midGame() [3][]testPos {
	benchOnce.Do(func() {
		lx := full()
		r := rand.New(rand.NewPCG(2026, 11))
		for g := 0; len(benchPositions[2]) < 30; g++ {
			game := randomGame(variant.Multipliers, lx.gen, r, fmt.Sprintf("game %d", g))
			for i := 6; i <= 12 && i < len(game); i += 3 {
				for blanks := 0; blanks < 3; blanks++ {
					p := game[i]
					p.Rack = gentest.WithBlanks(p.Rack, blanks, r)
					if len(benchPositions[blanks]) < 30 {
						benchPositions[blanks] = append(benchPositions[blanks], p)
					}
				}
			}
		}
	})
	return benchPositions
}

// benchGenerate times gen over the positions in turn, one position per
// iteration, and reports the median and 99th percentile per position
// besides Go's mean, the median CPU time of the generating thread (the
// wall clock also counts waiting for a core on a shared machine), and, when
// every position ran at least three times, the median over positions of
// each one's fastest run: the nearest this benchmark gets to an idle
// machine.
func benchGenerate(b *testing.B, gen Generator, positions []testPos, newRec func() (PlayRecorder, func())) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	rec, reset := newRec()
	wall := make([]time.Duration, 0, 1<<16)
	cpu := make([]time.Duration, 0, 1<<16)
	fastest := make([]time.Duration, len(positions))
	plays := 0
	count := func(m *move.Move) { plays++; rec(m) }
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := positions[i%len(positions)]
		reset()
		c0, cok := threadCPU()
		t0 := time.Now()
		generate(gen, p.Variant, p.Board, p.Rack, count)
		w := time.Since(t0)
		c1, _ := threadCPU()
		if k := i % len(positions); fastest[k] == 0 || w < fastest[k] {
			fastest[k] = w
		}
		if len(wall) < cap(wall) {
			wall = append(wall, w)
			if cok {
				cpu = append(cpu, c1-c0)
			}
		}
	}
	b.StopTimer()
	if len(wall) > 0 {
		slices.Sort(wall)
		b.ReportMetric(float64(wall[len(wall)/2].Nanoseconds()), "ns-median")
		b.ReportMetric(float64(wall[len(wall)*99/100].Nanoseconds()), "ns-p99")
	}
	if b.N >= 3*len(positions) {
		slices.Sort(fastest)
		b.ReportMetric(float64(fastest[len(fastest)/2].Nanoseconds()), "ns-fastest-median")
	}
	if len(cpu) > 0 {
		slices.Sort(cpu)
		b.ReportMetric(float64(cpu[len(cpu)/2].Nanoseconds()), "cpu-ns-median")
	}
	b.ReportMetric(float64(plays)/float64(b.N), "plays/op")
}

func counting() (PlayRecorder, func()) { return func(*move.Move) {}, func() {} }

func keepAll() (PlayRecorder, func()) {
	var all AllPlays
	return all.Record, all.Reset
}

func keepBest() (PlayRecorder, func()) {
	var best Best
	return best.Record, best.Reset
}

// BenchmarkGADDAG times the GADDAG generator over the full default list on
// mid-game Multipliers positions, per blank count: "all" generates every
// play (a recorder that only counts, so the figure is the generator's own
// cost), "keepall" also copies every play (AllPlays), "best" keeps the best
// (Best). Positions come from seeded random games, so every run times the
// same positions.
func BenchmarkGADDAG(b *testing.B) {
	// "findbest" is FindBest, the bounded best-play search; its plays/op is
	// 1 (the one play returned).
	pos := midGame()
	gen := full().gen
	for blanks := 0; blanks < 3; blanks++ {
		b.Run(fmt.Sprintf("all/blanks=%d", blanks), func(b *testing.B) { benchGenerate(b, gen, pos[blanks], counting) })
		b.Run(fmt.Sprintf("keepall/blanks=%d", blanks), func(b *testing.B) { benchGenerate(b, gen, pos[blanks], keepAll) })
		b.Run(fmt.Sprintf("best/blanks=%d", blanks), func(b *testing.B) { benchGenerate(b, gen, pos[blanks], keepBest) })
		b.Run(fmt.Sprintf("findbest/blanks=%d", blanks), func(b *testing.B) { benchGenerate(b, bestOnly{gen}, pos[blanks], counting) })
	}
}

// bestOnly reports a Keep 1 search's play as the only play, so it can be
// timed like a generator.
type bestOnly struct{ gen *GADDAGGenerator }

func (f bestOnly) Search(a Args) bool {
	a.Keep = 1
	return f.gen.Search(a)
}
