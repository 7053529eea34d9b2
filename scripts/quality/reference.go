package main

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/scripts/internal/host"
	"github.com/lexico/lexico/scripts/internal/late"
)

// refOptions are the reference's settings: everything its figures depend
// on (with the index and the leave table).
type refOptions struct {
	seed       uint64
	candidates int
	worlds     int
	plies      int
	// endBag is the simulator's EndgameBag: with at most this many tiles
	// in the bag, every world is played to the game's end.
	endBag  int
	threads int
	// After pruneAfter worlds, the candidates more than pruneMargin points
	// (or 4 standard errors of their difference, if more) behind the best
	// so far play no more worlds (0: none is dropped).
	pruneAfter  int
	pruneMargin float64
	// nodes is the endgame solver's budget a solve, in positions searched,
	// for the positions with the bag empty (solved.go).
	nodes int64
	// exactBag: the positions with at most this many tiles in the bag are
	// valued exactly over their deals, as endgames are (solved.go), not
	// simulated.
	exactBag int
}

func referenceMain(args []string) error {
	fs := flag.NewFlagSet("reference", flag.ContinueOnError)
	var o refOptions
	in := fs.String("in", "data/quality/positions.jsonl", "the position set `FILE`")
	out := fs.String("out", "data/quality/reference.jsonl", "the reference `FILE`: one line a position, appended as each is done; lines already there are skipped")
	worldsDir := fs.String("worlds-dir", "", "also write each position's per-world points to `DIR`/LINE.f32 (float32, world by world, the candidates in static order)")
	fs.Uint64Var(&o.seed, "seed", 1, "`SEED` of the worlds")
	fs.IntVar(&o.candidates, "candidates", 36, "the static search's best `N` moves simulated (the best exchange added when none is among them)")
	fs.IntVar(&o.worlds, "worlds", 1000, "worlds `N` each candidate is played out in")
	fs.IntVar(&o.plies, "plies", montecarlo.DefaultPlies, "turns `N` played after each candidate (the sim policy's)")
	fs.IntVar(&o.endBag, "end-bag", refEndBag, "with at most `N` tiles in the bag every world is played to the game's end, -plies unused (the late set's reference: 13)")
	fs.IntVar(&o.threads, "threads", 1, "goroutines `N` playing worlds at once (the figures do not depend on it)")
	fs.IntVar(&o.pruneAfter, "prune-after", 250, "after `N` worlds, drop the candidates clearly behind (-prune-margin): they keep the figures of those worlds (0: every candidate plays every world)")
	fs.Int64Var(&o.nodes, "solve-nodes", 2_000_000, "with the bag empty, each candidate is valued exactly by the endgame solver, proven within `N` positions searched a solve (else left out)")
	fs.IntVar(&o.exactBag, "exact-bag", 0, "value the positions with at most `N` tiles in the bag (0, 1 or 2) as endgames are, exactly, by the endgame solver in every deal of the unseen tiles (the bag's tiles, the opponent's rack), not by simulation")
	fs.Float64Var(&o.pruneMargin, "prune-margin", 8, "`POINTS` behind the best so far (or 4 standard errors of the difference, if more) that drop a candidate at -prune-after")
	shard := fs.String("shard", "1/1", "do only the positions `I/N` (line numbers ≡ I mod N); shards may share -out")
	lines := fs.String("lines", "", "do only these `LINES` of the set (e.g. 1-20,31)")
	maxBag := fs.Int("max-bag", -1, "do only the positions with at most `N` tiles in the bag (-1: all)")
	stride := fs.Int("stride", 5, "visit the lines `K` apart, then again from the next (1, 6, 11, ..., 2, 7, ...): a run cut short has done a sample of the whole set, both sources alike")
	idx := fs.String("index", "", "index `FILE` (default $LEXICO_INDEX, else the default index)")
	if err := fs.Parse(args); err != nil {
		return usageErr("%v", err)
	}
	if o.candidates < 1 || o.worlds < 2 || o.plies < 1 || o.threads < 1 || o.endBag < 1 || o.nodes < 1 {
		return usageErr("-candidates, -threads, -plies, -end-bag and -solve-nodes must be at least 1, -worlds at least 2")
	}
	if o.exactBag < 0 || o.exactBag > 2 {
		return usageErr("-exact-bag %d: want 0, 1 or 2 (more tiles in the bag make too many deals to solve)", o.exactBag)
	}
	if o.pruneAfter != 0 && (o.pruneAfter < 2 || o.pruneAfter >= o.worlds || o.pruneMargin < 0) {
		return usageErr("-prune-after %d: want 0, or 2 or more and below -worlds %d, with -prune-margin 0 or more", o.pruneAfter, o.worlds)
	}
	si, sn, err := parseShard(*shard)
	if err != nil {
		return err
	}
	set, err := readSet(*in)
	if err != nil {
		return err
	}
	only, err := parseLines(*lines, len(set))
	if err != nil {
		return err
	}
	done, f, err := resume[refPosition](*out)
	if err != nil {
		return err
	}
	defer f.Close()
	have := map[int]bool{}
	for _, r := range done {
		if r.Solved && r.SolveNodes != o.nodes {
			return usageErr("%s line %d: solved within %d nodes a solve; this run: %d (write another -out)", *out, r.Line, r.SolveNodes, o.nodes)
		}
		if !r.Solved && (r.Seed != o.seed || r.Worlds != o.worlds || r.Plies != o.plies || r.endBag() != o.endBag || r.PruneAfter != o.pruneAfter || r.PruneMargin != o.pruneMargin) {
			return usageErr("%s line %d: seed %d, %d worlds, %d plies, to the end from %d in the bag, pruned after %d by %v; this run: seed %d, %d worlds, %d plies, to the end from %d, pruned after %d by %v (write another -out)",
				*out, r.Line, r.Seed, r.Worlds, r.Plies, r.endBag(), r.PruneAfter, r.PruneMargin, o.seed, o.worlds, o.plies, o.endBag, o.pruneAfter, o.pruneMargin)
		}
		if r.Line < 1 || r.Line > len(set) || set[r.Line-1].ID != r.Gamestate {
			return usageErr("%s: line %d is not of this set's position (the set changed?)", *out, r.Line)
		}
		have[r.Line] = true
	}
	if *stride < 1 {
		return usageErr("-stride %d: want 1 or more", *stride)
	}
	var todo []setLine
	for start := 0; start < *stride; start++ {
		for i := start; i < len(set); i += *stride {
			s := set[i]
			if !have[s.Line] && (s.Line-1)%sn == si-1 && (only == nil || only[s.Line]) && (*maxBag < 0 || s.Pos.BagCount <= *maxBag) {
				todo = append(todo, s)
			}
		}
	}
	how := fmt.Sprintf("%d candidates × %d worlds, %d plies, seed %d", o.candidates, o.worlds, o.plies, o.seed)
	if len(todo) > 0 && todo[0].Pos.BagCount <= o.exactBag {
		how = fmt.Sprintf("%d candidates solved within %d nodes each", o.candidates, o.nodes)
	}
	fmt.Fprintf(os.Stderr, "reference: %d positions to do (%d done in %s), %s, %d threads, started %s\n",
		len(todo), len(have), *out, how, o.threads, time.Now().UTC().Format(time.RFC3339))
	if len(todo) == 0 {
		return nil
	}
	if *worldsDir != "" {
		if err := os.MkdirAll(*worldsDir, 0o755); err != nil {
			return err
		}
	}
	k, err := late.Open(*idx)
	if err != nil {
		return err
	}
	defer k.Close()
	start := time.Now()
	for n, s := range todo {
		t0 := time.Now()
		if s.Pos.BagCount <= o.exactBag {
			if err := writeSolved(f, k, s, o, n, len(todo), t0, start); err != nil {
				return fmt.Errorf("line %d: %w", s.Line, err)
			}
			continue
		}
		cands, err := referenceCandidates(k, s.Pos, o.candidates)
		if err != nil {
			return fmt.Errorf("line %d: %w", s.Line, err)
		}
		vals, err := referenceValues(k, s.Pos, moves(cands), o)
		if err != nil {
			return fmt.Errorf("line %d: %w", s.Line, err)
		}
		rp, err := summarize(s, cands, vals, o)
		if err != nil {
			return fmt.Errorf("line %d: %w", s.Line, err)
		}
		b, err := json.Marshal(rp)
		if err != nil {
			return err
		}
		if *worldsDir != "" {
			if err := writeWorlds(filepath.Join(*worldsDir, fmt.Sprintf("%03d.f32", s.Line)), vals); err != nil {
				return err
			}
		}
		// One write a line, appended: shards sharing the file never
		// interleave within a line, and a cut run loses one line at most.
		if _, err := f.Write(append(b, '\n')); err != nil {
			return err
		}
		el := time.Since(start)
		fmt.Fprintf(os.Stderr, "reference: line %d done in %.1f s (%d candidates, best %s, %+.1f over the static best); %d/%d, %.0f s so far, load %s, %s\n",
			s.Line, time.Since(t0).Seconds(), len(cands), rp.Best, 0-rp.find(staticBestKey(rp)).Diff, n+1, len(todo), el.Seconds(), host.LoadAverage(), time.Now().UTC().Format("15:04:05"))
	}
	return nil
}

// writeSolved appends the solved reference of an endgame (solved.go), or
// a line saying it was not proven within the node budget.
func writeSolved(f *os.File, k *late.Kit, s setLine, o refOptions, n, todo int, t0, start time.Time) error {
	rp, err := solvedReference(k, s, o)
	if err != nil {
		return err
	}
	how := fmt.Sprintf("%d candidates, best %s", len(rp.Cands), rp.Best)
	if rp.Unproven {
		how = "not proven: left out"
	}
	b, err := json.Marshal(rp)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "reference: line %d solved in %.1f s (%s); %d/%d, %.0f s so far, load %s, %s\n",
		s.Line, time.Since(t0).Seconds(), how, n+1, todo, time.Since(start).Seconds(), host.LoadAverage(), time.Now().UTC().Format("15:04:05"))
	return nil
}

func staticBestKey(r refPosition) string {
	for _, c := range r.Cands {
		if c.StaticRank == 0 {
			return c.Key
		}
	}
	return r.Best
}

// referenceCandidates is the static search's n best moves of p by the
// sim policy's valuation, exchanges included, and the best exchange when
// none of them is one (the bag allowing): the candidates a simulation of
// the sim policy would choose from, and many more.
func referenceCandidates(k *late.Kit, p *position.Position, n int) ([]player.Candidate, error) {
	pl := k.Shared.Equity(k.Gen, k.Table)
	pl.Top = n + 200 // room for the best exchange below the n
	ch := pl.Choose(context.Background(), p)
	out := slices.Clone(ch.Top[:min(n, len(ch.Top))])
	if !slices.ContainsFunc(out, func(c player.Candidate) bool { return c.Move.Kind == move.Exchange }) {
		for _, c := range ch.Top[min(n, len(ch.Top)):] {
			if c.Move.Kind == move.Exchange {
				out = append(out, c)
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no candidate")
	}
	return out, nil
}

// simulator is the reference's: the sim policy's valuation and plies, one
// world a simulation.
func simulator(k *late.Kit, o refOptions, w int) *montecarlo.Simulator {
	return &montecarlo.Simulator{Gen: k.Gen, Equity: equity.ScoreAndLeave{Table: k.Table}, Plies: o.plies,
		EndgameBag: o.endBag, Threads: 1, MaxIterations: 1, Seed: worldSeed(o.seed, w)}
}

// referenceValues is worldValues for the reference: every candidate in
// the first pruneAfter worlds, then only those not clearly behind the best
// so far, the static best always first (the world's shared search of the
// opponent's replies is made for the first candidate, so keeping it first
// keeps every candidate's figures what they would be with all of them).
// A dropped candidate's later worlds are NaN.
func referenceValues(k *late.Kit, p *position.Position, cands []move.Move, o refOptions) ([][]float64, error) {
	if o.pruneAfter == 0 {
		return worldValues(k, p, cands, o, 0, o.worlds)
	}
	first, err := worldValues(k, p, cands, o, 0, o.pruneAfter)
	if err != nil {
		return nil, err
	}
	best := 0
	for i := range cands {
		if mean(column(first, i)) > mean(column(first, best)) {
			best = i
		}
	}
	kept := []int{0}
	for i := 1; i < len(cands); i++ {
		d := make([]float64, len(first))
		for w := range first {
			d[w] = first[w][i] - first[w][best]
		}
		if mean(d) >= -max(o.pruneMargin, 4*stdErr(d)) {
			kept = append(kept, i)
		}
	}
	var ms []move.Move
	for _, i := range kept {
		ms = append(ms, cands[i])
	}
	rest, err := worldValues(k, p, ms, o, o.pruneAfter, o.worlds)
	if err != nil {
		return nil, err
	}
	for _, v := range rest {
		row := make([]float64, len(cands))
		for i := range row {
			row[i] = math.NaN()
		}
		for j, i := range kept {
			row[i] = v[j]
		}
		first = append(first, row)
	}
	return first, nil
}

// worldValues plays every candidate out in each world from..to-1 (world w
// dealt from worldSeed(seed, w)) and returns the points of candidate i in
// world from+j at [j][i]. Each world is a simulation of its own, so a
// candidate valued later (extra.go) meets the very same worlds.
func worldValues(k *late.Kit, p *position.Position, cands []move.Move, o refOptions, from, to int) ([][]float64, error) {
	vals := make([][]float64, to-from)
	var next atomic.Int64
	next.Store(int64(from))
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for range o.threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				w := int(next.Add(1) - 1)
				if w >= to {
					return
				}
				rep, err := simulator(k, o, w).Simulate(context.Background(), p, cands)
				if err == nil && rep.Iterations != 1 {
					err = fmt.Errorf("world %d: %d iterations, want 1", w, rep.Iterations)
				}
				if err != nil {
					mu.Lock()
					first = err
					mu.Unlock()
					next.Store(int64(to))
					return
				}
				v := make([]float64, len(cands))
				for i, r := range rep.Results {
					v[i] = r.Equity
				}
				vals[w-from] = v
			}
		}()
	}
	wg.Wait()
	return vals, first
}

// summarize turns the per-world points into the position's reference.
func summarize(s setLine, cands []player.Candidate, vals [][]float64, o refOptions) (refPosition, error) {
	p := s.Pos
	unseen, err := montecarlo.Unseen(p)
	if err != nil {
		return refPosition{}, err
	}
	rp := refPosition{Line: s.Line, Gamestate: s.ID, Seed: o.seed, Worlds: o.worlds, Plies: o.plies,
		PruneAfter: o.pruneAfter, PruneMargin: o.pruneMargin,
		Bag: p.BagCount, Unseen: len(unseen), Spread: p.MyScore - p.OppScore}
	if o.endBag != refEndBag {
		rp.EndBag = o.endBag
	}
	means := make([]float64, len(cands))
	for i := range cands {
		means[i] = mean(column(vals, i))
	}
	// The best is the best of those that played every world.
	best := 0
	for i := range means {
		if len(column(vals, i)) == len(vals) && means[i] > means[best] {
			best = i
		}
	}

	for i, cand := range cands {
		v := column(vals, i)
		c, err := candidateFigures(cand.Move, p, v, column(vals, best)[:len(v)])
		if err != nil {
			return refPosition{}, err
		}
		c.StaticRank, c.Static = i, math.Round(cand.Equity*1000)/1000
		rp.Cands = append(rp.Cands, c)
	}
	rp.Best = rp.Cands[best].Key
	sort.SliceStable(rp.Cands, func(a, b int) bool {
		if (rp.Cands[a].Key == rp.Best) != (rp.Cands[b].Key == rp.Best) {
			return rp.Cands[a].Key == rp.Best
		}
		return rp.Cands[a].Mean > rp.Cands[b].Mean
	})
	return rp, nil
}

// candidateFigures is one candidate's figures from its points in each
// world, and the reference best's in the same worlds.
func candidateFigures(m move.Move, p *position.Position, v, best []float64) (refCandidate, error) {
	enc, err := gamestate.EncodeMove(m, p.Board.Size)
	if err != nil {
		return refCandidate{}, err
	}
	spread := float64(p.MyScore - p.OppScore)
	c := refCandidate{Move: enc, Key: m.Key(), Score: m.Score, Worlds: len(v)}
	c.Mean, c.SE = mean(v), stdErr(v)
	d := make([]float64, len(v))
	margins := make([]float64, len(v))
	wins := 0.0
	for w := range v {
		d[w] = v[w] - best[w]
		margins[w] = spread + v[w]
		switch {
		case margins[w] > 0:
			wins++
		case margins[w] == 0:
			wins += 0.5
		}
	}
	c.Diff, c.DiffSE = mean(d), stdErr(d)
	c.Margin = mean(margins)
	c.MarginSD = stdErr(margins) * math.Sqrt(float64(len(margins)))
	c.Win = wins / float64(len(v))
	c.Q = quantiles(margins, 9)
	for _, x := range []*float64{&c.Mean, &c.SE, &c.Diff, &c.DiffSE, &c.Margin, &c.MarginSD, &c.Win} {
		*x = round3(*x)
	}
	return c, nil
}

func moves(cands []player.Candidate) []move.Move {
	out := make([]move.Move, len(cands))
	for i, c := range cands {
		out[i] = c.Move
	}
	return out
}

// round3 rounds to a thousandth: far below any difference the reference
// can tell, and a third of the file.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// column is candidate i's points world by world, up to the first world it
// did not play (NaN: dropped by the pruning).
func column(vals [][]float64, i int) []float64 {
	out := make([]float64, 0, len(vals))
	for w := range vals {
		if math.IsNaN(vals[w][i]) {
			break
		}
		out = append(out, vals[w][i])
	}
	return out
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// stdErr is the standard error of xs's mean (0 for fewer than 2).
func stdErr(xs []float64) float64 {
	n := float64(len(xs))
	if n < 2 {
		return 0
	}
	m := mean(xs)
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return math.Sqrt(ss / (n - 1) / n)
}

// quantiles returns the k quantiles of xs at 1/(k+1), ..., k/(k+1)
// (linear between order statistics), rounded to a tenth.
func quantiles(xs []float64, k int) []float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	out := make([]float64, k)
	for j := range out {
		pos := float64(j+1) / float64(k+1) * float64(len(s)-1)
		lo := int(pos)
		hi := min(lo+1, len(s)-1)
		q := s[lo] + (s[hi]-s[lo])*(pos-float64(lo))
		out[j] = math.Round(q*10) / 10
	}
	return out
}

// writeWorlds writes vals as little-endian float32, world by world.
func writeWorlds(path string, vals [][]float64) error {
	var b []byte
	for _, v := range vals {
		for _, x := range v {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(x)))
		}
	}
	return os.WriteFile(path, b, 0o644)
}

func parseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, e1 := strconv.Atoi(a)
	n, e2 := strconv.Atoi(b)
	if !ok || e1 != nil || e2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, usageErr("-shard %q: want I/N with 1 ≤ I ≤ N", s)
	}
	return i, n, nil
}

// parseLines reads a list of line numbers and ranges ("1-20,31") of a set
// of n positions; "" is nil, every line.
func parseLines(s string, n int) (map[int]bool, error) {
	if s == "" {
		return nil, nil
	}
	out := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		a, b, isRange := strings.Cut(part, "-")
		lo, e1 := strconv.Atoi(a)
		hi, e2 := lo, error(nil)
		if isRange {
			hi, e2 = strconv.Atoi(b)
		}
		if e1 != nil || e2 != nil || lo < 1 || hi < lo {
			return nil, usageErr("-lines %q: want line numbers and ranges like 1-20,31", s)
		}
		// Bounded by the set, before the loop: a range of a billion lines
		// filled memory for minutes, all of them lines no set has.
		if hi > n {
			return nil, usageErr("-lines %q: line %d is past the set's %d positions", s, hi, n)
		}
		for l := lo; l <= hi; l++ {
			out[l] = true
		}
	}
	return out, nil
}
