package human

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/index/gaddag"
)

type words map[string]bool

func (w words) Contains(s string) bool { return w[s] }

var testWords = []string{"AT", "CAR", "CARS", "CAT", "CATS", "RAT", "RATS", "SAT", "SCAR", "STAR", "TAR", "TARS", "ART", "ARTS"}

func dict() words {
	d := words{}
	for _, w := range testWords {
		d[w] = true
	}
	return d
}

// hinter is the equity bot over testWords, as package lineup wires it.
func hinter(t *testing.T) Hinter {
	table, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	pl, _ := player.New("equity", movegen.NewGADDAG(gaddag.Build(testWords)), table)
	return func(ctx context.Context, p *position.Position, n int) []player.Candidate {
		return pl.WithTop(n).Choose(ctx, p).Top
	}
}

// gs is the Multipliers gamestate of board b with the given rack and scores.
func gs(t *testing.T, b *board.Board, rack string, my, opp int) []byte {
	t.Helper()
	r, err := tile.ParseRack(rack)
	if err != nil {
		t.Fatal(err)
	}
	data, err := gamestate.EncodeRequest(&gamestate.Request{Position: &position.Position{Variant: variant.Multipliers, Board: b, Rack: r,
		BagCount: 50, MyScore: my, OppScore: opp}, Status: "RUNNING"})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func carBoard() *board.Board {
	b := variant.Multipliers.NewBoard()
	for i, l := range []byte("CAR") {
		b.Set(7, 7+i, board.Square{Letter: l})
	}
	return b
}

// A scripted session: a word not in the dictionary is refused with the
// rules' reason, hint lists the bot's moves, then a legal play is answered
// in the platform's format. On the next turn the opponent's reply is marked
// on the board and named; when the input ends the player has quit.
func TestMoveScript(t *testing.T) {
	var out bytes.Buffer
	in := bufio.NewReader(strings.NewReader(strings.Join([]string{
		"H8 across CARST", // not a word
		"",                // blank lines are ignored
		"hint 2",
		"H8 across CARS",
		"pass",
	}, "\n") + "\n"))
	h := &Seat{Name: "ann", In: in, Out: &out, Dict: dict(), Hints: hinter(t)}
	b := carBoard()

	ans, err := h.Move(context.Background(), gs(t, b, "STAEXYZ", 0, 12))
	if err != nil {
		t.Fatal(err)
	}
	m, err := gamestate.ParseMove(ans, 15)
	if err != nil {
		t.Fatal(err)
	}
	if want := (move.Move{Kind: move.Play, Tiles: []move.Placement{{Row: 7, Col: 10, Letter: 'S'}}}); m.Key() != want.Key() {
		t.Fatalf("answered %s, want %s", m.Key(), want.Key())
	}
	for _, want := range []string{
		"Rack: A E S T X Y Z",
		"Opponent played H8 across CAR for 12.", // at first sight every tile is the opponent's opening
		"Score: ann 0, opponent 12. Bag: 50 tiles.",
		"Illegal: CARST not in the dictionary. Try again",
		"Hints, best first:\n  1. ",
		"ann plays H8 across CARS for 6 (CARS 6).",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the first turn lacks %q:\n%s", want, out.String())
		}
	}

	// The opponent answers RATS down column K through our S.
	after := carBoard()
	after.Set(7, 10, board.Square{Letter: 'S'})
	for i, l := range []byte("RAT") {
		after.Set(4+i, 10, board.Square{Letter: l})
	}
	out.Reset()
	ans, err = h.Move(context.Background(), gs(t, after, "AEXYZDE", 6, 20))
	if err != nil {
		t.Fatal(err)
	}
	if string(ans) != `[[],["Pass"]]` {
		t.Errorf("answered %s, want a pass", ans)
	}
	for _, want := range []string{
		"Opponent played K5 down RATS for 8.",
		" [R]", " [A]", " [T]",
		"ann passes.",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the second turn lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "[S]") || strings.Contains(out.String(), "[C]") {
		t.Errorf("old tiles are marked as the last move:\n%s", out.String())
	}

	if _, err := h.Move(context.Background(), gs(t, after, "AEXYZDE", 6, 20)); !errors.Is(err, ErrInputEnded) || errors.Is(err, ErrQuit) {
		t.Errorf("at the end of the input: %v, want ErrInputEnded, not ErrQuit", err)
	}
}

func TestMoveExplainsBlanksAndQuits(t *testing.T) {
	var out bytes.Buffer
	in := bufio.NewReader(strings.NewReader("H8 across cars\nquit\n"))
	h := &Seat{Name: "bob", In: in, Out: &out, Dict: dict()}
	_, err := h.Move(context.Background(), gs(t, carBoard(), "SAEXYZD", 0, 0))
	if !errors.Is(err, ErrQuit) {
		t.Fatalf("quit gives %v", err)
	}
	if !strings.Contains(out.String(), "lower-case letters are blanks, and the rack holds 0") {
		t.Errorf("no explanation for lower case:\n%s", out.String())
	}
}
