package gamestate_test

import (
	"errors"
	"math"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

const docExample = "../../../data/gamestates/doc-example.txt"

func readDoc(t testing.TB) []byte {
	data, err := os.ReadFile(docExample)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// runs lists the words of two or more letters on b: along rows (across) or
// down columns (down), top row first.
func runs(b *board.Board, down bool) []string {
	var out []string
	for i := 0; i < b.Size; i++ {
		var cur []byte
		for j := 0; j <= b.Size; j++ {
			r, c := i, j
			if down {
				r, c = j, i
			}
			if s := b.At(r, c); j < b.Size && !s.Empty() {
				cur = append(cur, s.Letter)
				continue
			}
			if len(cur) >= 2 {
				out = append(out, string(cur))
			}
			cur = cur[:0]
		}
	}
	sort.Strings(out)
	return out
}

// The doc's example proves Board[0] is the bottom row: its vertical words
// read as words only from high y down to low y.
func TestDocExampleOrientation(t *testing.T) {
	p, err := gamestate.Parse(readDoc(t))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(runs(p.Board, true), " "), "ARID EDGE FOOL HIM OBTAIN REED"; got != want {
		t.Errorf("down words %q, want %q\n%s", got, want, p.Board)
	}
	if got, want := strings.Join(runs(p.Board, false), " "), "GIN LIMB ODIOUS RAVE TWINE"; got != want {
		t.Errorf("across words %q, want %q", got, want)
	}
	// ODIOUS is on board[5] (y = 5), x = 8..13: engine row 9.
	if s := p.Board.At(9, 8); s.Letter != 'O' {
		t.Errorf("engine (9,8) = %q, want O of ODIOUS", s.Letter)
	}
}

func TestDocExampleFields(t *testing.T) {
	r, err := gamestate.ParseRequest(readDoc(t))
	p := r.Position
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"MyScore", p.MyScore, 19},
		{"OppScore", p.OppScore, 54},
		{"BagCount", p.BagCount, 47},
		{"FirstGo", p.FirstGo, false},
		{"Rack", p.Rack.String(), "FILNPST"},
		{"Deadline", r.Deadline.UnixMilli(), int64(1544012659463)},
		{"MoveTime", r.MoveTime, 5 * time.Second},
		{"GameID", r.GameID, int64(2398845)},
		{"Opponent", r.Opponent, "housebot-practise"},
		{"Status", r.Status, "RUNNING"},
		{"Dictionary", r.Dictionary, "https://s3.eu-west-2.amazonaws.com/aigaming2/Lexico/dictionary.txt"},
		{"Values", p.Variant.Values, variant.EnglishValues},
		{"Distribution (no blanks, no premiums: Classic)", p.Variant.Distribution, variant.Classic.Distribution},
		{"Size", p.Variant.Size, 15},
		{"Start", [2]int{p.Variant.StartRow, p.Variant.StartCol}, [2]int{7, 7}},
		{"RackSize", p.Variant.RackSize, 7},
		{"tiles on board", p.Board.TileCount(), 37},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// A layout with no symmetry catches a flipped or transposed reading that a
// symmetric standard layout would hide (its tiles still one group through
// the start square, as in any game).
const lopsided = `{
  "Board": [
    [" ", " ", " ", " ", " "],
    [" ", " ", " ", " ", " "],
    [" ", " ", "C", "A", "T"],
    [" ", " ", "Q", " ", " "],
    [" ", " ", " ", " ", " "]
  ],
  "MyHand": ["A", "Blank", "z"],
  "TileScores": {"A": 2, "Q": 11},
  "BlanksList": [[3, 2]],
  "DoubleLetterList": [[1, 0]],
  "TripleLetterList": [[4, 3]],
  "DoubleWordList": [[0, 2]],
  "TripleWordList": [[4, 4], [2, 2]],
  "NumberOfTilesInBag": 20,
  "OppScore": 7,
  "Extra": {"ignored": [1, 2, 3]}
}`

func TestLopsidedLayout(t *testing.T) {
	p, err := gamestate.Parse([]byte(lopsided))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		".....", // y = 4 is the top row
		"..Q..",
		"..CaT", // [3,2] is a blank
		".....",
		".....",
	}
	if got := strings.TrimSpace(p.Board.String()); got != strings.Join(want, "\n") {
		t.Fatalf("board:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	prem := map[[2]int]board.Premium{ // engine (row, col) = (4-y, x)
		{4, 1}: board.DoubleLetter, {1, 4}: board.TripleLetter, {2, 0}: board.DoubleWord,
		{0, 4}: board.TripleWord, {2, 2}: board.TripleWord,
	}
	for r := 0; r < 5; r++ {
		for c := 0; c < 5; c++ {
			if got := p.Variant.Layout[r*5+c]; got != prem[[2]int{r, c}] {
				t.Errorf("layout (%d,%d) = %v, want %v", r, c, got, prem[[2]int{r, c}])
			}
			if got := p.Board.PremiumAt(r, c); got != prem[[2]int{r, c}] {
				t.Errorf("board premium (%d,%d) = %v, want %v", r, c, got, prem[[2]int{r, c}])
			}
		}
	}
	if p.Rack.String() != "AZ?" || p.OppScore != 7 || p.BagCount != 20 {
		t.Errorf("rack %q opp %d bag %d", p.Rack.String(), p.OppScore, p.BagCount)
	}
	if p.Variant.Values['A'-'A'] != 2 || p.Variant.Values['Q'-'A'] != 11 || p.Variant.Values['Z'-'A'] != 10 {
		t.Errorf("values A %d Q %d Z %d", p.Variant.Values[0], p.Variant.Values[16], p.Variant.Values[25])
	}
	if p.Variant.Distribution != variant.Multipliers.Distribution {
		t.Errorf("blanks and premiums in play, but the distribution is not Multipliers")
	}
	if p.Variant.StartRow != 2 || p.Variant.StartCol != 2 {
		t.Errorf("start (%d,%d), want the centre (2,2)", p.Variant.StartRow, p.Variant.StartCol)
	}
	if p.FirstGo {
		t.Errorf("FirstGo %v defaulted wrongly on a board with tiles", p.FirstGo)
	}
}

// Encode then Parse gives the same position; covered premiums drop out.
func TestEncodeRoundTrip(t *testing.T) {
	for _, src := range [][]byte{readDoc(t), []byte(lopsided)} {
		p, err := gamestate.ParseRequest(src)
		if err != nil {
			t.Fatal(err)
		}
		p.Deadline = time.UnixMilli(1700000000123)
		enc, err := gamestate.EncodeRequest(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := gamestate.ParseRequest(enc)
		if err != nil {
			t.Fatalf("parse of encoded: %v\n%s", err, enc)
		}
		sameRequest(t, p, q)
	}
	// The TW under C at [2,2] is covered: Encode must not list it.
	p, _ := gamestate.Parse([]byte(lopsided))
	enc, _ := gamestate.Encode(p)
	if !strings.Contains(string(enc), `"TripleWordList":[[4,4]]`) {
		t.Errorf("covered premium listed, or list malformed:\n%s", enc)
	}
	if !strings.Contains(string(enc), `"Opponent'sScore":7`) || !strings.Contains(string(enc), `"BlanksList":[[3,2]]`) {
		t.Errorf("encoded gamestate lacks Opponent'sScore or BlanksList:\n%s", enc)
	}
}

func sameRequest(t *testing.T, r, s *gamestate.Request) {
	t.Helper()
	if !r.Deadline.Equal(s.Deadline) || r.MoveTime != s.MoveTime || r.Dictionary != s.Dictionary || r.GameID != s.GameID ||
		r.Opponent != s.Opponent || r.Status != s.Status {
		t.Errorf("request %+v\nbecame %+v", *r, *s)
	}
	samePosition(t, r.Position, s.Position)
}

func samePosition(t *testing.T, p, q *position.Position) {
	t.Helper()
	if p.Board.String() != q.Board.String() {
		t.Errorf("board\n%s\nbecame\n%s", p.Board, q.Board)
	}
	for i := range p.Board.Squares {
		if p.Board.Squares[i].Empty() && p.Board.Premiums[i] != q.Board.Premiums[i] {
			t.Errorf("uncovered premium at %d: %v became %v", i, p.Board.Premiums[i], q.Board.Premiums[i])
		}
	}
	if p.Rack != q.Rack || p.BagCount != q.BagCount || p.FirstGo != q.FirstGo || p.MyScore != q.MyScore ||
		p.OppScore != q.OppScore {
		t.Errorf("position %+v\nbecame %+v", *p, *q)
	}
	if p.Variant.Values != q.Variant.Values || p.Variant.Distribution != q.Variant.Distribution {
		t.Errorf("variant values or distribution changed")
	}
}

func TestPythonLiteral(t *testing.T) {
	src := `{'Board': [[' ', ' ', ' '], [' ', 'A', ' '], [' ', ' ', ' '],], # trailing comma, comment
		'MyHand': ('B', 'Blank'), 'NumberOfTilesInBag': 3, 'FirstGo': False, 'IsMover': True,
		"Opponent'sScore": 12, 'GameStatus': None, 'Dictionary': 'it\'s \x41'}`
	r, err := gamestate.ParseRequest([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if p := r.Position; p.OppScore != 12 || p.Rack.String() != "B?" || r.Dictionary != "it's A" || p.Board.At(1, 1).Letter != 'A' {
		t.Fatalf("parsed %+v", *r)
	}
}

// Numbers with an exponent, as Python prints large floats, are numbers in
// the Python-literal form too.
func TestPythonLiteralExponent(t *testing.T) {
	src := `{'Board': [[' ']], 'MyHand': [], 'NumberOfTilesInBag': 0, 'MoveTime': 1.5e3, 'ResponseDeadline': 1.544012659463E+12}`
	p, err := gamestate.ParseRequest([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if p.MoveTime != 1500*time.Millisecond || p.Deadline.UnixMilli() != 1544012659463 {
		t.Fatalf("MoveTime %v, ResponseDeadline %d ms", p.MoveTime, p.Deadline.UnixMilli())
	}
}

func TestParseErrors(t *testing.T) {
	row := `[" "," "," "]`
	board3 := `"Board": [` + row + `,` + row + `,` + row + `]`
	ok := `"MyHand": ["A"], "NumberOfTilesInBag": 5`
	tests := []struct {
		name, src, field string
	}{
		{"not JSON or Python", `{"Board": [[" "]] ,, }`, ""},
		{"not an object", `[1, 2]`, ""},
		{"missing board", `{` + ok + `}`, "Board"},
		{"board not square", `{"Board": [` + row + `,` + row + `], ` + ok + `}`, "Board[0]"},
		{"row of the wrong length", `{"Board": [` + row + `,[" "," "],` + row + `], ` + ok + `}`, "Board[1]"},
		{"board of numbers", `{"Board": [[1]], ` + ok + `}`, "Board"},
		{"letter not A-Z on the board", `{"Board": [` + row + `,[" ","1"," "],` + row + `], ` + ok + `}`, "Board[1][1]"},
		{"two letters in a square", `{"Board": [` + row + `,[" ","AB"," "],` + row + `], ` + ok + `}`, "Board[1][1]"},
		{"hand of 8", `{` + board3 + `, "MyHand": ["A","B","C","D","E","F","G","H"], "NumberOfTilesInBag": 5}`, "MyHand"},
		{"hand tile not a letter", `{` + board3 + `, "MyHand": ["A","7"], "NumberOfTilesInBag": 5}`, "MyHand[1]"},
		{"missing hand", `{` + board3 + `, "NumberOfTilesInBag": 5}`, "MyHand"},
		{"missing bag count", `{` + board3 + `, "MyHand": ["A"]}`, "NumberOfTilesInBag"},
		{"negative bag count", `{` + board3 + `, "MyHand": ["A"], "NumberOfTilesInBag": -1}`, "NumberOfTilesInBag"},
		{"premium off the board", `{` + board3 + `, ` + ok + `, "DoubleWordList": [[1, 3]]}`, "DoubleWordList[0]"},
		{"premium not a pair", `{` + board3 + `, ` + ok + `, "TripleLetterList": [[1]]}`, "TripleLetterList[0]"},
		{"square in two lists", `{` + board3 + `, ` + ok + `, "TripleLetterList": [[1,1]], "DoubleWordList": [[1,1]]}`, "DoubleWordList[0]"},
		{"blank on an empty square", `{` + board3 + `, ` + ok + `, "BlanksList": [[0, 0]]}`, "BlanksList[0]"},
		{"tile score not a number", `{` + board3 + `, ` + ok + `, "TileScores": {"A": "x"}}`, "TileScores"},
		{"tile score for a non-letter", `{` + board3 + `, ` + ok + `, "TileScores": {"AA": 1}}`, `TileScores["AA"]`},
		{"one tile scored twice", `{` + board3 + `, ` + ok + `, "TileScores": {"f": 5, "A": 1, "F": 4}}`, `TileScores["f"]`},
		{"score not a number", `{` + board3 + `, ` + ok + `, "MyScore": "lots"}`, "MyScore"},
		{"score a fraction", `{` + board3 + `, ` + ok + `, "MyScore": 1.5}`, "MyScore"},
		{"FirstGo not a bool", `{` + board3 + `, ` + ok + `, "FirstGo": 3}`, "FirstGo"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := gamestate.Parse([]byte(tc.src))
			if err == nil {
				t.Fatalf("accepted: %+v", p)
			}
			if !errors.Is(err, gamestate.ErrGamestate) {
				t.Errorf("error %v does not wrap ErrGamestate", err)
			}
			var fe *gamestate.FieldError
			if !errors.As(err, &fe) || fe.Field != tc.field {
				t.Errorf("error %q names field %q, want %q", err, fieldOf(fe), tc.field)
			}
		})
	}
}

// An input with nothing in it, or that is not an object at all, is named as
// such, without encoding/json's Go type names.
func TestParseWholeInputErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"empty", "", "the input is empty"},
		{"blank lines", " \n\t\n", "the input is empty"},
		{"only a comment", "# a gamestate\n", "the input is empty"},
		{"a list", `[1, 2]`, "not a JSON object or Python dict: found a JSON array where an object is expected"},
		{"a string", `"Board"`, "not a JSON object or Python dict: found a JSON string where an object is expected"},
	} {
		_, err := gamestate.Parse([]byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "Go value") {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

func fieldOf(fe *gamestate.FieldError) string {
	if fe == nil {
		return "<no FieldError>"
	}
	return fe.Field
}

// A MoveTime too large for a Duration saturates instead of wrapping: 1e13
// ms once became a negative time (taken for none, so the 1 s default) and
// 2e13 about 49 years; both mean "more than the clock gives", which the
// player's Clock caps.
func TestHugeMoveTimeSaturates(t *testing.T) {
	for _, ms := range []string{"10000000000000", "20000000000000", "9223372036854775807"} {
		p, err := gamestate.ParseRequest([]byte(`{"Board": [[" "]], "MyHand": [], "NumberOfTilesInBag": 0, "MoveTime": ` + ms + `}`))
		if err != nil {
			t.Fatal(err)
		}
		if p.MoveTime != math.MaxInt64 {
			t.Errorf("MoveTime %s ms: %v, want the largest Duration", ms, p.MoveTime)
		}
	}
}

// A whole number too large for the field is said to be out of range: it
// was called "not an integer", which a bot author sending 10**30 cannot
// make sense of; a fraction is still not an integer.
func TestAHugeIntegerIsOutOfRange(t *testing.T) {
	for _, tc := range []struct{ field, value, want string }{
		{"ResponseDeadline", "1000000000000000000000000000000", "ResponseDeadline: 1000000000000000000000000000000 is out of range"},
		{"GameId", "1e400", "GameId: 1e400 is out of range"},
		{"ResponseDeadline", "1544012659463.5", "ResponseDeadline: 1544012659463.5 is not an integer"},
	} {
		_, err := gamestate.ParseRequest([]byte(`{"Board": [[" "]], "MyHand": [], "NumberOfTilesInBag": 0, "` + tc.field + `": ` + tc.value + `}`))
		if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("%s %s: %v; want %q", tc.field, tc.value, err, tc.want)
		}
	}
}
