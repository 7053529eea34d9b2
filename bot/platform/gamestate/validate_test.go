package gamestate_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/platform/gamestate"
	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
)

// Every gamestate of the real recorded games parses: the checks of a
// gamestate no game can reach must never refuse one a game reached.
// gamestatetest.RealGames fails on the first that does not parse, and
// skips when ../shared is absent.
func TestRealGamesAllParse(t *testing.T) {
	recs := gamestatetest.RealGames(t)
	if len(recs) == 0 {
		t.Fatal("no real games read")
	}
	blanks := 0
	for _, r := range recs {
		blanks += r.Position.Board.TileCounts()[tile.BlankIndex]
	}
	if blanks == 0 {
		t.Errorf("%d real gamestates hold no played blank: the blank checks were not exercised", len(recs))
	}
}

// So do the shipped gamestates.
func TestShippedGamestatesParse(t *testing.T) {
	files, _ := filepath.Glob("../../../data/gamestates/*")
	if len(files) == 0 {
		t.Fatal("no shipped gamestates")
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gamestate.Parse(data); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	f, err := os.Open("../../../data/positions/corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	// The corpus is synthetic (some racks hold blanks no bag has left):
	// ParseSynthetic reads it all, Parse only the lines a game can reach.
	reachable := 0
	for n := 1; sc.Scan(); n++ {
		if _, err := gamestate.ParseSynthetic(sc.Bytes()); err != nil {
			t.Errorf("corpus line %d: %v", n, err)
		}
		if _, err := gamestate.Parse(sc.Bytes()); err == nil {
			reachable++
		}
	}
	if reachable == 0 {
		t.Error("Parse refuses every line of the corpus")
	}
}

// edited is the doc's example (a classic game: no premium square listed,
// 37 tiles on the board, 7 in the hand, 47 in the bag) as JSON with the
// fields of edit set (a nil value deletes the field).
func edited(t *testing.T, edit map[string]any) []byte {
	t.Helper()
	js := docJSON(t)
	var m map[string]any
	if err := json.Unmarshal(js, &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range edit {
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// docBoard is the doc example's Board with the square at [x, y] set to s.
func docBoard(t *testing.T, x, y int, s string) [][]string {
	t.Helper()
	var g struct{ Board [][]string }
	if err := json.Unmarshal(docJSON(t), &g); err != nil {
		t.Fatal(err)
	}
	if g.Board[y][x] == " " {
		t.Fatalf("the doc example's [%d, %d] is empty", x, y)
	}
	g.Board[y][x] = s
	return g.Board
}

// docJSON is the doc example (a Python literal) as the platform's JSON.
func docJSON(t *testing.T) []byte {
	t.Helper()
	p, err := gamestate.ParseRequest(readDoc(t))
	if err != nil {
		t.Fatal(err)
	}
	js, err := gamestate.EncodeRequest(p)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// A tile of the doc example's board, at [docX, docY]: the E of EDGE.
const docX, docY = 3, 3

func docLetter(t *testing.T) string {
	var g struct{ Board [][]string }
	if err := json.Unmarshal(docJSON(t), &g); err != nil {
		t.Fatal(err)
	}
	return g.Board[docY][docX]
}

// Gamestates no game can reach are refused with the field and the value
// named; their neighbours one step inside the rules are accepted.
func TestUnreachableGamestates(t *testing.T) {
	lower := strings.ToLower(docLetter(t))
	premium := [][]int{{0, 0}}
	tests := []struct {
		name  string
		edit  map[string]any
		field string // "" : accepted
		says  string
	}{
		{"three Z in the hand, the bag has one", map[string]any{"MyHand": []string{"Z", "Z", "Z"}}, "MyHand", "3 Z"},
		{"a blank in the hand of a classic game", map[string]any{"MyHand": []string{"A", "Blank"}}, "MyHand", "classic"},
		{"a blank on the board of a classic game", map[string]any{"BlanksList": [][]int{{docX, docY}}}, "BlanksList", "classic"},
		{"a blank in a game that lists premiums", map[string]any{"MyHand": []string{"A", "Blank"}, "DoubleWordList": premium}, "", ""},
		{"three blanks with one on the board",
			map[string]any{"MyHand": []string{"Blank", "Blank"}, "BlanksList": [][]int{{docX, docY}}, "DoubleWordList": premium},
			"MyHand", "2 blanks in the hand and 1 on the board"},
		{"two blanks with one on the board", map[string]any{"MyHand": []string{"Blank"}, "BlanksList": [][]int{{docX, docY}}, "DoubleWordList": premium}, "", ""},
		{"500 tiles in the bag", map[string]any{"NumberOfTilesInBag": 500}, "NumberOfTilesInBag", "500"},
		// classic: 98 tiles, 37 on the board and 7 in the hand leave 54.
		{"one tile more than is left", map[string]any{"NumberOfTilesInBag": 55}, "NumberOfTilesInBag", "55"},
		{"every tile left in the bag", map[string]any{"NumberOfTilesInBag": 54}, "", ""},
		{"a negative MoveTime", map[string]any{"MoveTime": -5000}, "MoveTime", "-5000"},
		{"MoveTime as a string", map[string]any{"MoveTime": "5000"}, "MoveTime", `"5000"`},
		{"the bag count as a string", map[string]any{"NumberOfTilesInBag": "47"}, "NumberOfTilesInBag", `"47"`},
		{"a score as a string", map[string]any{"MyScore": "19"}, "MyScore", `"19"`},
		{"the deadline as a string", map[string]any{"ResponseDeadline": "1544012659463"}, "ResponseDeadline", `"1544012659463"`},
		{"GameId as a string", map[string]any{"GameId": "7"}, "GameId", `"7"`},
		{"a premium square as strings", map[string]any{"DoubleWordList": [][]string{{"0", "0"}}}, "DoubleWordList", `"0"`},
		{"a tile score as a string", map[string]any{"TileScores": map[string]any{"A": "1"}}, "TileScores", `"1"`},
		{"a lower-case board letter not in BlanksList", map[string]any{"Board": docBoard(t, docX, docY, lower), "DoubleWordList": premium},
			"Board[3][3]", `"` + lower + `"`},
		{"a lower-case board letter in BlanksList", map[string]any{"Board": docBoard(t, docX, docY, lower),
			"BlanksList": [][]int{{docX, docY}}, "DoubleWordList": premium}, "", ""},
		// Every game opens on the start square and every play touches a
		// tile already down (the words are never judged again).
		{"the start square empty", map[string]any{"Board": docBoard(t, 7, 7, " ")}, "Board", "none on the start square [7, 7]"},
		{"tiles cut off from the start square", map[string]any{"Board": docBoard(t, 1, 6, " ")}, "Board",
			"4 tiles are cut off from the tiles on the start square [7, 7]: [0, 7], [0, 6], [0, 5], [0, 4];"},
		{"IsMover false", map[string]any{"IsMover": false}, "IsMover", "false"},
		{"IsMover missing", map[string]any{"IsMover": nil}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := gamestate.ParseRequest(edited(t, tc.edit))
			if tc.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted: rack %s, bag %d, MoveTime %v", r.Position.Rack, r.Position.BagCount, r.MoveTime)
			}
			var fe *gamestate.FieldError
			if !errors.As(err, &fe) || fe.Field != tc.field || !errors.Is(err, gamestate.ErrGamestate) {
				t.Fatalf("error %q names field %q, want %q", err, fieldOf(fe), tc.field)
			}
			if !strings.Contains(fe.Msg, tc.says) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error %q does not say %q on one line", err, tc.says)
			}
		})
	}
}

// A played blank written in lower case and listed in BlanksList is a blank.
func TestLowerCaseListedBlank(t *testing.T) {
	lower := strings.ToLower(docLetter(t))
	p, err := gamestate.Parse(edited(t, map[string]any{"Board": docBoard(t, docX, docY, lower),
		"BlanksList": [][]int{{docX, docY}}, "DoubleWordList": [][]int{{0, 0}}}))
	if err != nil {
		t.Fatal(err)
	}
	r, c := 15-1-docY, docX
	if s := p.Board.At(r, c); !s.Blank || string(s.Letter) != docLetter(t) {
		t.Errorf("square [%d, %d] = %+v, want a blank showing %s", docX, docY, s, docLetter(t))
	}
}

// A missing or null MoveTime is no MoveTime (0: the player's Clock takes its
// default), whatever ResponseDeadline says; it once took the deadline's
// milliseconds for its own.
func TestMissingMoveTimeIsNone(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  []byte
	}{
		{"missing", edited(t, map[string]any{"MoveTime": nil})},
		{"JSON null", bytes.Replace(edited(t, map[string]any{"MoveTime": nil}), []byte(`{`), []byte(`{"MoveTime":null,`), 1)},
		{"Python None", []byte(strings.Replace(string(readDoc(t)), "'MoveTime': 5000", "'MoveTime': None", 1))},
	} {
		if !bytes.Contains(tc.src, []byte("ResponseDeadline")) {
			t.Fatalf("%s: the gamestate lost its ResponseDeadline", tc.name)
		}
		p, err := gamestate.ParseRequest(tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if p.MoveTime != 0 || p.Deadline.IsZero() {
			t.Errorf("%s: MoveTime %v (want 0: none), deadline %v", tc.name, p.MoveTime, p.Deadline)
		}
	}
	p, err := gamestate.ParseRequest(edited(t, map[string]any{"MoveTime": 1500}))
	if err != nil || p.MoveTime != 1500*time.Millisecond {
		t.Errorf("MoveTime 1500: %v, %v", p.MoveTime, err)
	}
}

// A required field given as null (JSON null, Python None) is refused like
// a missing one, naming it: a null hand read as no tiles answered a pass,
// a null bag count as an empty bag another move.
func TestNullRequiredFieldIsRefused(t *testing.T) {
	for _, field := range []string{"Board", "MyHand", "NumberOfTilesInBag"} {
		src := bytes.Replace(edited(t, map[string]any{field: nil}), []byte(`{`), []byte(`{"`+field+`":null,`), 1)
		_, err := gamestate.ParseRequest(src)
		var fe *gamestate.FieldError
		if !errors.As(err, &fe) || fe.Field != field || !strings.Contains(fe.Msg, "null") {
			t.Errorf("%s null: error %v; want one naming %s as null", field, err, field)
		}
	}
	py := strings.Replace(string(readDoc(t)), "'NumberOfTilesInBag': ", "'NumberOfTilesInBag': None, 'Ignored': ", 1)
	if _, err := gamestate.ParseRequest([]byte(py)); err == nil || !strings.Contains(err.Error(), "NumberOfTilesInBag") {
		t.Errorf("NumberOfTilesInBag None (Python): error %v; want one naming it", err)
	}
}
