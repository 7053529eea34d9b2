package lingo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

func TestTileSetsAreTheSeedsSizes(t *testing.T) {
	if FullDistribution != SetFull.Distribution() {
		t.Errorf("the full set is not the Scramble set without blanks")
	}
	for _, s := range []TileSet{SetSmall, SetDefault, SetFull} {
		d := s.Distribution()
		sum := 0
		for i, n := range d {
			sum += n
			exact := float64(FullDistribution[i]) * float64(s.Size()) / 98
			if math.Abs(float64(n)-exact) >= 1 {
				t.Errorf("%s set: %c %d, its share of the full set is %.2f", s, 'A'+i, n, exact)
			}
		}
		if sum != s.Size() {
			t.Errorf("%s set has %d tiles, want %d", s, sum, s.Size())
		}
	}
	// The sets documented on Scale.
	for s, want := range map[TileSet]string{
		SetSmall:   "A3 B1 C1 D1 E4 F1 G1 H1 I3 L1 M1 N2 O2 P1 R2 S1 T2 U1 V1",
		SetDefault: "A5 B1 C1 D2 E6 F1 G2 H1 I5 K1 L2 M1 N3 O4 P1 R3 S2 T3 U2 V1 W1 Y1",
	} {
		if got := FormatDistribution(s.Distribution()); got != want {
			t.Errorf("%s set is %s; Scale's comment says %s", s, got, want)
		}
	}
}

func TestOptionsAreChecked(t *testing.T) {
	for _, c := range []struct {
		o   Options
		why string
	}{
		{Options{Players: 1, Pool: 5, Place: 2}, "players, not 1"},
		{Options{Players: 5, Pool: 5, Place: 2}, "players, not 5"},
		{Options{Players: 2, Pool: 0, Place: 1}, "pool of 0"},
		{Options{Players: 2, Pool: 11, Place: 2}, "pool of 11"},
		{Options{Players: 2, Pool: 4, Place: 5}, "placing 5"},
		{Options{Players: 2, Pool: 4, Place: 0}, "placing 0"},
		{Options{Players: 4, Pool: 10, Place: 2, Set: SetSmall, NotShared: true}, "cannot fill 4 pools"},
	} {
		err := c.o.Validate()
		if !errors.Is(err, ErrOptions) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%+v: %v, want an options error saying %q", c.o, err, c.why)
		}
	}
	if err := DefaultOptions().Validate(); err != nil {
		t.Errorf("defaults: %v", err)
	}
}

func TestNotationRoundTrip(t *testing.T) {
	b := board(t, "zs.", ".tg", "bw.")
	m := parse(t, b, " Ac4 , re1")
	if got := b.Format(m); got != "ac4,re1" {
		t.Errorf("Format = %q", got)
	}
	if m.Tiles[0].Letter != 'A' || b.Name(m.Tiles[0].Row, m.Tiles[0].Col) != "c4" {
		t.Errorf("parsed %+v", m.Tiles[0])
	}
	for _, bad := range []string{"", "a", "ac", "7c7", "af1", "aa6", "aa0", "a17", "ac7;re7", "ac7,"} {
		if _, err := b.ParseMove(bad); !errors.Is(err, ErrNotation) {
			t.Errorf("ParseMove(%q) = %v, want a notation error", bad, err)
		}
	}
}

// playGame plays a whole bot game, checking after every turn that each
// tile of the set is on the board, in a pool or still to be drawn.
func playGame(t *testing.T, o Options, seed uint64, dict Dictionary) *Game {
	t.Helper()
	g, err := NewGame(o, names(o.Players), seed, NewLexicon(dict))
	if err != nil {
		t.Fatal(err)
	}
	players := make([]Player, o.Players)
	for i := range players {
		players[i] = NewBot(g.Names[i])
	}
	want := o.Set.Distribution()
	placed := 1
	err = Run(context.Background(), g, players, func(g *Game, turn Turn) {
		placed += len(turn.Move.Tiles)
		counts := g.Board.Placed()
		for _, p := range g.Pools() {
			for i := range 26 {
				counts[i] += int(p.Counts[i])
			}
		}
		for _, l := range g.Bag() {
			counts[l-'A']++
		}
		if counts != want || g.Board.Tiles() != placed {
			t.Fatalf("turn %d: tiles %s (%d on the board, %d placed); the set is %s",
				turn.Number, FormatDistribution(counts), g.Board.Tiles(), placed, FormatDistribution(want))
		}
		if o.NoTwos {
			for _, w := range turn.Result.Words {
				if w.Len < 3 {
					t.Errorf("turn %d scored %s under no_twos", turn.Number, w.Text)
				}
			}
		}
	})
	if err != nil {
		t.Fatalf("game: %v", err)
	}
	return g
}

func TestSeededGamesRepeat(t *testing.T) {
	short := shortList(t)
	o := DefaultOptions()
	record := func(g *Game) string {
		var sb strings.Builder
		for _, turn := range g.Turns {
			sb.WriteString(turn.Notation + " " + wordTexts(turn.Result) + "\n")
		}
		return sb.String()
	}
	a, b := playGame(t, o, 42, short), playGame(t, o, 42, short)
	if record(a) != record(b) || a.Scores[0] != b.Scores[0] || a.Scores[1] != b.Scores[1] {
		t.Errorf("seed 42 played twice differs:\n%s\n---\n%s", record(a), record(b))
	}
	if c := playGame(t, o, 43, short); record(c) == record(a) {
		t.Errorf("seeds 42 and 43 gave the same game")
	}
}

func TestGameEndsWhenThePoolRunsOut(t *testing.T) {
	short := shortList(t)
	o := DefaultOptions()
	g := playGame(t, o, 7, short)
	if !g.Over || len(g.Bag()) != 0 || g.Pool(0).N != 0 || g.End != "the pool is out of tiles" {
		t.Errorf("shared game ended: over %v, bag %d, pool %s, %q", g.Over, len(g.Bag()), g.Pool(0).String(), g.End)
	}
	total := 0
	for _, turn := range g.Turns {
		total += turn.Result.Score
		if turn.Player != (turn.Number-1)%o.Players {
			t.Errorf("turn %d played by %d", turn.Number, turn.Player)
		}
	}
	if total != g.Scores[0]+g.Scores[1] {
		t.Errorf("turn scores add to %d, scores %v", total, g.Scores)
	}

	// The hexagonal game is played to its end the same way.
	o.Hex = true
	g = playGame(t, o, 9, short)
	if !g.Over || len(g.Turns) < 10 || !g.Board.Hex() {
		t.Errorf("hexagonal game: over %v after %d turns", g.Over, len(g.Turns))
	}

	// Own pools: the game ends as soon as one player's pool is empty,
	// though the others still hold tiles.
	o = Options{Players: 4, Pool: 5, Place: 2, Set: SetSmall, NotShared: true, NoTwos: true}
	g = playGame(t, o, 8, short)
	last := g.Turns[len(g.Turns)-1].Player
	if g.Pool(last).N != 0 || len(g.Bag()) != 0 || g.End != g.Names[last]+" is out of tiles" {
		t.Errorf("own pools: %q after %s moved with %s left", g.End, g.Names[last], g.Pool(last).String())
	}
	others := 0
	for p := range o.Players {
		if p != last {
			others += g.Pool(p).N
		}
	}
	if others == 0 {
		t.Errorf("own pools: the other players' pools are empty too; the test shows nothing")
	}
	for _, turn := range g.Turns {
		if turn.Pool.N == 0 {
			t.Errorf("turn %d: %s moved with an empty pool", turn.Number, g.Names[turn.Player])
		}
	}
}

func TestPlayRefusesAndKeepsTheGame(t *testing.T) {
	g, err := NewGame(DefaultOptions(), names(2), 1, NewLexicon(shortList(t)))
	if err != nil {
		t.Fatal(err)
	}
	before := g.Clone()
	// a1 is the window's corner, diagonal to the starting tile on b2.
	m := Move{Tiles: []Placement{{Row: g.Board.top - 1, Col: g.Board.left - 1, Letter: g.Pool(0).String()[0]}}}
	if _, err := g.Play(m); !errors.Is(err, ErrIllegal) {
		t.Fatalf("a tile on a1: %v, want illegal", err)
	}
	if g.Board != before.Board || g.Pool(0) != before.Pool(0) || g.ToMove != 0 || len(g.Turns) != 0 {
		t.Errorf("a refused move changed the game")
	}
}

func TestHumanIsAskedAgainAfterABadMove(t *testing.T) {
	lex := NewLexicon(shortList(t))
	g, err := NewGame(DefaultOptions(), []string{"you", "bot"}, 1, lex)
	if err != nil {
		t.Fatal(err)
	}
	l := strings.ToLower(g.Pool(0).String()[:1])
	unplayed := FormatDistribution(g.Unplayed())
	left := 0
	for _, n := range g.Unplayed() {
		left += n
	}
	if left != SetDefault.Size()-1 {
		t.Errorf("%d tiles to be played at the start, want all but the starting tile (%d)", left, SetDefault.Size()-1)
	}
	var out bytes.Buffer
	in := strings.NewReader("help\nzz\n" + l + "a1\ncount\nword qi Qqq eno\n" + l + "a2\nquit\n")
	err = Run(context.Background(), g, []Player{NewHuman("you", in, &out), NewBot("bot")}, nil)
	if !errors.Is(err, ErrQuit) {
		t.Errorf("Run = %v, want the quit", err)
	}
	text := out.String()
	for _, want := range []string{"put tile A on c7", "cannot read the move", "touches no tile", "your move",
		"to be played (in the bag and the pools): " + unplayed, "QI: a word", "QQQ: not a word", "ENO: not a word, but it reads as one backwards"} {
		if !strings.Contains(text, want) {
			t.Errorf("the person was not told %q:\n%s", want, text)
		}
	}
	if len(g.Turns) != 2 || g.Turns[0].Notation != l+"a2" {
		t.Errorf("turns %+v; want the person's %sa2 and the bot's answer", g.Turns, l)
	}
	if n := strings.Count(text, "your move"); n != 7 {
		t.Errorf("prompted %d times, want once a line (7)", n)
	}
}

// A line too long to read ends the person's input with a message that says
// so.
func TestHumanLineTooLong(t *testing.T) {
	g, err := NewGame(DefaultOptions(), []string{"you", "bot"}, 1, NewLexicon(shortList(t)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	in := strings.NewReader(strings.Repeat("a", 70000) + "\nquit\n")
	err = Run(context.Background(), g, []Player{NewHuman("you", in, &out), NewBot("bot")}, nil)
	if !errors.Is(err, ErrInputEnded) || !strings.Contains(err.Error(), "a line is longer than") {
		t.Errorf("Run = %v, want ErrInputEnded saying a line is too long", err)
	}
}

// A long move or square is shown short in the refusal.
func TestNotationQuotesLongInputShort(t *testing.T) {
	b := board(t, "zs.", ".tg", "bw.")
	long := strings.Repeat("c", 1<<20)
	for _, bad := range []string{
		"a" + long,                        // a tile on a square with no row
		"7" + long,                        // no tile letter
		"ac" + strings.Repeat("0", 1<<20), // row 0, written long
	} {
		_, err := b.ParseMove(bad)
		if !errors.Is(err, ErrNotation) || len(err.Error()) > 300 {
			t.Errorf("ParseMove(%.20q...) = an error of %d bytes: %.300v", bad, len(fmt.Sprint(err)), err)
		}
	}
}
