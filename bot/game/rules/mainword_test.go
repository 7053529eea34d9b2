package rules_test

import (
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
)

// MainWord reads the word Score scores first, whatever the order the move
// lists its tiles in, from its first square through old tiles at its ends
// and in its gaps; a lone tile runs as Score runs it.
func TestMainWord(t *testing.T) {
	b := std.NewBoard()
	rules.Apply(b, play(7, 6, across, "CaT")) // the A an old blank
	reversed := func(m move.Move) move.Move {
		m.Tiles = slices.Clone(m.Tiles)
		slices.Reverse(m.Tiles)
		return m
	}
	for _, c := range []struct {
		name     string
		m        move.Move
		row, col int
		down     bool
		word     string // upper case an old tile, lower case a new one
	}{
		{"down through the old A", play(6, 7, down, "B.D"), 6, 7, true, "bAd"},
		{"the same, listed bottom first", reversed(play(6, 7, down, "B.D")), 6, 7, true, "bAd"},
		{"across, extending at both ends", play(7, 5, across, "S...S"), 7, 5, false, "sCATs"},
		{"the same, listed right first", reversed(play(7, 5, across, "S...S")), 7, 5, false, "sCATs"},
		{"a lone tile beside a word reads across", play(7, 9, across, "S"), 7, 6, false, "CATs"},
		{"a lone tile under a word reads down", play(8, 6, down, "H"), 7, 6, true, "Ch"},
		{"a lone tile touching nothing is one letter down", play(0, 0, down, "Q"), 0, 0, true, "q"},
	} {
		w, down := rules.MainWord(b, c.m)
		got := make([]byte, len(w))
		for i, t := range w {
			got[i] = t.Letter
			if t.New {
				got[i] += 'a' - 'A'
			}
		}
		if len(w) == 0 || w[0].Row != c.row || w[0].Col != c.col || down != c.down || string(got) != c.word {
			t.Errorf("%s: %v down=%v, want %s from (%d, %d) down=%v", c.name, w, down, c.word, c.row, c.col, c.down)
			continue
		}
		if score, words := rules.Score(std, b, c.m); len(w) >= 2 && (score == 0 || len(words[0].Word) != len(w)) {
			t.Errorf("%s: Score's first word %v is not the main word", c.name, words)
		}
		if c.word == "bAd" && !w[1].Blank {
			t.Errorf("%s: the old A is a played blank, MainWord says %+v", c.name, w[1])
		}
	}
	if w, _ := rules.MainWord(b, move.Move{Kind: move.Play, Tiles: append(line(0, 0, across, "A"), line(1, 1, across, "B")...)}); w != nil {
		t.Errorf("tiles on no line: %v, want nil", w)
	}
	if w, _ := rules.MainWord(b, move.NewPass()); w != nil {
		t.Errorf("a pass: %v, want nil", w)
	}
}
