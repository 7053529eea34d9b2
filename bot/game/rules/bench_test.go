package rules_test

import (
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
)

// A mid-game play forming a main word and three cross words (SPLINT down
// beside FOOL: IF, NO, TO), the shape the exhaustive generator asks about
// thousands of times per position.
func benchCase() (*position.Position, move.Move, rules.Dictionary) {
	p := pos(std, "SPLINTQ", line(3, 2, down, "FOOL"), line(8, 0, across, "RAVE"))
	return p, play(0, 1, down, "SPLINT"), dict("SPLINT", "IF", "NO", "TO")
}

func BenchmarkCheck(b *testing.B) {
	p, m, d := benchCase()
	if res := rules.Check(p, m, d); !res.Legal || len(res.Words) != 4 {
		b.Fatalf("benchmark move: %+v", res)
	}
	b.ReportAllocs()
	for b.Loop() {
		rules.Check(p, m, d)
	}
}

func BenchmarkScore(b *testing.B) {
	p, m, _ := benchCase()
	b.ReportAllocs()
	for b.Loop() {
		rules.Score(p.Variant, p.Board, m)
	}
}
