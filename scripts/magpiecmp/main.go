// Command magpiecmp exports what MAGPIE (github.com/jvc56/MAGPIE, the C
// engine) needs to search the positions of our benchmark corpus as we do:
// the index's words, the shipped learned leave tables as CSV (MAGPIE's
// `convert csv2klv` input), and each position as a line of CGP with its
// blank class, middle-game flag, letter distribution and layout; and our
// best play by score and by equity on each, for the agreement check.
// scripts/magpiecmp/run.sh drives the whole comparison (README.md).
//
//	go run ./scripts/magpiecmp data/positions/corpus.jsonl OUTDIR
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/build"
)

func die(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

func create(path string) (*os.File, *bufio.Writer) {
	f, err := os.Create(path)
	if err != nil {
		die(err)
	}
	return f, bufio.NewWriter(f)
}

// cgpBoard: rows top first, '/' separated, runs of empties as numbers,
// blanks lower case.
func cgpBoard(b *board.Board) string {
	var sb strings.Builder
	for r := 0; r < b.Size; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		empty := 0
		for c := 0; c < b.Size; c++ {
			s := b.At(r, c)
			if s.Empty() {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprintf(&sb, "%d", empty)
				empty = 0
			}
			l := s.Letter
			if s.Blank {
				l = l - 'A' + 'a'
			}
			sb.WriteByte(l)
		}
		if empty > 0 {
			fmt.Fprintf(&sb, "%d", empty)
		}
	}
	return sb.String()
}

func moveString(m *move.Move) string {
	if m.Kind != move.Play || len(m.Tiles) == 0 {
		return fmt.Sprintf("kind%d", m.Kind)
	}
	var sb strings.Builder
	dir := "H"
	if len(m.Tiles) > 1 && m.Tiles[0].Col == m.Tiles[1].Col {
		dir = "V"
	}
	fmt.Fprintf(&sb, "r%dc%d%s:", m.Tiles[0].Row, m.Tiles[0].Col, dir)
	for _, p := range m.Tiles {
		l := p.Letter
		if p.Blank {
			l = l - 'A' + 'a'
		}
		fmt.Fprintf(&sb, "%c@%d,%d;", l, p.Row, p.Col)
	}
	return sb.String()
}

// blanksInPlay counts the blanks on p's board and rack.
func blanksInPlay(p *position.Position) int {
	n := p.Rack.Blanks()
	for _, sq := range p.Board.Squares {
		if !sq.Empty() && sq.Blank {
			n++
		}
	}
	return n
}

// magpieSymbols are MAGPIE's layout characters for our premiums.
var magpieSymbols = map[board.Premium]byte{board.NoPremium: ' ', board.DoubleLetter: '\'', board.TripleLetter: '"',
	board.DoubleWord: '-', board.TripleWord: '='}

// writeRules writes MAGPIE's letter distributions and layouts from our
// variants, so that both engines score alike: english (multipliers: 100
// tiles with 2 blanks), english_noblank (classic: 98), english4 (the
// multipliers letters with 4 blanks, for corpus positions holding more than
// 2), and the layouts standard15 (multipliers) and plain15 (classic).
func writeRules(out string) {
	for _, dir := range []string{"letterdistributions", "layouts"} {
		if err := os.MkdirAll(out+"/"+dir, 0o755); err != nil {
			die(err)
		}
	}
	ld := func(name string, v *variant.Variant, blanks int) {
		f, w := create(out + "/letterdistributions/" + name + ".csv")
		fmt.Fprintf(w, "?,?,%d,0,0\n", blanks)
		for l := byte('A'); l <= 'Z'; l++ {
			i := tile.Index(l)
			vowel := 0
			if equity.IsVowel(l) {
				vowel = 1
			}
			fmt.Fprintf(w, "%c,%c,%d,%d,%d\n", l, l-'A'+'a', v.Distribution[i], v.Values[i], vowel)
		}
		w.Flush()
		f.Close()
	}
	ld("english", variant.Multipliers, variant.Multipliers.Distribution[tile.BlankIndex])
	ld("english_noblank", variant.Classic, 0)
	ld("english4", variant.Multipliers, 4)
	layout := func(name string, v *variant.Variant) {
		f, w := create(out + "/layouts/" + name + ".txt")
		fmt.Fprintf(w, "%d,%d\n", v.StartRow, v.StartCol)
		for r := 0; r < v.Size; r++ {
			for c := 0; c < v.Size; c++ {
				w.WriteByte(magpieSymbols[v.Layout[r*v.Size+c]])
			}
			w.WriteByte('\n')
		}
		w.Flush()
		f.Close()
	}
	layout("standard15", variant.Multipliers)
	layout("plain15", variant.Classic)
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: magpiecmp CORPUS OUTDIR")
		os.Exit(2)
	}
	corpus, out := os.Args[1], os.Args[2]
	writeRules(out)
	idx, err := build.OpenIndex("", os.Stderr)
	if err != nil {
		die(err)
	}
	// 1. the word list, exactly the index's words
	f, w := create(out + "/words.txt")
	n := 0
	idx.Each(func(word string) bool { w.WriteString(word + "\n"); n++; return true })
	w.Flush()
	f.Close()
	fmt.Fprintf(os.Stderr, "words: %d\n", n)

	// 2. the learned leave tables the equity policy uses, per variant
	t, err := equity.DefaultTable()
	if err != nil {
		die(err)
	}
	t.ReadShipped()
	fmt.Fprintf(os.Stderr, "fade_bag=%v exchange_cost=%v\n", t.FadeBag, t.ExchangeCost)
	for _, v := range []*variant.Variant{variant.Multipliers, variant.Classic} {
		lt := t.LearnedFor(v)
		if lt == nil {
			die(fmt.Errorf("no learned table for %s", v.Name))
		}
		f, w := create(out + "/leaves-" + v.Name + ".csv")
		for r := 1; r < lt.Space.Len(); r++ {
			rk := lt.Space.Leave(r)
			val, ok := lt.Value(&rk)
			if !ok {
				die(fmt.Errorf("leave %s of %s's table has no value", rk.String(), v.Name))
			}
			fmt.Fprintf(w, "%s,%.2f\n", rk.String(), val)
		}
		w.Flush()
		f.Close()
		fmt.Fprintf(os.Stderr, "leaves %s: table variant %q, %d leaves\n", v.Name, lt.Variant, lt.Space.Len()-1)
	}

	// 3. positions and our best plays
	gen, err := strategy.New("gaddag", idx)
	if err != nil {
		die(err)
	}
	lv := equity.ScoreAndLeave{Table: t}
	data, err := os.ReadFile(corpus)
	if err != nil {
		die(err)
	}
	pf, pw := create(out + "/positions.txt")
	of, ow := create(out + "/ours.txt")
	fmt.Fprintln(ow, "# line blanks mid variant bag score_best_score plays board_tiles | eq_best_score eq_best_equity eq_best_leave_value eq_best_move")
	var all movegen.AllPlays
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		p, err := gamestate.ParseSynthetic([]byte(line))
		if err != nil {
			die(err)
		}
		blanks := min(p.Rack.Blanks(), 2)
		// as the benchmark's isMiddle (bot/engine/movegen/bench_strategies_test.go)
		mid := p.Board.TileCount() > 20 && p.BagCount >= p.Variant.RackSize
		vname := p.Variant.Name
		// check premiums are the standard layout's (the platform lists only
		// uncovered squares) or none at all
		prem := 0
		for r := 0; r < p.Board.Size; r++ {
			for c := 0; c < p.Board.Size; c++ {
				pr := p.Board.PremiumAt(r, c)
				if pr != board.NoPremium {
					prem++
					if pr != variant.StandardLayout[r*15+c] {
						die(fmt.Errorf("line %d: premium at %d,%d not standard", i+1, r, c))
					}
				}
			}
		}
		if prem > 0 {
			for r := 0; r < 15; r++ {
				for c := 0; c < 15; c++ {
					if p.Board.At(r, c).Empty() && p.Board.PremiumAt(r, c) != variant.StandardLayout[r*15+c] {
						die(fmt.Errorf("line %d: uncovered square %d,%d premium differs from standard", i+1, r, c))
					}
				}
			}
		}
		layout := "standard15"
		if prem == 0 {
			layout = "plain15"
		}
		ld := "english"
		switch {
		case vname == "classic":
			ld = "english_noblank"
		case blanksInPlay(p) > 2:
			// the corpus forces the rack's blanks, so some positions hold
			// more than the bag's two: MAGPIE refuses those under a
			// two-blank distribution
			ld = "english4"
		}
		rackStr := p.Rack.String()
		midInt := 0
		if mid {
			midInt = 1
		}
		fmt.Fprintf(pw, "%d %d %d %s %s %d %s %s\n", i+1, blanks, midInt, vname, ld+","+layout, p.BagCount, cgpBoard(p.Board), rackStr)

		// by score
		var best movegen.Best
		gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: 1, Record: best.Record})
		scoreBest := -1
		if best.Found {
			scoreBest = best.Move.Score
		}
		// every play, as the benchmark's all
		all.Reset()
		gen.Search(movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: all.Record})
		plays := len(all.Moves)
		// by equity, as the benchmark
		best = movegen.Best{}
		in := equity.ForVariant(lv, p.Variant)
		a := movegen.Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: 1, Record: best.Record}
		a.Leave = func(r tile.Rack) float64 { return in.LeaveValue(r, p) }
		a.Leaves = equity.SubLeaves(in, p)
		gen.Search(a)
		if !best.Found {
			fmt.Fprintf(ow, "%d %d %d %s %d %d %d %d | none\n", i+1, blanks, midInt, vname, p.BagCount, scoreBest, plays, p.Board.TileCount())
			continue
		}
		leave, _ := best.Move.Leave(p.Rack)
		lvv := in.LeaveValue(leave, p)
		fmt.Fprintf(ow, "%d %d %d %s %d %d %d %d | %d %.3f %.3f %s leave=%s\n", i+1, blanks, midInt, vname, p.BagCount, scoreBest, plays, p.Board.TileCount(),
			best.Move.Score, float64(best.Move.Score)+lvv, lvv, moveString(&best.Move), leave.String())
	}
	pw.Flush()
	pf.Close()
	ow.Flush()
	of.Close()
}
