// Command leaveprobe asks whether a leave's worth depends on more than its
// tiles: the equity player plays itself (multipliers, seeded), and each
// leave it keeps in the middle game is credited, as the leave trainer
// credits it (bot/engine/leavegen, its next-turn target), with the mover's
// next turn: its score plus the value of the leave that turn keeps. The
// shipped table's value of the leave is the mean of that target over all
// positions; what is left over (the residual) is regressed on features the
// table cannot see:
//
//   - pool: the vowel balance of the rack after the draw, given the unseen
//     tiles' share of vowels, against the same at the share of an average
//     pool (Maven's vowel-consonant adjustment to the unseen pool);
//   - stage: the leave's value scaled by how far the bag is from its mean
//     (whether leaves are worth more early in the game than late).
//
// Each feature's slope comes with its standard error and the root mean
// square of the correction it would make, in points a move: a correction of
// a tenth of a point is not worth a valuation term, one of a point or more
// is. The residual's own spread (some 25 points) is what it is measured
// against.
//
//	leaveprobe -games 4000 -seed 1 -threads 2
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"sync"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/scripts/internal/late"
)

// sample is one kept leave and what the mover's next turn made of it.
type sample struct {
	value    float64 // the table's value of the leave
	target   float64 // the next turn's score plus the value of its leave
	size     int     // tiles kept
	vowels   int     // of them, vowels (AEIOU)
	poolVow  float64 // the unseen tiles' share of vowels (blanks left out)
	bag      int
	onBoard  int
	blanks   int
	drawable int // tiles the mover draws: RackSize less size, at most the bag
}

func main() {
	games := flag.Int("games", 2000, "self-play games `N`")
	seed := flag.Uint64("seed", 1, "the games' `SEED`")
	threads := flag.Int("threads", 2, "games `N` played at once")
	idx := flag.String("index", "", "index `FILE` ($LEXICO_INDEX or the default)")
	flag.Parse()
	if *games < 1 || *threads < 1 {
		fmt.Fprintln(os.Stderr, "leaveprobe: -games and -threads must be 1 or more")
		os.Exit(2)
	}
	k, err := late.Open(*idx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "leaveprobe:", err)
		os.Exit(1)
	}
	defer k.Close()
	var (
		mu   sync.Mutex
		all  []sample
		next = make(chan int)
		wg   sync.WaitGroup
		errs = make(chan error, *threads)
	)
	for range *threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				got, err := play(k, *seed*1_000_003+uint64(g), g%2)
				if err != nil {
					errs <- fmt.Errorf("game %d: %w", g, err)
					return
				}
				mu.Lock()
				all = append(all, got...)
				mu.Unlock()
			}
		}()
	}
	for g := range *games {
		next <- g
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		fmt.Fprintln(os.Stderr, "leaveprobe:", err)
		os.Exit(1)
	default:
	}
	report(all)
}

// play plays one game of the equity player against itself and returns the
// samples of its middle game: leaves kept with at least two racks' worth in
// the bag, as the leave trainer records them.
func play(k *late.Kit, seed uint64, starter int) ([]sample, error) {
	v := variant.Multipliers
	st, err := state.Start(v, seed, starter)
	if err != nil {
		return nil, err
	}
	var (
		waiting [2]*sample
		out     []sample
	)
	for !st.Over() {
		seat := st.Turn()
		p := st.View()
		ch := k.Equity.Choose(context.Background(), &p)
		m := ch.Move
		fade := 1.0
		if bag := float64(p.BagCount); bag < k.Table.FadeBag {
			fade = bag / k.Table.FadeBag
		}
		if p.BagCount <= 0 {
			fade = 0
		}
		worth := float64(m.Score) + fade*k.Table.LeaveValue(v, ch.Leave)
		if w := waiting[seat]; w != nil {
			w.target = worth
			out = append(out, *w)
			waiting[seat] = nil
		}
		if m.Kind != move.Pass && p.BagCount >= 2*v.RackSize {
			s := &sample{value: k.Table.LeaveValue(v, ch.Leave), size: int(ch.Leave.N), bag: p.BagCount}
			for i, n := range ch.Leave.Counts {
				switch {
				case i == tile.BlankIndex:
					s.blanks = int(n)
				case equity.IsVowel(tile.Byte(i)):
					s.vowels += int(n)
				}
			}
			unseen, err := v.Unseen(p.Board, p.Rack)
			if err != nil {
				return nil, err
			}
			vow, all := 0, 0
			for i, n := range unseen {
				if i == tile.BlankIndex {
					continue
				}
				all += n
				if equity.IsVowel(tile.Byte(i)) {
					vow += n
				}
			}
			if all > 0 {
				s.poolVow = float64(vow) / float64(all)
			}
			s.onBoard = p.Board.TileCount()
			s.drawable = min(v.RackSize-s.size, p.BagCount)
			waiting[seat] = s
		}
		if err := st.Apply(m); err != nil {
			return nil, fmt.Errorf("%v: %w", m, err)
		}
	}
	return out, nil
}

// fit is a least-squares line through (x, y): its slope, the slope's
// standard error, and the root mean square of slope·x (the correction it
// would make).
func fit(xs, ys []float64) (slope, se, rms float64) {
	n := float64(len(xs))
	var mx, my float64
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx, my = mx/n, my/n
	var sxx, sxy float64
	for i := range xs {
		sxx += (xs[i] - mx) * (xs[i] - mx)
		sxy += (xs[i] - mx) * (ys[i] - my)
	}
	if sxx == 0 {
		return 0, 0, 0
	}
	slope = sxy / sxx
	var sse float64
	for i := range xs {
		r := ys[i] - my - slope*(xs[i]-mx)
		sse += r * r
	}
	se = math.Sqrt(sse / (n - 2) / sxx)
	rms = math.Abs(slope) * math.Sqrt(sxx/n)
	return slope, se, rms
}

func report(all []sample) {
	n := float64(len(all))
	if n < 100 {
		fmt.Println("too few samples:", len(all))
		return
	}
	res := make([]float64, len(all))
	var meanRes, meanPool, meanBag float64
	for i, s := range all {
		res[i] = s.target - s.value
		meanRes += res[i]
		meanPool += s.poolVow
		meanBag += float64(s.bag)
	}
	meanRes, meanPool, meanBag = meanRes/n, meanPool/n, meanBag/n
	var sd float64
	for _, r := range res {
		sd += (r - meanRes) * (r - meanRes)
	}
	sd = math.Sqrt(sd / n)
	fmt.Printf("%d leaves kept in the middle game; residual (next turn's worth less the table's value): mean %.2f, sd %.2f points\n", len(all), meanRes, sd)
	fmt.Printf("the unseen tiles' share of vowels: mean %.3f; the bag: mean %.1f\n\n", meanPool, meanBag)
	fmt.Println("| feature | slope | its SE | correction, rms points a move |")
	fmt.Println("| --- | ---: | ---: | ---: |")
	xs := make([]float64, len(all))
	for _, target := range []float64{2, 2.5, 3, 3.5} {
		for i, s := range all {
			e := float64(s.vowels) + float64(s.drawable)*s.poolVow
			e0 := float64(s.vowels) + float64(s.drawable)*meanPool
			xs[i] = -((e-target)*(e-target) - (e0-target)*(e0-target))
		}
		b, se, rms := fit(xs, res)
		fmt.Printf("| pool: vowels after the draw, ideal %.1f | %.3f | %.3f | %.2f |\n", target, b, se, rms)
	}
	for i, s := range all {
		xs[i] = float64(s.drawable) * (s.poolVow - meanPool)
	}
	b, se, rms := fit(xs, res)
	fmt.Printf("| pool: vowels expected in the draw, over the mean | %.3f | %.3f | %.2f |\n", b, se, rms)
	for i, s := range all {
		xs[i] = s.value * (float64(s.bag) - meanBag) / meanBag
	}
	b, se, rms = fit(xs, res)
	fmt.Printf("| stage: the leave's value × the bag's distance from its mean | %.3f | %.3f | %.2f |\n", b, se, rms)
	for i, s := range all {
		xs[i] = s.value
	}
	b, se, rms = fit(xs, res)
	fmt.Printf("| the table's value itself (0 when it is right on average) | %.3f | %.3f | %.2f |\n", b, se, rms)
}
