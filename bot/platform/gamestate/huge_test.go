package gamestate_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/platform/gamestate"
)

// Huge values, 1 MB each: a letter string, a digit string (a number too
// large for any field) and one in quotes.
var (
	hugeLetters = strings.Repeat("A", 1<<20)
	hugeDigits  = strings.Repeat("9", 1<<20)
	hugeString  = `"` + hugeLetters + `"`
)

// maxErrLen is the longest error a huge value may make: the field, the
// value's first 100 bytes and its length, and the sentence around them.
const maxErrLen = 300

// gamestateWith is a small valid gamestate with field set to raw (JSON).
func gamestateWith(field, raw string) []byte {
	fields := map[string]string{
		"Board":              `[[" "," "," "],[" ","A"," "],[" "," "," "]]`,
		"MyHand":             `["A","B"]`,
		"NumberOfTilesInBag": `5`,
	}
	fields[field] = raw
	var b strings.Builder
	b.WriteString("{")
	for k, v := range fields {
		if b.Len() > 1 {
			b.WriteString(", ")
		}
		b.WriteString(`"` + k + `": ` + v)
	}
	b.WriteString("}")
	return []byte(b.String())
}

// A 1 MB value in any field of a gamestate is refused in a short message
// that still names the field: quoted whole, it made a 1 MB error, HTTP body
// and log line. A field that takes any text (Dictionary) may accept it.
func TestHugeValuesGiveShortErrors(t *testing.T) {
	cases := []struct {
		name  string
		input []byte
		field string // the field the message must name ("" the whole input)
	}{
		{"board square", gamestateWith("Board", `[[" "," "," "],[" ",`+hugeString+`," "],[" "," "," "]]`), "Board[1][1]"},
		{"board a string", gamestateWith("Board", hugeString), "Board"},
		{"board a number", gamestateWith("Board", hugeDigits), "Board"},
		{"board row a string", gamestateWith("Board", `[`+hugeString+`]`), "Board"},
		{"hand tile", gamestateWith("MyHand", `["A",`+hugeString+`]`), "MyHand[1]"},
		{"hand a string", gamestateWith("MyHand", hugeString), "MyHand"},
		{"bag count a number", gamestateWith("NumberOfTilesInBag", hugeDigits), "NumberOfTilesInBag"},
		{"bag count a string", gamestateWith("NumberOfTilesInBag", hugeString), "NumberOfTilesInBag"},
		{"bag count digits in quotes", gamestateWith("NumberOfTilesInBag", `"`+hugeDigits+`"`), "NumberOfTilesInBag"},
		{"bag count a fraction", gamestateWith("NumberOfTilesInBag", "1."+hugeDigits), "NumberOfTilesInBag"},
		{"score a number", gamestateWith("MyScore", hugeDigits), "MyScore"},
		{"score a string", gamestateWith("MyScore", hugeString), "MyScore"},
		{"opponent's score", gamestateWith("Opponent'sScore", hugeDigits), "Opponent'sScore"},
		{"OppScore", gamestateWith("OppScore", hugeString), "OppScore"},
		{"deadline a number", gamestateWith("ResponseDeadline", hugeDigits), "ResponseDeadline"},
		{"deadline a string", gamestateWith("ResponseDeadline", hugeString), "ResponseDeadline"},
		{"move time a number", gamestateWith("MoveTime", hugeDigits), "MoveTime"},
		{"move time a string", gamestateWith("MoveTime", hugeString), "MoveTime"},
		{"game id", gamestateWith("GameId", hugeDigits), "GameId"},
		{"first go", gamestateWith("FirstGo", hugeString), "FirstGo"},
		{"dictionary a number", gamestateWith("Dictionary", hugeDigits), "Dictionary"},
		{"dictionary a string", gamestateWith("Dictionary", hugeString), "Dictionary"},
		{"opponent id", gamestateWith("OpponentId", hugeDigits), "OpponentId"},
		{"game status", gamestateWith("GameStatus", `[`+hugeString+`]`), "GameStatus"},
		{"tile score key", gamestateWith("TileScores", `{`+hugeString+`: 1}`), "TileScores["},
		{"tile score a number", gamestateWith("TileScores", `{"A": `+hugeDigits+`}`), `TileScores["A"]`},
		{"tile score a string", gamestateWith("TileScores", `{"A": `+hugeString+`}`), "TileScores"},
		{"premium x", gamestateWith("DoubleWordList", `[[`+hugeDigits+`, 1]]`), "DoubleWordList[0]"},
		{"premium x a string", gamestateWith("TripleWordList", `[[`+hugeString+`, 1]]`), "TripleWordList"},
		{"premium a string", gamestateWith("DoubleLetterList", `[`+hugeString+`]`), "DoubleLetterList"},
		{"blank y", gamestateWith("BlanksList", `[[1, `+hugeDigits+`]]`), "BlanksList[0]"},
		{"unknown key", gamestateWith("Comment", hugeString), ""},
		{"huge key", gamestateWith(hugeLetters, "1"), ""},
		{"huge key, no board", []byte(`{` + hugeString + `: 1}`), "Board"},
		{"python name", []byte(`{'Board': ` + hugeLetters + `}`), ""},
		{"python square", []byte(`{'Board': [['` + hugeLetters + `']], 'MyHand': [], 'NumberOfTilesInBag': 0}`), "Board[0][0]"},
		{"whole input a name", []byte(hugeLetters), ""},
		{"whole input a string", []byte(hugeString), ""},
		{"whole input a number", []byte(hugeDigits), ""},
	}
	for _, c := range cases {
		_, err := gamestate.Parse(c.input)
		if err == nil {
			continue // unknown keys and free text are ignored or kept
		}
		msg := err.Error()
		if len(msg) > maxErrLen {
			t.Errorf("%s: a %d-byte error: %.300s...", c.name, len(msg), msg)
			continue
		}
		var fe *gamestate.FieldError
		if !errors.As(err, &fe) || !strings.HasPrefix(fe.Field, c.field) || !strings.Contains(msg, c.field) {
			t.Errorf("%s: %q does not name %q", c.name, msg, c.field)
		}
	}
}

// The same for a move: every entry of a 1 MB move is refused in a short
// message naming the entry.
func TestHugeMovesGiveShortErrors(t *testing.T) {
	for _, c := range []struct{ name, src, field string }{
		{"tile", `[[` + hugeString + `], [[7,7]]]`, "tiles[0]"},
		{"tiles a string", `[` + hugeString + `, [[7,7]]]`, "tiles"},
		{"x", `[["A"], [[` + hugeDigits + `, 7]]]`, "positions[0]"},
		{"y a fraction", `[["A"], [[7, 1.` + hugeDigits + `]]]`, "positions[0]"},
		{"positions a string", `[["A"], ` + hugeString + `]`, "positions"},
		{"blank letter", `[["Blank"], [[7,7]], [` + hugeString + `]]`, "blanks"},
		{"python name", `[["A"], [[7, 7]], ` + hugeLetters + `]`, ""},
		{"whole move a string", hugeString, ""},
	} {
		_, err := gamestate.ParseMove([]byte(c.src), 15)
		if err == nil {
			t.Errorf("%s: accepted", c.name)
			continue
		}
		msg := err.Error()
		var fe *gamestate.FieldError
		switch {
		case len(msg) > maxErrLen:
			t.Errorf("%s: a %d-byte error: %.300s...", c.name, len(msg), msg)
		case !errors.As(err, &fe) || fe.Field != c.field || !strings.Contains(msg, c.field):
			t.Errorf("%s: %q does not name %q", c.name, msg, c.field)
		}
	}
}
