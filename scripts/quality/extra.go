package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/scripts/internal/late"
)

// extraMove is a chosen move the reference did not list, valued later in
// the reference's own worlds (its figures' Diff is against the
// reference's best, world by world), or refused as illegal.
type extraMove struct {
	Line int `json:"line"`
	refCandidate
	// Illegal says why the move is not legal in the position (the figures
	// are then empty): scored apart, never as a best or a worst move.
	Illegal string `json:"illegal,omitempty"`
}

func extraMain(args []string) error {
	fs := flag.NewFlagSet("extra", flag.ContinueOnError)
	in := fs.String("in", "data/quality/positions.jsonl", "the position set `FILE`")
	refPath := fs.String("ref", "data/quality/reference.jsonl", "the reference `FILE`")
	out := fs.String("out", "data/quality/extra.jsonl", "the extra moves' `FILE` (appended; moves already there are skipped)")
	threads := fs.Int("threads", 1, "goroutines `N` playing worlds at once (the figures do not depend on it)")
	idx := fs.String("index", "", "index `FILE` (default $LEXICO_INDEX, else the default index)")
	if err := fs.Parse(args); err != nil {
		return usageErr("%v", err)
	}
	if fs.NArg() == 0 {
		return usageErr("give the answers FILEs of bench whose moves to value")
	}
	if *threads < 1 {
		return usageErr("-threads %d: want 1 or more", *threads)
	}
	set, err := readSet(*in)
	if err != nil {
		return err
	}
	refs, err := readReference(*refPath, set)
	if err != nil {
		return err
	}
	extras, f, err := resume[extraMove](*out)
	if err != nil {
		return err
	}
	defer f.Close()
	known := map[string]bool{}
	for _, e := range extras {
		known[fmt.Sprintf("%d %s", e.Line, e.Key)] = true
	}
	// The moves to value, by line, in the order first met.
	todo := map[int][]chosen{}
	var lines []int
	for _, path := range fs.Args() {
		choices, err := readAnswers(path)
		if err != nil {
			return err
		}
		if err := ofSet(path, set, choices); err != nil {
			return err
		}
		for _, c := range choices {
			r := refs[c.Line]
			if r == nil || r.Unproven {
				continue
			}
			key, m, err := moveKey(c.Move, set[c.Line-1].Pos.Board.Size)
			if err != nil {
				return usageErr("%s: %s's move on line %d: %v", path, c.Policy, c.Line, err)
			}
			k := fmt.Sprintf("%d %s", c.Line, key)
			if r.find(key) != nil || known[k] {
				continue
			}
			known[k] = true
			if todo[c.Line] == nil {
				lines = append(lines, c.Line)
			}
			todo[c.Line] = append(todo[c.Line], chosen{c.Move, m})
		}
	}
	slices.Sort(lines)
	fmt.Fprintf(os.Stderr, "extra: %d positions with moves the reference lacks, started %s\n", len(lines), time.Now().UTC().Format(time.RFC3339))
	if len(lines) == 0 {
		return nil
	}
	k, err := late.Open(*idx)
	if err != nil {
		return err
	}
	defer k.Close()
	for _, line := range lines {
		t0 := time.Now()
		got, err := valueExtra(k, set[line-1], refs[line], todo[line], *threads)
		if err != nil {
			return fmt.Errorf("line %d: %w", line, err)
		}
		var b []byte
		for _, e := range got {
			j, err := json.Marshal(e)
			if err != nil {
				return err
			}
			b = append(append(b, j...), '\n')
		}
		if _, err := f.Write(b); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "extra: line %d, %d moves, %.1f s\n", line, len(got), time.Since(t0).Seconds())
	}
	return nil
}

// valueExtra values moves in the worlds of the reference r of position s.
// They are simulated after the reference's static best and beside its
// best, as the reference simulated them: the static best first (the
// world's shared search of the opponent's replies is made for the first
// candidate), so that both come out exactly as the reference has them,
// which proves the worlds the same.
func valueExtra(k *late.Kit, s setLine, r *refPosition, ms []chosen, threads int) ([]extraMove, error) {
	p := s.Pos
	if r.Solved {
		return solvedExtra(k, s, r, ms)
	}
	static0, best := r.find(staticBestKey(*r)), r.find(r.Best)
	pl := k.Shared.Equity(k.Gen, k.Table)
	pl.Top = max(static0.StaticRank, best.StaticRank) + 250
	top := pl.Choose(context.Background(), p).Top
	find := func(key string) (player.Candidate, error) {
		for _, c := range top {
			if c.Move.Key() == key {
				return c, nil
			}
		}
		return player.Candidate{}, fmt.Errorf("the reference's candidate %s is not among the static search's %d best: another leave table or index?", key, len(top))
	}
	anchors := []string{static0.Key}
	if best.Key != static0.Key {
		anchors = append(anchors, best.Key)
	}
	var cands []move.Move
	for _, key := range anchors {
		c, err := find(key)
		if err != nil {
			return nil, err
		}
		cands = append(cands, c.Move)
	}
	var out []extraMove
	var legal []move.Move
	for _, c := range ms {
		m, illegal := checkChosen(k, s, c)
		if illegal != nil {
			out = append(out, *illegal)
			continue
		}
		legal = append(legal, m)
	}
	if len(legal) == 0 {
		return out, nil
	}
	o := r.options(threads)
	vals, err := worldValues(k, p, append(cands, legal...), o, 0, r.Worlds)
	if err != nil {
		return nil, err
	}
	for i, key := range anchors {
		c := r.find(key)
		want, n := c.Mean, c.Worlds
		if n == 0 {
			n = r.Worlds
		}
		if got := round3(mean(column(vals, i)[:n])); math.Abs(got-want) > 1e-9 {
			return nil, fmt.Errorf("the reference's %s comes out at %.3f here, %.3f in the reference: not the same worlds (another build, leave table or index?)", key, got, want)
		}
	}
	bestCol := column(vals, len(anchors)-1)
	for i, m := range legal {
		c, err := candidateFigures(m, p, column(vals, len(anchors)+i), bestCol)
		if err != nil {
			return nil, err
		}
		out = append(out, asExtra(k, s, m, c))
	}
	return out, nil
}

// checkChosen checks a chosen move in s's position: the move with its
// score, or, when it is not legal there, the extra line that records why.
func checkChosen(k *late.Kit, s setLine, c chosen) (move.Move, *extraMove) {
	m := c.m
	res := rules.Check(s.Pos, m, k.Index)
	if !res.Legal {
		return m, &extraMove{Line: s.Line, refCandidate: refCandidate{Move: c.raw, Key: m.Key(), StaticRank: -1}, Illegal: res.Reason}
	}
	m.Score = res.Score
	return m, nil
}

// asExtra is the extra line of m, valued later at c: no place in the
// static ranking the reference simulated, and its static equity.
func asExtra(k *late.Kit, s setLine, m move.Move, c refCandidate) extraMove {
	c.StaticRank = -1
	if leave, ok := m.Leave(s.Pos.Rack); ok {
		c.Static = round3(equity.ScoreAndLeave{Table: k.Table}.Equity(&m, leave, s.Pos))
	}
	return extraMove{Line: s.Line, refCandidate: c}
}

// chosen is a move as a policy answered it, and parsed.
type chosen struct {
	raw json.RawMessage
	m   move.Move
}

// readReference reads the reference of set by line, refusing one made
// for another set.
func readReference(path string, set []setLine) (map[int]*refPosition, error) {
	rs, _, _, err := readJSONLines[refPosition](path)
	if err != nil {
		return nil, err
	}
	if len(rs) == 0 {
		return nil, usageErr("%s: no reference (run quality reference)", path)
	}
	out := map[int]*refPosition{}
	for i := range rs {
		r := &rs[i]
		if r.Line < 1 || r.Line > len(set) || set[r.Line-1].ID != r.Gamestate {
			return nil, usageErr("%s: line %d is not of this set's position (the set changed?)", path, r.Line)
		}
		if !r.Unproven && (len(r.Cands) == 0 || r.find(r.Best) == nil || r.find(staticBestKey(*r)) == nil) {
			return nil, usageErr("%s: line %d has no best or static best candidate", path, r.Line)
		}
		out[r.Line] = r
	}
	return out, nil
}
