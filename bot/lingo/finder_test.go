package lingo

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/tile"
)

// bruteForce judges every placement of one tile, every pair of tiles, and
// (when place is 3) every three tiles in a line, on every square
// of the window with every letter of the pool: the legal moves, keyed, and
// the best score.
func bruteForce(b *Board, pool tile.Rack, lex *Lexicon, o Options) (map[string]int, int) {
	var squares [][2]int
	b.eachCell(func(r, c int) { squares = append(squares, [2]int{r, c}) })
	letters := pool.Tiles()
	legal := map[string]int{}
	best := -1
	try := func(m Move) {
		if res, err := Judge(b, pool, m, lex, o); err == nil {
			legal[moveKey(m)] = res.Score
			best = max(best, res.Score)
		}
	}
	// Every assignment of distinct pool tiles (by position in letters) to
	// the squares.
	var assign func(sqs [][2]int, used []bool, m Move)
	assign = func(sqs [][2]int, used []bool, m Move) {
		if len(m.Tiles) == len(sqs) {
			try(m)
			return
		}
		sq := sqs[len(m.Tiles)]
		for i, l := range letters {
			if used[i] || (i > 0 && letters[i-1] == l && !used[i-1]) {
				continue // the same letter from another tile of the pool
			}
			used[i] = true
			assign(sqs, used, Move{Tiles: append(m.Tiles, Placement{Row: sq[0], Col: sq[1], Letter: l})})
			used[i] = false
		}
	}
	used := make([]bool, len(letters))
	for i, a := range squares {
		assign([][2]int{a}, used, Move{})
		if o.Place < 2 {
			continue
		}
		for j := i + 1; j < len(squares); j++ {
			assign([][2]int{a, squares[j]}, used, Move{})
			if o.Place < 3 {
				continue
			}
			for k := j + 1; k < len(squares); k++ {
				c := squares[k]
				if _, _, _, ok := line(b, Move{Tiles: []Placement{{Row: a[0], Col: a[1]}, {Row: squares[j][0], Col: squares[j][1]}, {Row: c[0], Col: c[1]}}}); ok {
					assign([][2]int{a, squares[j], c}, used, Move{})
				}
			}
		}
	}
	return legal, best
}

// moveKey names a move by its tiles, whatever their order.
func moveKey(m Move) string {
	set := map[string]bool{}
	for _, p := range m.Tiles {
		set[fmt.Sprintf("%d,%d%c", p.Row, p.Col, p.Letter)] = true
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	return fmt.Sprint(keys)
}

// TestFinderFindsEveryLegalMove compares the finder with brute force on
// the positions of real games: the same legal moves, the same scores, and
// the best score.
func TestFinderFindsEveryLegalMove(t *testing.T) {
	short := shortList(t)
	for _, c := range []struct {
		name  string
		dict  Dictionary
		opts  Options
		seed  uint64
		turns int
	}{
		{"place 2", short, Options{Players: 2, Pool: 5, Place: 2}, 1, 12},
		{"place 2 with fragments", withFragments(short), Options{Players: 2, Pool: 5, Place: 2}, 2, 12},
		{"place 3 repeat no_twos", withFragments(short), Options{Players: 3, Pool: 5, Place: 3, Repeat: true, NoTwos: true}, 3, 6},
		{"place 1", short, Options{Players: 2, Pool: 4, Place: 1}, 4, 12},
		{"place 2 with the GADDAG", withGADDAG(short), Options{Players: 2, Pool: 5, Place: 2}, 5, 12},
		{"place 3 repeat with the GADDAG", withGADDAG(short), Options{Players: 2, Pool: 6, Place: 3, Repeat: true}, 6, 5},
		{"hex place 2", short, Options{Players: 2, Pool: 5, Place: 2, Hex: true}, 7, 8},
		{"hex place 3 with the GADDAG", withGADDAG(short), Options{Players: 3, Pool: 5, Place: 3, Hex: true, NoTwos: true}, 8, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			lex := NewLexicon(c.dict)
			g, err := NewGame(c.opts, names(c.opts.Players), c.seed, lex)
			if err != nil {
				t.Fatal(err)
			}
			f := NewFinder(lex, c.opts)
			for n := 0; n < c.turns && !g.Over; n++ {
				pool := g.Pool(g.ToMove)
				want, wantBest := bruteForce(&g.Board, pool, lex, c.opts)
				if _, ok := c.dict.(automatonWords); ok {
					// Judge with the GADDAG scores as Judge with the plain
					// word set does.
					plain, _ := bruteForce(&g.Board, pool, NewLexicon(short), c.opts)
					if !maps.Equal(plain, want) {
						t.Fatalf("turn %d: %d legal moves with the GADDAG, %d without, or scored differently", n+1, len(want), len(plain))
					}
				}
				got := map[string]int{}
				f.Each(&g.Board, pool, func(m Move, r Result) {
					k := moveKey(m)
					if _, dup := got[k]; dup {
						t.Errorf("turn %d: %s handed on twice", n+1, g.Board.Format(m))
					}
					got[k] = r.Score
				})
				multi := 0
				for k := range want {
					if strings.Contains(k, " ") {
						multi++
					}
				}
				t.Logf("turn %d: %d legal moves (%d of several tiles), best %d", n+1, len(want), multi, wantBest)
				for k, s := range want {
					if gs, ok := got[k]; !ok || gs != s {
						t.Errorf("turn %d, pool %s: legal move %s (%d) found %v scoring %d", n+1, pool.String(), k, s, ok, gs)
					}
				}
				for k := range got {
					if _, ok := want[k]; !ok {
						t.Errorf("turn %d: the finder's move %s is not legal", n+1, k)
					}
				}
				m, res, ok := f.Best(&g.Board, pool)
				if !ok || res.Score != wantBest {
					t.Fatalf("turn %d: best %v scores %d, brute force's best %d", n+1, ok, res.Score, wantBest)
				}
				if jr, err := Judge(&g.Board, pool, m, lex, c.opts); err != nil || Describe("bot", jr) != Describe("bot", res) {
					t.Errorf("turn %d: Best says %q, Judge %q (%v)", n+1, Describe("bot", res), Describe("bot", jr), err)
				}
				if _, err := g.Play(m); err != nil {
					t.Fatalf("turn %d: the best move %s: %v", n+1, g.Board.Format(m), err)
				}
			}
			if t.Failed() {
				var sb strings.Builder
				Render(&sb, &g.Board, Move{})
				t.Logf("last board:\n%s", sb.String())
			}
		})
	}
}

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("bot%d", i+1)
	}
	return out
}
