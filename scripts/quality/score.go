package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/lexico/lexico/internal/atomicfile"
)

// rated is one answer rated against the reference.
type rated struct {
	line int
	// loss is the reference's best's mean points less the chosen move's
	// (0 when it chose the best), ahead the same in the share of worlds
	// ahead at the horizon; best is set when it chose the reference's best.
	loss, ahead float64
	best        bool
	elapsedMS   float64
	budgetMS    float64
	load        float64
}

// run is one policy at one budget: its rated answers, and those that
// could not be rated.
type run struct {
	name     string
	answers  map[int]rated
	unvalued int // a move neither the reference nor the extra file values
	illegal  int
	noRef    int // a line the reference has not done yet
	unproven int // an endgame the reference's solver did not prove
}

func scoreMain(args []string) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	in := fs.String("in", "data/quality/positions.jsonl", "the position set `FILE`")
	refPath := fs.String("ref", "data/quality/reference.jsonl", "the reference `FILE`")
	extraPath := fs.String("extra", "data/quality/extra.jsonl", "the extra moves' `FILE` (quality extra)")
	out := fs.String("out", "", "write the markdown report to `FILE` (default: stdout)")
	pairs := fs.String("pairs", "sim:magpie-sim,equity:magpie-static", "paired differences `A:B,...`: policies at each budget they share, or runs named in full (sim@1000ms:sim@1000ms/repeat)")
	command := fs.String("command", "", "the `COMMAND` that made the answers, quoted in the report")
	if err := fs.Parse(args); err != nil {
		return usageErr("%v", err)
	}
	if fs.NArg() == 0 {
		return usageErr("give the answers FILEs of bench to score")
	}
	set, err := readSet(*in)
	if err != nil {
		return err
	}
	refs, err := readReference(*refPath, set)
	if err != nil {
		return err
	}
	extras, _, _, err := readJSONLines[extraMove](*extraPath)
	if err != nil {
		return err
	}
	var choices []choice
	for _, path := range fs.Args() {
		cs, err := readAnswers(path)
		if err != nil {
			return err
		}
		if err := ofSet(path, set, cs); err != nil {
			return err
		}
		choices = append(choices, cs...)
	}
	runs, err := rate(set, refs, extras, choices)
	if err != nil {
		return err
	}
	var pairList [][2]string
	for _, p := range strings.Split(*pairs, ",") {
		if p == "" {
			continue
		}
		a, b, ok := strings.Cut(p, ":")
		if !ok {
			return usageErr("-pairs %q: want A:B,...", *pairs)
		}
		pairList = append(pairList, [2]string{a, b})
	}
	var sb strings.Builder
	report(&sb, *in, *refPath, set, refs, runs, pairList, *command, fs.Args())
	if *out == "" {
		fmt.Print(sb.String())
		return nil
	}
	return atomicfile.WriteFile(*out, []byte(sb.String()), 0o644)
}

// rate rates each answer against the reference (or the extra moves),
// grouped by policy and budget ("sim@1000ms").
func rate(set []setLine, refs map[int]*refPosition, extras []extraMove, choices []choice) (map[string]*run, error) {
	extra := map[string]*extraMove{}
	for i := range extras {
		extra[fmt.Sprintf("%d %s", extras[i].Line, extras[i].Key)] = &extras[i]
	}
	bests := exactBests(refs, extras)
	runs := map[string]*run{}
	for _, c := range choices {
		name := fmt.Sprintf("%s@%dms", c.Policy, c.BudgetMS)
		if c.Label != "" {
			name += "/" + c.Label
		}
		r := runs[name]
		if r == nil {
			r = &run{name: name, answers: map[int]rated{}}
			runs[name] = r
		}
		ref := refs[c.Line]
		if ref == nil {
			r.noRef++
			continue
		}
		if ref.Unproven {
			r.unproven++
			continue
		}
		if c.Line < 1 || c.Line > len(set) {
			return nil, usageErr("%s: line %d is not in the set", name, c.Line)
		}
		key, _, err := moveKey(c.Move, set[c.Line-1].Pos.Board.Size)
		if err != nil {
			return nil, usageErr("%s, line %d: the move %s: %v", name, c.Line, c.Move, err)
		}
		cand := ref.find(key)
		if cand == nil {
			if e := extra[fmt.Sprintf("%d %s", c.Line, key)]; e != nil {
				if e.Illegal != "" {
					r.illegal++
					continue
				}
				cand = &e.refCandidate
			}
		}
		if cand == nil {
			r.unvalued++
			continue
		}
		b := bests[c.Line]
		rt := rated{line: c.Line, loss: b.diff - cand.Diff, ahead: b.win - cand.Win, best: key == b.key,
			elapsedMS: c.ElapsedMS, budgetMS: float64(c.BudgetMS), load: firstLoad(c.Load)}
		r.answers[c.Line] = rt
	}
	return runs, nil
}

// mark is what a position's answers are rated against: the key of its
// best move, that move's Diff (0 for the reference's best) and the most
// of any candidate's share of worlds ahead that counts (aheadBest).
type mark struct {
	key       string
	diff, win float64
}

// exactBests gives each position the best it is rated against. Where the
// reference simulated, that is the reference's own best: a move valued
// later (quality extra) in the same worlds is not let raise it, since the
// most of noisy means grows with the number of moves looked at, and an
// answer would then be charged for the noise of the others' moves. Where
// the reference solved its candidates exactly (the endgame, the last tile),
// a move valued later is as exact as they are, and the best of all moves
// valued is the best known: without it a policy that finds a better move
// than the reference's short list would be rated below zero, which says
// only that the list was too short. The paired differences do not depend
// on the choice, the best being the same for every policy.
func exactBests(refs map[int]*refPosition, extras []extraMove) map[int]mark {
	bests := make(map[int]mark, len(refs))
	for line, r := range refs {
		if r.Unproven {
			continue
		}
		bests[line] = mark{key: r.Best, win: r.aheadBest()}
	}
	for _, e := range extras {
		r, ok := refs[e.Line]
		if !ok || r.Unproven || !r.Solved || e.Illegal != "" {
			continue
		}
		b := bests[e.Line]
		if e.Diff > b.diff {
			b.key, b.diff = e.Key, e.Diff
		}
		b.win = max(b.win, e.Win)
		bests[e.Line] = b
	}
	return bests
}

func firstLoad(s string) float64 {
	var x float64
	fmt.Sscan(s, &x)
	return x
}

// interval is a mean and its 95% interval (normal, from the standard
// error: the samples are a few hundred).
type interval struct {
	n          int
	mean, half float64
}

func meanInterval(xs []float64) interval {
	if len(xs) == 0 {
		return interval{}
	}
	se := 0.0
	if len(xs) > 1 {
		se = stdErr(xs)
	}
	return interval{n: len(xs), mean: mean(xs), half: 1.96 * se}
}

func (iv interval) String() string {
	return fmt.Sprintf("%.2f [%.2f, %.2f]", iv.mean, iv.mean-iv.half, iv.mean+iv.half)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// report writes the markdown report.
func report(w io.Writer, in, refPath string, set []setLine, refs map[int]*refPosition, runs map[string]*run, pairs [][2]string, command string, files []string) {
	var any *refPosition
	unproven := 0
	bags, deals := span{lo: math.MaxInt, hi: -1}, span{lo: math.MaxInt, hi: -1}
	for _, r := range refs {
		bags = bags.with(r.Bag)
		if r.Unproven {
			unproven++
			continue
		}
		deals = deals.with(r.Worlds)
		if any == nil || r.Line < any.Line {
			any = r
		}
	}
	fmt.Fprintf(w, "# Decision quality against the reference\n\n")
	fmt.Fprintf(w, "Generated by `quality score` (scripts/quality) on %s (docs/quality.md). Answers: %s.\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), strings.Join(files, ", "))
	if command != "" {
		fmt.Fprintf(w, "Made by `%s`.\n", command)
	}
	if any == nil {
		fmt.Fprintf(w, "\nThe reference (%s) values none of the set's %d positions.\n", refPath, len(set))
		return
	}
	describeSet(w, in, refPath, len(set), len(refs)-unproven, unproven, any, bags, deals)
	fmt.Fprintf(w, "Intervals are 95%%, over positions.\n\n")
	names := make([]string, 0, len(runs))
	for n := range runs {
		names = append(names, n)
	}
	sort.Strings(names)
	quick := "for a simulation, the static move: its clock left it no time to simulate"
	if any.Solved {
		quick = "with the bag empty, mostly an endgame our solver proved at once"
	}
	fmt.Fprintf(w, "Think: the time from sending the gamestate to reading the move; quick: answers in under a quarter of the budget "+
		"(%s); over: answers after the budget.\n\n", quick)
	fmt.Fprintf(w, "| policy@budget | positions | mean loss (points) | best chosen | loss in ahead (pp) | median think | quick, over | load (median) | not rated |\n")
	fmt.Fprintf(w, "| --- | ---: | --- | ---: | --- | ---: | ---: | ---: | --- |\n")
	for _, n := range names {
		r := runs[n]
		var loss, ahead, el, load []float64
		bests, quick, over := 0, 0, 0
		for _, a := range r.answers {
			loss, ahead = append(loss, a.loss), append(ahead, 100*a.ahead)
			el, load = append(el, a.elapsedMS), append(load, a.load)
			if a.best {
				bests++
			}
			if a.elapsedMS < a.budgetMS/4 {
				quick++
			}
			if a.elapsedMS > a.budgetMS {
				over++
			}
		}
		nr := fmt.Sprintf("%d unvalued, %d illegal, %d no reference yet", r.unvalued, r.illegal, r.noRef)
		if r.unproven > 0 {
			nr += fmt.Sprintf(", %d unproven", r.unproven)
		}
		if len(loss) == 0 {
			fmt.Fprintf(w, "| %s | 0 | | | | | | | %s |\n", n, nr)
			continue
		}
		fmt.Fprintf(w, "| %s | %d | %s | %.1f%% | %s | %.0f ms | %d, %d | %.1f | %s |\n", n, len(loss), meanInterval(loss), 100*float64(bests)/float64(len(loss)),
			meanInterval(ahead), median(el), quick, over, median(load), nr)
	}
	if len(pairs) > 0 {
		fmt.Fprintf(w, "\nPaired differences, position by position (A's loss less B's: below 0, A chose better):\n\n")
		fmt.Fprintf(w, "| A − B | positions | loss difference (points) | ahead difference (pp) |\n| --- | ---: | --- | --- |\n")
		pairRow := func(a, b *run) {
			var d, da []float64
			for line, x := range a.answers {
				if y, ok := b.answers[line]; ok {
					d, da = append(d, x.loss-y.loss), append(da, 100*(x.ahead-y.ahead))
				}
			}
			if len(d) > 0 {
				fmt.Fprintf(w, "| %s − %s | %d | %s | %s |\n", a.name, b.name, len(d), meanInterval(d), meanInterval(da))
			}
		}
		for _, p := range pairs {
			if strings.Contains(p[0], "@") {
				if a, b := runs[p[0]], runs[p[1]]; a != nil && b != nil {
					pairRow(a, b)
				}
				continue
			}
			for _, n := range names {
				a := runs[n]
				pol, budget, _ := strings.Cut(n, "@")
				if pol != p[0] {
					continue
				}
				if b := runs[p[1]+"@"+budget]; b != nil { // budget holds the label, if any
					pairRow(a, b)
				}
			}
		}
	}
}

// span is the range of a count over the reference's positions (the tiles
// in the bag, the deals solved), for the report's words.
type span struct{ lo, hi int }

func (s span) with(n int) span { return span{lo: min(s.lo, n), hi: max(s.hi, n)} }

func (s span) String() string {
	if s.lo == s.hi {
		return fmt.Sprint(s.lo)
	}
	return fmt.Sprintf("%d to %d", s.lo, s.hi)
}

// describeSet writes what the set and its reference are, and what the
// loss and ahead columns measure there: any is one of the reference's
// valued positions (the set's kind), covered of them valued, unproven left
// out; bags and deals are the range of the tiles in the bag over the
// positions the reference covers and of the deals solved in those proven.
func describeSet(w io.Writer, in, refPath string, positions, covered, unproven int, any *refPosition, bags, deals span) {
	if any.Solved && any.Bag > 0 {
		fmt.Fprintf(w, "\nThe set: %d positions (%s); the reference covers %d of them, those with %s tiles in the bag: "+
			"each position's candidates valued exactly by the endgame solver in each deal of the unseen tiles (the bag's, the opponent's rack; %s deals, each as likely), "+
			"proven within %d positions searched a solve (%s); %d positions it did not prove are left out. "+
			"After a move that leaves tiles in the bag the solve lets the opponent know their order.\n\n", positions, in, covered, bags, deals, any.SolveNodes, refPath, unproven)
		fmt.Fprintf(w, "Loss: the best move's mean final margin over the deals less the chosen move's, both sides playing best after it (0 when the best is chosen); "+
			"the best of the reference's candidates and of the answers valued later as exactly (`quality extra`). "+
			"Ahead: the most winning move's share of deals won less the chosen move's, in percentage points. ")
		return
	}
	if any.Solved {
		fmt.Fprintf(w, "\nThe set: %d endgame positions, the bag empty (%s); the reference covers %d of them: "+
			"each position's candidates valued exactly by the endgame solver, proven within %d positions searched a solve (%s); "+
			"%d positions it did not prove are left out.\n\n", positions, in, covered, any.SolveNodes, refPath, unproven)
		fmt.Fprintf(w, "Loss: the best move's final margin less the chosen move's, both sides playing best after it (0 when a best move is chosen); "+
			"the best of the reference's candidates and of the answers valued later as exactly (`quality extra`). "+
			"Ahead: the same in wins (1 a win, ½ a tie), in percentage points: 100 when the chosen move throws away a won game. ")
		return
	}
	stage, horizon := "middle-game", fmt.Sprintf("%d plies", any.Plies)
	switch {
	case any.Bag <= preMaxBag:
		stage, horizon = "pre-endgame", "to the game's end"
	case any.Bag <= lateMaxBag:
		stage = "late-game"
		if any.toEnd() {
			horizon = "to the game's end"
		}
	}
	fmt.Fprintf(w, "\nThe set: %d %s positions (%s); the reference covers %d of them: "+
		"each position's candidates played out in %d worlds, %s, seed %d", positions, stage, in, covered, any.Worlds, horizon, any.Seed)
	if any.PruneAfter > 0 {
		fmt.Fprintf(w, ", those more than %g points behind the best after %d worlds in those %d only", any.PruneMargin, any.PruneAfter, any.PruneAfter)
	}
	fmt.Fprintf(w, " (%s).\n\n", refPath)
	fmt.Fprintf(w, "Loss: the reference's best's mean points less the chosen move's, in the same worlds (0 when the best is chosen). ")
	if any.toEnd() {
		fmt.Fprintf(w, "Ahead: the most winning candidate's win rate less the chosen move's, in percentage points "+
			"(every world is played to the game's end, so the share of worlds ahead is the win rate, which the sim policy ranks by there). ")
	} else {
		fmt.Fprintf(w, "Ahead: the same in the share of worlds where the mover leads at the horizon, in percentage points "+
			"(a stand-in for win probability until a table of P(win | lead, tiles unseen) values the stored quantiles). ")
	}
}
