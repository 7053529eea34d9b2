package human

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
)

// testBoard is 7x7 with CAT across row 3 from column C, and an X played as a
// blank at D5.
func testBoard() *board.Board {
	b := board.New(7)
	for i, l := range []byte("CAT") {
		b.Set(2, 2+i, board.Square{Letter: l})
	}
	b.Set(4, 3, board.Square{Letter: 'X', Blank: true})
	return b
}

func TestParsePlays(t *testing.T) {
	b := testBoard()
	pl := func(r, c int, l byte) move.Placement { return move.Placement{Row: r, Col: c, Letter: l} }
	for _, c := range []struct {
		line string
		want []move.Placement
	}{
		{"A1 across OX", []move.Placement{pl(0, 0, 'O'), pl(0, 1, 'X')}},
		{"1A OX", []move.Placement{pl(0, 0, 'O'), pl(0, 1, 'X')}},                        // row first: across
		{"A1 OX", []move.Placement{pl(0, 0, 'O'), pl(1, 0, 'X')}},                        // column first: down
		{"d2 down OAT", []move.Placement{pl(1, 3, 'O'), pl(3, 3, 'T')}},                  // A already there
		{"D2 d O.T", []move.Placement{pl(1, 3, 'O'), pl(3, 3, 'T')}},                     // '.' for it
		{"C3 across CATs", []move.Placement{{Row: 2, Col: 5, Letter: 'S', Blank: true}}}, // a blank S
		{"4D down Ax", []move.Placement{pl(3, 3, 'A')}},                                  // the old blank typed in lower case
	} {
		cmd, err := Parse(c.line, b)
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if cmd.Kind != Play {
			t.Errorf("%q: kind %v", c.line, cmd.Kind)
		}
		want := move.Move{Kind: move.Play, Tiles: c.want}
		if cmd.Move.Key() != want.Key() {
			t.Errorf("%q: %s, want %s", c.line, cmd.Move.Key(), want.Key())
		}
	}
}

func TestParseCommands(t *testing.T) {
	b := testBoard()
	for _, c := range []struct {
		line string
		kind Kind
		key  string
		n    int
	}{
		{"pass", Pass, "pass", 0},
		{"  PASS  ", Pass, "pass", 0},
		{"exchange aei?", Exchange, "exchange ?AEI", 0},
		{"ex QQ", Exchange, "exchange QQ", 0},
		{"hint", Hint, "", 0},
		{"hint 3", Hint, "", 3},
		{"help", Help, "", 0},
		{"quit", Quit, "", 0},
	} {
		cmd, err := Parse(c.line, b)
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if cmd.Kind != c.kind || cmd.N != c.n || (c.key != "" && cmd.Move.Key() != c.key) {
			t.Errorf("%q: kind %v n %d move %s; want %v %d %s", c.line, cmd.Kind, cmd.N, cmd.Move.Key(), c.kind, c.n, c.key)
		}
	}
}

func TestParseRefusesWithAReason(t *testing.T) {
	b := testBoard()
	for _, c := range []struct{ line, want string }{
		{"", "empty line"},
		{"Z1 across OX", `"Z1" is off the 7x7 board (columns A-G, rows 1-7)`},
		{"A9 across OX", "off the 7x7 board"},
		{"11 across OX", "want a column letter and a row number"},
		{"A1 sideways OX", `direction "sideways"`},
		{"F1 across OXEN", "runs off the board after 2 letters"},
		{"C3 across DOG", "C3 holds C, but the word has D there"},
		{"A1 across O.", "B1 is empty"},
		{"C3 across CAT", "places no tile"},
		{"A1 across O1", `'1' in O1 is not a letter`},
		{"A1 across €€", `'€' in €€ is not a letter`}, // not its first byte, 'â'
		{"A1 across O\xff", "byte 0xff in O"},
		{"C3 across é", "'é' in é is not a letter"}, // C3 holds C: not "holds C, but the word has Ã"
		{"exchange", "exchange wants the tiles"},
		{"exchange A1", "not a letter"},
		{"hint many", "want a number"},
		{"pass now", "pass takes nothing"},
		{"OX", "want e.g. H8 across CAR"},
	} {
		_, err := Parse(c.line, b)
		if err == nil || !errors.Is(err, ErrNotation) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one naming %q", c.line, err, c.want)
		}
	}
}

// Format writes what Parse reads: every play typed back is the same move.
func TestFormatRoundTrips(t *testing.T) {
	b := testBoard()
	for _, line := range []string{"A1 across OX", "D2 down OAT", "C3 across CATs", "B3 across sCAT", "D4 down AX", "G1 down aNT"} {
		cmd, err := Parse(line, b)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		f := Format(b, cmd.Move)
		again, err := Parse(f, b)
		if err != nil {
			t.Fatalf("%q formats as %q, which does not parse: %v", line, f, err)
		}
		if again.Move.Key() != cmd.Move.Key() {
			t.Errorf("%q formats as %q, which reads as %s, not %s", line, f, again.Move.Key(), cmd.Move.Key())
		}
	}
}

// A long typed word or square is shown short in the refusal: the line is
// read whole, and repeating a pasted megabyte helps no one.
func TestParseQuotesLongInputShort(t *testing.T) {
	b := testBoard()
	long := strings.Repeat("O", 1<<20)
	for _, c := range []struct{ line, want string }{
		{"A1 across " + long, "runs off the board after 7 letters"},
		{"A1 across O" + strings.Repeat("1", 1<<20), "'1' in O111"},
		{"A" + strings.Repeat("9", 1<<20) + " across OX", "square"},
		{"A1 " + long + " OX", "direction"},
		{"hint " + long, "want a number"},
		{long + " " + long + " " + long + " " + long, "want e.g. H8 across CAR"},
		{"exchange " + long + "1", "not a letter"},
	} {
		_, err := Parse(c.line, b)
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 300 {
			t.Errorf("%.20q...: error of %d bytes %.300v, want a short one naming %q", c.line, len(fmt.Sprint(err)), err, c.want)
		}
	}
}
