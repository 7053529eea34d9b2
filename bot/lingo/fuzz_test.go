package lingo

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// FuzzPlay: moves typed by a person (any text, ';' between moves) in a game
// of any options are read, judged and played without a panic (a digit
// where a tile's letter goes stands for the pool's tile of that index, so
// that the fuzzer finds tiles the pool holds); what is
// refused says why (ErrNotation, ErrIllegal or ErrGameOver, with a message)
// and leaves the game as it was; what is played moves the turn on. The
// bot answers after each of the person's moves, as in lexico-bot lingo.
// Run with
//
//	go test -run '^$' -fuzz 'FuzzPlay$' -fuzztime 5m -fuzzminimizetime 2s ./bot/lingo
func FuzzPlay(f *testing.F) {
	f.Add(uint64(1), false, false, false, uint8(5), uint8(2), "0a2;1c2,2d2;zz;qb9;3b1;4b3")
	f.Add(uint64(4), false, false, false, uint8(5), uint8(2), "0a2;0c2;0b1;0b3;1a2;1c2;1b1;1b3;2a2;2c2;2b1;2b3")
	f.Add(uint64(2), true, true, true, uint8(4), uint8(3), "ea1 , eb1;b;ta2")
	f.Add(uint64(3), false, true, false, uint8(10), uint8(10), "ab1,ac1,ad1,ae1,af1,ag1,ah1,ai1,aj1,ak1,al1")
	f.Fuzz(func(t *testing.T, seed uint64, hex, repeat, notShared bool, pool, place uint8, typed string) {
		o := DefaultOptions()
		o.Hex, o.Repeat, o.NotShared = hex, repeat, notShared
		o.Pool, o.Place = int(pool), int(place)
		if o.Validate() != nil {
			return
		}
		g, err := NewGame(o, names(2), seed, NewLexicon(shortList(t)))
		if err != nil {
			t.Fatalf("options %+v validate but make no game: %v", o, err)
		}
		bot := NewBot("bot")
		for _, text := range strings.Split(typed, ";") {
			if g.Over {
				return
			}
			m, err := g.Board.ParseMove(poolLetters(text, g.Pool(g.ToMove).String()))
			if err != nil {
				if !errors.Is(err, ErrNotation) || err.Error() == ErrNotation.Error() {
					t.Fatalf("%q: %v: not a notation error saying what is wrong", text, err)
				}
				continue
			}
			before, turns := g.Clone(), len(g.Turns)
			if _, err := g.Play(m); err != nil {
				if !errors.Is(err, ErrIllegal) && !errors.Is(err, ErrGameOver) || err.Error() == ErrIllegal.Error() {
					t.Fatalf("%q: %v: not a refusal saying why", text, err)
				}
				if g.Board != before.Board || g.Pool(g.ToMove) != before.Pool(before.ToMove) || len(g.Turns) != turns {
					t.Fatalf("%q: refused (%v) but the game changed", text, err)
				}
				continue
			}
			if len(g.Turns) != turns+1 {
				t.Fatalf("%q: played, but %d turns after %d", text, len(g.Turns), turns)
			}
			if g.Over {
				return
			}
			m, err = bot.Move(context.Background(), g)
			if err != nil {
				t.Fatalf("the bot found no move after %q: %v", text, err)
			}
			if _, err := g.Play(m); err != nil {
				t.Fatalf("the bot's move %s after %q: %v", g.Board.Format(m), text, err)
			}
		}
	})
}

// poolLetters replaces a digit d at the start of each of text's tiles with
// the pool's tile d (mod its size).
func poolLetters(text, pool string) string {
	if pool == "" {
		return text
	}
	fields := strings.Split(text, ",")
	for i, f := range fields {
		t := strings.TrimLeft(f, " ")
		if t != "" && t[0] >= '0' && t[0] <= '9' {
			fields[i] = f[:len(f)-len(t)] + string(pool[int(t[0]-'0')%len(pool)]) + t[1:]
		}
	}
	return strings.Join(fields, ",")
}
