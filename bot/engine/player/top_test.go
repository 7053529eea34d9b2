package player

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
)

// The top list keeps the keep best candidates by equity, the first offered
// first among equals: exactly the first keep of the plays offered, sorted
// stably by equity. Equities are drawn from a few values, so ties at the
// cut are the rule.
func TestTopKeepsTheBest(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 300; trial++ {
		keep := 1 + r.IntN(12)
		c := &collector{top: newTop(keep)}
		nPlays := 1 + r.IntN(40)
		equity := make([]float64, nPlays)
		for i := range equity {
			equity[i] = float64(r.IntN(6))
		}
		var offered []int // plays, in the order offered
		for _, i := range r.Perm(nPlays) {
			m := play("AB", i, 0)
			c.offer(&m, equity[i], tile.Rack{})
			offered = append(offered, i)
		}
		want := slices.Clone(offered)
		slices.SortStableFunc(want, func(a, b int) int {
			switch {
			case equity[a] > equity[b]:
				return -1
			case equity[a] < equity[b]:
				return 1
			}
			return 0
		})
		want = want[:min(keep, len(want))]
		got := c.top.Best()
		if len(got) != len(want) {
			t.Fatalf("trial %d: kept %d, want %d", trial, len(got), len(want))
		}
		for k, i := range want {
			exp := play("AB", i, 0)
			if !samePlay(&got[k].Move, &exp) || got[k].Equity != equity[i] {
				t.Fatalf("trial %d: candidate %d is %v (%v), want play %d (%v)", trial, k+1, got[k].Move, got[k].Equity, i, equity[i])
			}
		}
	}
}

// A play that enters a full top list takes the storage of the one it
// evicts: the list allocates while it fills, not after.
func TestTopFullListReusesStorage(t *testing.T) {
	c := &collector{top: newTop(3)}
	for i := range 3 {
		m := play("ABCDEFG", 0, 0)
		c.offer(&m, float64(i), tile.Rack{})
	}
	eq := 10.0
	ms := []move.Move{play("ABC", 0, 0), play("ABD", 0, 0)}
	i := 0
	if n := testing.AllocsPerRun(100, func() {
		eq++
		i++
		c.offer(&ms[i%2], eq, tile.Rack{})
	}); n != 0 {
		t.Errorf("a play entering a full list allocates %v times", n)
	}
}
