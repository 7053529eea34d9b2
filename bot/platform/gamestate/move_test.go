package gamestate_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

func pl(r, c int, l byte, blank bool) move.Placement {
	return move.Placement{Row: r, Col: c, Letter: l, Blank: blank}
}

// The doc's three example moves, and a pass, on a 15x15 board: [x, y] with
// y up is engine (14-y, x).
func TestParseMoveDocExamples(t *testing.T) {
	tests := []struct {
		src  string
		want move.Move
		enc  string
	}{
		{
			`[["C", "A", "R"], [[6,7], [7,7], [8,7]]]`,
			move.Move{Kind: move.Play, Tiles: []move.Placement{pl(7, 6, 'C', false), pl(7, 7, 'A', false), pl(7, 8, 'R', false)}},
			`[["C","A","R"],[[6,7],[7,7],[8,7]]]`,
		},
		{
			`[["C", "A", "Blank"], [[6,7], [7,7], [8,7]],["R"]]`,
			move.Move{Kind: move.Play, Tiles: []move.Placement{pl(7, 6, 'C', false), pl(7, 7, 'A', false), pl(7, 8, 'R', true)}},
			`[["C","A","Blank"],[[6,7],[7,7],[8,7]],["R"]]`,
		},
		{
			`[["C", "A", "R"], ["Pass"]]`,
			move.NewExchange([]byte("CAR")),
			`[["C","A","R"],["Pass"]]`,
		},
		{`[[], ["Pass"]]`, move.NewPass(), `[[],["Pass"]]`},
		{
			// vertical, listed bottom-up, in Python form: returned top-down
			`[['O', 'N'], [(3, 4), (3, 5)]]`,
			move.Move{Kind: move.Play, Tiles: []move.Placement{pl(9, 3, 'N', false), pl(10, 3, 'O', false)}},
			`[["N","O"],[[3,5],[3,4]]]`,
		},
		{
			`[["?", "Blank"], [[0,0], [1,0]], ["q", "I"]]`,
			move.Move{Kind: move.Play, Tiles: []move.Placement{pl(14, 0, 'Q', true), pl(14, 1, 'I', true)}},
			`[["Blank","Blank"],[[0,0],[1,0]],["Q","I"]]`,
		},
		{`[["Blank", "E"], ["Pass"]]`, move.NewExchange([]byte("?E")), `[["Blank","E"],["Pass"]]`},
	}
	for _, tc := range tests {
		m, err := gamestate.ParseMove([]byte(tc.src), 15)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if m.Kind != tc.want.Kind || m.Key() != tc.want.Key() || len(m.Tiles) != len(tc.want.Tiles) {
			t.Errorf("%s: parsed %v, want %v", tc.src, m, tc.want)
			continue
		}
		for i := range m.Tiles {
			if m.Tiles[i] != tc.want.Tiles[i] {
				t.Errorf("%s: tile %d = %+v, want %+v (reading order)", tc.src, i, m.Tiles[i], tc.want.Tiles[i])
			}
		}
		enc, err := gamestate.EncodeMove(m, 15)
		if err != nil || string(enc) != tc.enc {
			t.Errorf("%s: encoded %s (%v), want %s", tc.src, enc, err, tc.enc)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []struct{ name, src, field string }{
		{"not a list", `{"tiles": []}`, ""},
		{"one entry", `[["A"]]`, ""},
		{"four entries", `[[], ["Pass"], [], []]`, ""},
		{"tiles not strings", `[[1], [[7,7]]]`, "tiles"},
		{"tile not a letter", `[["AB"], [[7,7]]]`, "tiles[0]"},
		{"positions not a list of pairs", `[["A"], "here"]`, "positions"},
		{"more tiles than positions", `[["A","B"], [[7,7]]]`, "positions"},
		{"position of three numbers", `[["A"], [[7,7,7]]]`, "positions[0]"},
		{"position not integers", `[["A"], [[7.5,7]]]`, "positions[0]"},
		{"blank without its letter", `[["Blank"], [[7,7]]]`, "blanks"},
		{"letter for no blank", `[["A"], [[7,7]], ["B"]]`, "blanks"},
		{"blank letter not a letter", `[["Blank"], [[7,7]], ["3"]]`, "blanks"},
		{"blank standing for a blank", `[["Blank"], [[7,7]], ["?"]]`, "blanks"},
		{"blank letters with a pass", `[["A"], ["Pass"], ["B"]]`, "blanks"},
		{"garbage", `[["A"], [[7,7]]] trailing`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := gamestate.ParseMove([]byte(tc.src), 15)
			if err == nil {
				t.Fatalf("accepted: %v", m)
			}
			var fe *gamestate.FieldError
			if !errors.Is(err, gamestate.ErrMove) || !errors.As(err, &fe) || fe.Field != tc.field {
				t.Fatalf("error %q, want ErrMove naming %q", err, tc.field)
			}
		})
	}
	if _, err := gamestate.ParseMove([]byte(`[["A","B"], [[7,7]]]`), 15); err == nil || !strings.Contains(err.Error(), "1 position for 2 tiles") {
		t.Errorf("two tiles on one square: %v; want \"1 position for 2 tiles\"", err)
	}
}

// An empty move, or one that is not a list, is named as such, without
// encoding/json's Go type names.
func TestParseMoveWholeInputErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"empty", "", "the input is empty"},
		{"blank", "  \n", "the input is empty"},
		{"an object", `{"tiles": []}`, "found a JSON object where a list is expected"},
	} {
		_, err := gamestate.ParseMove([]byte(tc.src), 15)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "Go value") {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

// Off-board positions parse: it is the rules that refuse them.
func TestParseMoveOffBoard(t *testing.T) {
	m, err := gamestate.ParseMove([]byte(`[["A","B"], [[15,7],[16,7]]]`), 15)
	if err != nil || len(m.Tiles) != 2 || m.Tiles[0].Col != 15 {
		t.Fatalf("got %v, %v", m, err)
	}
}

func TestEncodeMoveErrors(t *testing.T) {
	for _, m := range []move.Move{
		{Kind: move.Exchange},
		{Kind: move.Play, Tiles: []move.Placement{{Row: 1, Col: 1, Letter: '?'}}},
		{Kind: move.Kind(9)},
	} {
		if enc, err := gamestate.EncodeMove(m, 15); err == nil {
			t.Errorf("%v encoded as %s", m, enc)
		}
	}
}

// PlayFields is EncodeMove's play field by field: the same tiles, positions
// and blank letters; an exchange or a pass is no play.
func TestPlayFieldsAreEncodeMovesFields(t *testing.T) {
	m, err := gamestate.ParseMove([]byte(`[["C","Blank","T"],[[6,7],[7,7],[8,7]],["A"]]`), 15)
	if err != nil {
		t.Fatal(err)
	}
	tiles, positions, blanks, err := gamestate.PlayFields(m, 15)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal([]any{tiles, positions, blanks})
	want, _ := gamestate.EncodeMove(m, 15)
	if string(got) != string(want) {
		t.Errorf("PlayFields gives %s, EncodeMove %s", got, want)
	}
	for _, m := range []move.Move{move.NewPass(), {Kind: move.Exchange, Exchanged: []byte("AB")}} {
		if _, _, _, err := gamestate.PlayFields(m, 15); err == nil {
			t.Errorf("PlayFields took a %v", m.Kind)
		}
	}
}
