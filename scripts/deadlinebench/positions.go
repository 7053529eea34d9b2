package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// Position classes.
const (
	classCrowded = "crowded" // many tiles on the board, two blanks in the rack, bag not empty
	classEndgame = "endgame" // bag empty (the corpus's lines 72 and 150 by default)
	classMiddle  = "middle"  // an ordinary middle game
)

var classes = []string{classCrowded, classEndgame, classMiddle}

// Position is one corpus gamestate and what the selection looks at.
type Position struct {
	Line   int // 1-based line in the corpus
	Class  string
	Tiles  int // tiles on the board
	Blanks int // blanks in the rack
	Hand   int // tiles in the rack
	Bag    int
	Size   int // the board's side
	// Refused is why run and serve refuse the gamestate (nil: they answer
	// it, maybe as the multipliers game reachable made it).
	Refused error
	raw     map[string]json.RawMessage
}

// Unseen is the tiles neither on the board nor in the rack, of the 100 of
// a standard set.
func (p *Position) Unseen() int { return 100 - p.Tiles - p.Hand }

// parsePosition reads one corpus line.
func parsePosition(line int, data []byte) (*Position, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("line %d: %w", line, err)
	}
	var f struct {
		Board [][]string
		Hand  []string `json:"MyHand"`
		Bag   int      `json:"NumberOfTilesInBag"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("line %d: %w", line, err)
	}
	p := &Position{Line: line, Hand: len(f.Hand), Bag: f.Bag, Size: len(f.Board), raw: raw}
	for _, row := range f.Board {
		for _, sq := range row {
			if sq != " " && sq != "" {
				p.Tiles++
			}
		}
	}
	for _, t := range f.Hand {
		if t == "Blank" {
			p.Blanks++
		}
	}
	if _, err := gamestate.Parse(data); err != nil {
		p.raw, p.Refused = reachable(raw, f.Board, err)
	}
	if p.Refused == nil {
		p.Class = classify(p)
	}
	return p, nil
}

// reachable makes a corpus gamestate one that run and serve answer. The
// corpus is synthetic: genpositions gives every third rack two blanks,
// classic ones too, and no classic game holds a blank, so the front ends
// refuse those gamestates (gamestate.Parse names the blank). Such a
// position is sent as the multipliers game it could be: the same board and
// rack with the multipliers board's uncovered premium squares listed, the
// endgame and crowded-board stress (two blanks to place) kept. A gamestate
// still refused (a multipliers one with more blanks than its bag) is
// returned with refused set, and stays out of every class.
func reachable(raw map[string]json.RawMessage, rows [][]string, why error) (out map[string]json.RawMessage, refused error) {
	v := variant.Multipliers
	for _, name := range premiumLists {
		if l := bytes.TrimSpace(raw[name]); len(l) > 0 && !bytes.Equal(l, []byte("[]")) && !bytes.Equal(l, []byte("null")) {
			return raw, why // premiums listed already: not a classic gamestate
		}
	}
	if len(rows) != v.Size {
		return raw, why
	}
	lists := map[board.Premium][][2]int{}
	for y, row := range rows {
		for x, sq := range row {
			r, c := board.FromPlatform(v.Size, x, y)
			if pr := v.Layout[r*v.Size+c]; pr != board.NoPremium && (sq == " " || sq == "") {
				lists[pr] = append(lists[pr], [2]int{x, y})
			}
		}
	}
	out = make(map[string]json.RawMessage, len(raw)+4)
	for k, val := range raw {
		out[k] = val
	}
	for i, pr := range []board.Premium{board.DoubleLetter, board.TripleLetter, board.DoubleWord, board.TripleWord} {
		js, err := json.Marshal(append([][2]int{}, lists[pr]...))
		if err != nil {
			return raw, err
		}
		out[premiumLists[i]] = js
	}
	data, err := json.Marshal(out)
	if err != nil {
		return raw, err
	}
	if _, err := gamestate.Parse(data); err != nil {
		return raw, why
	}
	return out, nil
}

// premiumLists are the gamestate's premium fields, in the order reachable
// fills them.
var premiumLists = []string{"DoubleLetterList", "TripleLetterList", "DoubleWordList", "TripleWordList"}

// classify puts a position in a class ("" for none of them).
func classify(p *Position) string {
	switch {
	case p.Bag == 0:
		return classEndgame
	case p.Tiles >= 75 && p.Blanks == 2:
		return classCrowded
	case p.Tiles >= 25 && p.Tiles <= 65 && p.Blanks < 2:
		return classMiddle
	}
	return ""
}

// loadCorpus reads a JSON-lines corpus, one gamestate a line.
func loadCorpus(path string) ([]*Position, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []*Position
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		p, err := parsePosition(n, sc.Bytes())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// Selection is the positions each class draws from.
type Selection map[string][]*Position

// selectPositions picks the benchmark's positions: the endgames by line
// (they must be endgames: the bag empty), and perClass crowded and middle
// positions, either the lines given or chosen by seed among those of the
// class.
func selectPositions(corpus []*Position, seed uint64, perClass int, endgames, crowded, middle []int) (Selection, error) {
	byLine := map[int]*Position{}
	for _, p := range corpus {
		byLine[p.Line] = p
	}
	pick := func(class string, lines []int) ([]*Position, error) {
		if len(lines) > 0 {
			var out []*Position
			for _, l := range lines {
				p, ok := byLine[l]
				if !ok {
					return nil, fmt.Errorf("%s: the corpus has no line %d", class, l)
				}
				if p.Refused != nil {
					return nil, fmt.Errorf("%s: line %d is a gamestate run and serve refuse: %w", class, l, p.Refused)
				}
				if p.Class != class {
					return nil, fmt.Errorf("%s: line %d is not one (%d tiles on the board, %d blanks in the rack, %d in the bag)",
						class, l, p.Tiles, p.Blanks, p.Bag)
				}
				out = append(out, p)
			}
			return out, nil
		}
		var pool []*Position
		for _, p := range corpus {
			if p.Class == class {
				pool = append(pool, p)
			}
		}
		if len(pool) == 0 {
			return nil, fmt.Errorf("the corpus has no %s position", class)
		}
		r := rand.New(rand.NewPCG(seed, hashString("select/"+class)))
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		pool = pool[:min(perClass, len(pool))]
		slices.SortFunc(pool, func(a, b *Position) int { return a.Line - b.Line })
		return pool, nil
	}
	sel := Selection{}
	var err error
	if sel[classEndgame], err = pick(classEndgame, endgames); err != nil {
		return nil, err
	}
	if sel[classCrowded], err = pick(classCrowded, crowded); err != nil {
		return nil, err
	}
	if sel[classMiddle], err = pick(classMiddle, middle); err != nil {
		return nil, err
	}
	return sel, nil
}

// Order is the position of each answer of a condition: the classes in
// turn (so every class gets a third of the answers), and within a class
// its positions in an order shuffled by the seed and the condition's name.
func (s Selection) Order(seed uint64, cond string, n int) []*Position {
	r := rand.New(rand.NewPCG(seed, hashString(cond)))
	perm := map[string][]*Position{}
	for _, c := range classes {
		perm[c] = slices.Clone(s[c])
		r.Shuffle(len(perm[c]), func(i, j int) { perm[c][i], perm[c][j] = perm[c][j], perm[c][i] })
	}
	out := make([]*Position, n)
	for i := range out {
		ps := perm[classes[i%len(classes)]]
		out[i] = ps[(i/len(classes))%len(ps)]
	}
	return out
}

func hashString(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// Template is a position's gamestate with MoveTime set, ready to take a
// live ResponseDeadline: rendering is two appends, so the deadline is read
// from the clock at the last moment.
type Template struct {
	pre, post []byte
	MoveTime  time.Duration
}

// sentinel stands for the deadline in the marshalled template.
const sentinel = "9223372036854775807"

// Template rewrites the corpus gamestate for a live answer: MoveTime is mt
// and ResponseDeadline (0 in the corpus: none) is left to Render. Every
// other field is kept as it is.
func (p *Position) Template(mt time.Duration) (Template, error) {
	if mt < time.Millisecond {
		return Template{}, fmt.Errorf("MoveTime %v: want at least 1ms", mt)
	}
	m := make(map[string]json.RawMessage, len(p.raw)+2)
	for k, v := range p.raw {
		m[k] = v
	}
	m["MoveTime"] = json.RawMessage(strconv.FormatInt(mt.Milliseconds(), 10))
	m["ResponseDeadline"] = json.RawMessage(sentinel)
	data, err := json.Marshal(m)
	if err != nil {
		return Template{}, fmt.Errorf("line %d: %w", p.Line, err)
	}
	key := []byte(`"ResponseDeadline":` + sentinel)
	if bytes.Count(data, key) != 1 {
		return Template{}, fmt.Errorf("line %d: cannot place the deadline in the gamestate", p.Line)
	}
	i := bytes.Index(data, key) + len(key) - len(sentinel)
	return Template{pre: data[:i], post: data[i+len(sentinel):], MoveTime: mt}, nil
}

// Render is the gamestate asked at now: ResponseDeadline = now + MoveTime
// in epoch milliseconds. deadline is that instant, carrying now's
// monotonic reading so it can be compared with later clock readings.
func (t Template) Render(now time.Time) (deadline time.Time, body []byte) {
	ms := now.Add(t.MoveTime).UnixMilli() // truncated: never later than now+MoveTime
	deadline = now.Add(time.UnixMilli(ms).Sub(now))
	body = make([]byte, 0, len(t.pre)+len(t.post)+20)
	body = append(body, t.pre...)
	body = strconv.AppendInt(body, ms, 10)
	body = append(body, t.post...)
	return deadline, body
}
