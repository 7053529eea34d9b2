package arena

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/lexico/lexico/internal/atomicfile"
)

// Record is one game as --record writes it: a header line, one line per
// turn, and an end line, each a JSON object with a "kind" field. Every turn
// keeps the exact gamestate the player was handed and the exact move it
// answered, so a game can be replayed through the referee, re-scored, or
// turned into a GCG file without the program that played it.
type Record struct {
	Header Header
	Turns  []Turn
	End    End
}

// Header says which game this is and how to play it again.
type Header struct {
	Kind    string `json:"kind"` // "game"
	Game    int    `json:"game"`
	Seed    uint64 `json:"seed"`
	Variant string `json:"variant"`
	// Players are the seats' names, --p1 first.
	Players [2]string `json:"players"`
	// Starter is the seat that moved first.
	Starter int `json:"starter"`
}

// Turn is one turn: what the player saw, what it answered and what the
// referee made of it.
type Turn struct {
	Kind string `json:"kind"` // "turn"
	Turn int    `json:"turn"`
	Seat int    `json:"seat"`
	// Gamestate is exactly what the player was handed (platform JSON).
	Gamestate json.RawMessage `json:"gamestate"`
	// Move is exactly what the player answered (platform format); an answer
	// that is not even a move is kept as a JSON string.
	Move  json.RawMessage `json:"move"`
	Legal bool            `json:"legal"`
	Late  bool            `json:"late"`
	// Reason says why the referee refused the move ("" when it stood).
	Reason string `json:"reason,omitempty"`
	// Score is what the turn scored; Total the seat's score after it.
	Score     int     `json:"score"`
	Total     int     `json:"total"`
	Bingo     bool    `json:"bingo,omitempty"`
	ElapsedMS float64 `json:"elapsed_ms"`
}

// End is the result.
type End struct {
	Kind   string `json:"kind"` // "end"
	Scores [2]int `json:"scores"`
	// Racks are the tiles each seat held at the end.
	Racks  [2]string `json:"racks"`
	Reason string    `json:"reason"`
	Turns  int       `json:"turns"`
	// Board is the final board, top row first: letters, blanks in lower
	// case, '.' for an empty square.
	Board []string `json:"board"`
}

// WriteJSONL writes r as JSON lines.
func (r *Record) WriteJSONL(w io.Writer) error {
	enc := json.NewEncoder(w)
	h := r.Header
	h.Kind = "game"
	if err := enc.Encode(h); err != nil {
		return err
	}
	for _, t := range r.Turns {
		t.Kind = "turn"
		if err := enc.Encode(t); err != nil {
			return err
		}
	}
	e := r.End
	e.Kind = "end"
	return enc.Encode(e)
}

// ReadJSONL reads a record written by WriteJSONL.
func ReadJSONL(rd io.Reader) (*Record, error) {
	r := &Record{}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	var sawHeader, sawEnd bool
	for line := 1; sc.Scan(); line++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var k struct{ Kind string }
		if err := json.Unmarshal(sc.Bytes(), &k); err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrRecord, line, err)
		}
		var err error
		switch k.Kind {
		case "game":
			sawHeader = true
			err = json.Unmarshal(sc.Bytes(), &r.Header)
		case "turn":
			var t Turn
			err = json.Unmarshal(sc.Bytes(), &t)
			r.Turns = append(r.Turns, t)
		case "end":
			sawEnd = true
			err = json.Unmarshal(sc.Bytes(), &r.End)
		default:
			err = fmt.Errorf("unknown kind %q", k.Kind)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrRecord, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRecord, err)
	}
	if !sawHeader || !sawEnd {
		return nil, fmt.Errorf("%w: no game header or no end line (an unfinished file?)", ErrRecord)
	}
	return r, nil
}

// Save writes the game's two files into dir, game-NNNN.jsonl and
// game-NNNN.gcg, each atomically: a reader never sees half a file.
func (r *Record) Save(dir string) error {
	base := filepath.Join(dir, fmt.Sprintf("game-%04d", r.Header.Game))
	if err := atomicfile.Write(base+".jsonl", 0o600, r.WriteJSONL); err != nil {
		return err
	}
	return atomicfile.Write(base+".gcg", 0o600, r.WriteGCG)
}
