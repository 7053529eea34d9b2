package answer

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/engine/player/playertest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/rules"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// FuzzAnswer: whatever gamestate parses is answered without a panic, in a
// move that encodes, parses back to itself and is legal by rules.Check at
// the score the bot says (the platform's boards need not be anything a game
// could reach: more tiles of a kind than the bag holds, a rack of twelve,
// a bag count that does not add up). The sim policy answers, so the
// simulation, the endgame solver (bag empty) and the pre-endgame (a few
// tiles in the bag) are fuzzed along with the static search. Run with
//
//	go test -run '^$' -fuzz 'FuzzAnswer$' -fuzztime 5m -fuzzminimizetime 2s ./bot/platform/answer
//
// (each worker builds the embedded dictionary's GADDAG first, about a second).
func FuzzAnswer(f *testing.F) {
	for _, name := range []string{"doc-example.txt", "opening.json", "middle-blanks.json", "endgame.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "data", "gamestates", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{'Board': [[' ',' ',' '],[' ','A',' '],[' ',' ',' ']], 'MyHand': ['T', 'Blank', 'Blank', 'Blank'], 'NumberOfTilesInBag': 0}`))
	f.Add([]byte(`{"Board": [["Z","Z","Z"],["Z"," ","Z"],["Z","Z","Z"]], "MyHand": ["Z","Z","A"], "NumberOfTilesInBag": 3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, dict := fuzzBot(t)
		answerLegally(t, b, dict, data)
	})
}

// FuzzAnswerSelfPlay is FuzzAnswer on positions a game reaches, which
// random bytes rarely parse into: a game of the variant dealt from seed,
// played turns moves by the static search, then the mover's rack replaced
// by rack's bytes as tiles (each a letter or the blank, any number, whatever
// the bag held) and the bag count set to bag, each when given; the position
// goes through the platform's encoding and parser, as a gamestate would.
// Run with
//
//	go test -run '^$' -fuzz 'FuzzAnswerSelfPlay$' -fuzztime 5m -fuzzminimizetime 2s ./bot/platform/answer
func FuzzAnswerSelfPlay(f *testing.F) {
	f.Add(uint64(1), false, uint8(12), "", int8(-1))
	f.Add(uint64(2), true, uint8(30), "", int8(0))
	f.Add(uint64(3), false, uint8(22), "QZ??XJ", int8(2))
	f.Add(uint64(4), false, uint8(0), "EEEEEEEEE", int8(90))
	f.Add(uint64(5), false, uint8(40), "S?", int8(-1))
	f.Fuzz(func(t *testing.T, seed uint64, classic bool, turns uint8, rack string, bag int8) {
		b, dict := fuzzBot(t)
		v := variant.Multipliers
		if classic {
			v = variant.Classic
		}
		g, err := state.Start(v, seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		for range int(turns) % 64 {
			if g.Over() {
				break
			}
			p := g.View()
			ch := b.Policy.Quick().Choose(context.Background(), &p)
			if err := g.Apply(ch.Move); err != nil {
				t.Fatalf("turn %d: the static search's %v: %v", g.Moves(), ch.Move, err)
			}
		}
		p := g.View()
		if rack != "" {
			// Each byte a tile, so that every input is a rack: 26 letters
			// and the blank.
			tiles := []byte(rack)
			for i, c := range tiles {
				if c %= 27; c == 26 {
					tiles[i] = tile.Blank
				} else {
					tiles[i] = 'A' + c
				}
			}
			p.Rack = tile.RackOf(tiles)
		}
		if bag >= 0 {
			p.BagCount = int(bag)
		}
		gs, err := gamestate.Encode(&p)
		if err != nil {
			return
		}
		answerLegally(t, b, dict, gs)
	})
}

// answerLegally answers gs if it parses, and fails t unless the answer is a
// move that encodes, parses back to itself and is legal by rules.Check at
// the score the bot says.
func answerLegally(t *testing.T, b *Bot, dict playertest.Words, gs []byte) {
	p, err := gamestate.Parse(gs)
	if err != nil {
		return
	}
	r, err := b.AnswerPosition(context.Background(), p, time.Now())
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	m, err := gamestate.ParseMove(r.Move, p.Board.Size)
	if err != nil {
		t.Fatalf("answered %s, which does not parse: %v", r.Move, err)
	}
	if m.Key() != r.Choice.Move.Key() {
		t.Fatalf("answered %s, which parses as %v, not the chosen %v", r.Move, m, r.Choice.Move)
	}
	res := rules.Check(p, r.Choice.Move, dict)
	if !res.Legal {
		t.Fatalf("answered %v (%s) to %s: illegal: %s", r.Choice.Move, r.Move, gs, res.Reason)
	}
	if r.Choice.Move.Kind == move.Play && res.Score != r.Choice.Move.Score {
		t.Fatalf("answered %v scoring %d to %s; rules.Check scores it %d", r.Choice.Move, r.Choice.Move.Score, gs, res.Score)
	}
}

// fuzzBot is a Bot with the sim policy over the embedded dictionary,
// thinking 40 ms a move, and that dictionary.
func fuzzBot(t *testing.T) (*Bot, playertest.Words) {
	pl, dict := playertest.Embedded(t, "sim")
	clock := player.DefaultClock()
	clock.Mode = player.Replay
	clock.Override = 40 * time.Millisecond
	clock.MinThink = 10 * time.Millisecond // simulate, however short the think
	clock.Reserve = 5 * time.Millisecond
	return &Bot{Policy: pl, Clock: clock}, dict
}
