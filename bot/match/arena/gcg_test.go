package arena

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/match/referee"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// boardOf builds a board from rows, top first: letters, lower case for a
// blank, '.' for empty.
func boardOf(rows ...string) *board.Board {
	b := board.New(len(rows))
	for r, row := range rows {
		for c := 0; c < len(row); c++ {
			switch l := row[c]; {
			case l >= 'A' && l <= 'Z':
				b.Set(r, c, board.Square{Letter: l})
			case l >= 'a' && l <= 'z':
				b.Set(r, c, board.Square{Letter: l - 'a' + 'A', Blank: true})
			}
		}
	}
	return b
}

func TestGCGPlayNotation(t *testing.T) {
	b := boardOf(
		".......",
		".......",
		"..CAT..",
		".......",
		"...x...",
		".......",
		".......",
	)
	pl := func(r, c int, l byte) move.Placement { return move.Placement{Row: r, Col: c, Letter: l} }
	for _, c := range []struct {
		name        string
		tiles       []move.Placement
		coord, word string
	}{
		{"across from the left edge", []move.Placement{pl(0, 0, 'O'), pl(0, 1, 'X')}, "1A", "OX"},
		{"down through an old tile", []move.Placement{pl(1, 3, 'O'), pl(3, 3, 'E')}, "D2", "O.E."}, // O A E x: the old blank shows as '.'
		// A move lists its tiles in any order (the platform's move does).
		{"down, the lower tile listed first", []move.Placement{pl(3, 3, 'E'), pl(1, 3, 'O')}, "D2", "O.E."},
		{"across, the right tile listed first", []move.Placement{pl(0, 1, 'X'), pl(0, 0, 'O')}, "1A", "OX"},

		{"across, extending a word at both ends", []move.Placement{pl(2, 1, 'S'), pl(2, 5, 'S')}, "3B", "S...S"},
		{"a blank in lower case", []move.Placement{{Row: 6, Col: 2, Letter: 'H', Blank: true}, pl(6, 3, 'I')}, "7C", "hI"},
		{"one tile beside a word reads across", []move.Placement{pl(2, 5, 'S')}, "3C", "...S"},
		{"one tile under a word reads down", []move.Placement{pl(3, 2, 'H')}, "C3", ".H"},
	} {
		coord, word := GCGPlay(b, move.Move{Kind: move.Play, Tiles: c.tiles})
		if coord != c.coord || word != c.word {
			t.Errorf("%s: %s %s, want %s %s", c.name, coord, word, c.coord, c.word)
		}
	}
}

// Event lines as GCG readers (Quackle, Macondo) match them.
var (
	gcgMove     = regexp.MustCompile(`^>(\S+): ([A-Z?]+) ([0-9]+[A-O]|[A-O][0-9]+) ([A-Za-z.]+) \+([0-9]+) (-?[0-9]+)$`)
	gcgExchange = regexp.MustCompile(`^>(\S+): ([A-Z?]+) -([A-Z?]+) \+0 (-?[0-9]+)$`)
	gcgPass     = regexp.MustCompile(`^>(\S+): ([A-Z?]*) - \+0 (-?[0-9]+)$`)
)

// A GCG file read back the way another tool would (coordinates, words,
// cumulative scores) rebuilds the recorded game's final board and scores.
func TestGCGReadsBackToTheGame(t *testing.T) {
	dict, _ := testWords(t)
	eq, greedy := testBots(t)
	table := Referee(referee.Config{Variant: variant.Multipliers, Dictionary: dict, MoveTime: 5 * time.Second})
	for _, starter := range []int{0, 1} {
		rec, err := table(context.Background(), 11, starter, [2]string{"equity", "greedy"}, [2]Agent{eq, greedy})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := rec.WriteGCG(&out); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if want := "#player1 " + rec.Header.Players[starter] + " "; !strings.HasPrefix(lines[1], want) {
			t.Fatalf("starter %d: second line %q, want the first mover %q", starter, lines[1], want)
		}
		b := variant.Multipliers.NewBoard()
		totals := map[string]int{}
		events := 0
		for _, line := range lines {
			if !strings.HasPrefix(line, ">") {
				continue
			}
			events++
			switch {
			case gcgMove.MatchString(line):
				m := gcgMove.FindStringSubmatch(line)
				placeGCG(t, b, m[3], m[4])
				totals[m[1]], _ = strconv.Atoi(m[6])
			case gcgExchange.MatchString(line):
				m := gcgExchange.FindStringSubmatch(line)
				totals[m[1]], _ = strconv.Atoi(m[4])
			case gcgPass.MatchString(line):
				m := gcgPass.FindStringSubmatch(line)
				totals[m[1]], _ = strconv.Atoi(m[3])
			default:
				t.Fatalf("not a GCG event line: %q", line)
			}
		}
		if events != len(rec.Turns) {
			t.Errorf("%d event lines for %d turns", events, len(rec.Turns))
		}
		if got := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"); strings.Join(got, "\n") != strings.Join(rec.End.Board, "\n") {
			t.Errorf("the GCG rebuilds\n%s\nthe game ended with\n%s", strings.Join(got, "\n"), strings.Join(rec.End.Board, "\n"))
		}
		for seat, name := range rec.Header.Players {
			if totals[name] != rec.End.Scores[seat] {
				t.Errorf("%s's last cumulative score %d, final score %d", name, totals[name], rec.End.Scores[seat])
			}
		}
	}
}

// placeGCG puts a GCG play on b: row-first coordinates run across,
// column-first down; '.' is a tile already there.
func placeGCG(t *testing.T, b *board.Board, coord, word string) {
	t.Helper()
	var r, c, dr, dc int
	if coord[0] >= 'A' && coord[0] <= 'Z' {
		c = int(coord[0] - 'A')
		n, _ := strconv.Atoi(coord[1:])
		r, dr = n-1, 1
	} else {
		c = int(coord[len(coord)-1] - 'A')
		n, _ := strconv.Atoi(coord[:len(coord)-1])
		r, dc = n-1, 1
	}
	for i := 0; i < len(word); i, r, c = i+1, r+dr, c+dc {
		l := word[i]
		switch {
		case l == '.':
			if !b.Occupied(r, c) {
				t.Fatalf("%s %s: '.' on an empty square", coord, word)
			}
		case b.Occupied(r, c):
			t.Fatalf("%s %s: %c on an occupied square", coord, word, l)
		case l >= 'a':
			b.Set(r, c, board.Square{Letter: l - 'a' + 'A', Blank: true})
		default:
			b.Set(r, c, board.Square{Letter: l})
		}
	}
}

// A refused answer is written as the pass the referee made of it, with the
// reason as a note; an exchange lists its tiles.
func TestGCGRefusedTurnAndExchange(t *testing.T) {
	rack, _ := tile.ParseRack("AEIQU?X")
	gs, err := gamestate.EncodeRequest(&gamestate.Request{Position: &position.Position{Variant: variant.Multipliers, Board: variant.Multipliers.NewBoard(),
		Rack: rack, BagCount: 80}, Status: "RUNNING"})
	if err != nil {
		t.Fatal(err)
	}
	r := &Record{
		Header: Header{Players: [2]string{"bob", "eve"}, Starter: 1, Variant: "multipliers"},
		Turns: []Turn{
			{Seat: 1, Gamestate: gs, Move: []byte(`"nonsense"`), Reason: "unusable answer:\nnot a move"},
			{Seat: 0, Gamestate: gs, Move: []byte(`[["Q","Blank"],["Pass"]]`), Legal: true, Total: 0},
			{Seat: 1, Gamestate: gs, Move: []byte(`[["A"],[[7,7]]]`), Legal: true, Late: true, Reason: "late: answered after the deadline"},
		},
	}
	var out bytes.Buffer
	if err := r.WriteGCG(&out); err != nil {
		t.Fatal(err)
	}
	want := "#player1 eve eve\n#player2 bob bob\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("players: want %q in\n%s", want, out.String())
	}
	for _, line := range []string{
		">eve: AEIQUX? - +0 0\n#note refused by the referee: unusable answer: not a move\n",
		">bob: AEIQUX? -Q? +0 0\n",
		">eve: AEIQUX? - +0 0\n#note refused by the referee: late: answered after the deadline\n",
	} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("want %q in\n%s", line, out.String())
		}
	}
}
