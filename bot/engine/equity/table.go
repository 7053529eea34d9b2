package equity

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/lexico/lexico/bot/engine/leaves"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/quote"
)

// MaxLeave is the most tiles a leave can hold (a full rack kept by a pass).
const MaxLeave = 7

// Table is a leave evaluator whose numbers are data, not code: the model and
// parameters come from data/leaves-hand.csv, and the full tables learned
// from self-play (package leaves, Learned) take over for the bags they were
// learned with, by being different files, not a different program.
//
// The file is CSV with the header feature,key,value; '#' starts a comment
// line; a row not given is worth 0. Features:
//
//	tile,L,v          keeping one L (A-Z, ? for the blank) is worth v
//	duplicate,L,v     each further copy of L kept adds v (usually < 0)
//	balance,V:C,v     a leave of V vowels (AEIOU) and C consonants adds v;
//	                  blanks count as neither
//	synergy,LETTERS,v a leave holding all of LETTERS adds v (e.g. ING)
//	q_without_u,,v    a leave with a Q and no U adds v
//	leave,TILES,v     the exact leave TILES is worth v, overriding all of the
//	                  above: the hook for a full learned table
//	param,NAME,v      tuning: fade_bag, tiles_left_weight, go_out_weight,
//	                  exchange_cost (see ScoreAndLeave)
//
// The model is additive and small on purpose: 27 + 27 + 28 numbers can be
// tuned by hand and fitted by regression, while an exact table of every
// leave (about 900,000 for English) needs self-play data we do not have yet.
type Table struct {
	Tile      [tile.NumKinds]float64
	Duplicate [tile.NumKinds]float64
	// Balance is indexed [vowels][consonants].
	Balance   [MaxLeave + 1][MaxLeave + 1]float64
	Synergies []Synergy
	QWithoutU float64
	// Exact maps a leave (see leaveKey) to its value.
	Exact map[uint64]float64
	// Learned are full learned tables, each for one bag (distribution);
	// LeaveValue asks the one that fits the variant in play before the
	// model above.
	Learned []*leaves.Table
	// shipped are the learned tables embedded in the binary
	// (DefaultTable), asked after Learned, each read the first time a game
	// of its bag asks it.
	shipped []*shippedTable

	// FadeBag: with fewer tiles than this in the bag, leave values are scaled
	// down linearly, reaching 0 when the bag is empty. Kept tiles matter less
	// when few draws remain; in the endgame only their face value counts.
	FadeBag float64
	// TilesLeftWeight multiplies the face value of tiles still held after a
	// move made with the bag empty: points that may end up lost.
	TilesLeftWeight float64
	// GoOutWeight multiplies the face value of the unseen tiles (the
	// opponent's rack once the bag is empty) when a move empties our rack
	// and so ends the game.
	GoOutWeight float64
	// ExchangeCost is charged to every exchange: the turn given away.
	ExchangeCost float64
}

// Synergy is a group of tiles worth more kept together than apart.
type Synergy struct {
	Tiles tile.Rack
	Value float64
	// kinds has bit i when Tiles holds tile kind i: Parse sets it, so that
	// Value passes over a synergy the leave lacks a kind of with one AND
	// (most of them, most of the time). 0 (a Synergy made in code): Tiles
	// are compared kind by kind.
	kinds uint32
}

var vowel = [tile.NumKinds]bool{'A' - 'A': true, 'E' - 'A': true, 'I' - 'A': true, 'O' - 'A': true, 'U' - 'A': true}

// IsVowel reports whether b is A, E, I, O or U (Y counts as a consonant).
func IsVowel(b byte) bool { i := tile.Index(b); return i >= 0 && vowel[i] }

// LeaveValue is what keeping leave is worth in variant v: the learned
// table's value when one fits v's bag and holds the leave (up to
// leaves.MaxTiles tiles), else the model's (Value). It does not allocate.
func (t *Table) LeaveValue(v *variant.Variant, leave tile.Rack) float64 {
	if leave.N == 0 {
		return 0
	}
	return t.leaveValueIn(t.LearnedFor(v), leave)
}

// leaveValueIn is LeaveValue with the learned table already found (l,
// nil when none fits).
func (t *Table) leaveValueIn(l *leaves.Table, leave tile.Rack) float64 {
	if l != nil {
		if x, ok := l.Value(&leave); ok {
			return x
		}
	}
	return t.Value(leave)
}

// LearnedFor is the learned table that values leaves in variant v: the
// first of Learned, then of the shipped tables, that fits v's bag; nil when
// none does (the model values them).
func (t *Table) LearnedFor(v *variant.Variant) *leaves.Table {
	if v == nil {
		return nil
	}
	for _, l := range t.Learned {
		if l.Fits(&v.Distribution) {
			return l
		}
	}
	for _, s := range t.shipped {
		if leaves.BagFits(&s.bag, &v.Distribution) {
			return s.table()
		}
	}
	return nil
}

// WithLearned is t with exactly the learned tables l (none shipped): the
// same model and parameters.
func (t *Table) WithLearned(l ...*leaves.Table) *Table {
	out := *t
	out.Learned, out.shipped = l, nil
	return &out
}

// Value is what keeping leave is worth by the model (and Exact rows), in
// points, whatever the bag. It does not allocate.
func (t *Table) Value(leave tile.Rack) float64 {
	if leave.N == 0 {
		return 0
	}
	if t.Exact != nil {
		if v, ok := t.Exact[leaveKey(&leave)]; ok {
			return v
		}
	}
	var sum float64
	vowels, consonants := 0, 0
	kinds := leave.Kinds()
	for m := kinds; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		n := leave.Counts[i]
		sum += t.Tile[i] + float64(n-1)*t.Duplicate[i]
		switch {
		case i == tile.BlankIndex:
		case vowel[i]:
			vowels += int(n)
		default:
			consonants += int(n)
		}
	}
	if vowels <= MaxLeave && consonants <= MaxLeave {
		sum += t.Balance[vowels][consonants]
	}
	for i := range t.Synergies {
		sy := &t.Synergies[i]
		if sy.kinds&^kinds == 0 && containsKinds(&leave, &sy.Tiles, sy.kinds) {
			sum += sy.Value
		}
	}
	if leave.Counts['Q'-'A'] > 0 && leave.Counts['U'-'A'] == 0 {
		sum += t.QWithoutU
	}
	return sum
}

// containsKinds is contains for a sub whose kinds are those of the mask
// kinds (0: unknown, every kind compared).
func containsKinds(r, sub *tile.Rack, kinds uint32) bool {
	if kinds == 0 {
		return contains(r, sub)
	}
	for m := kinds; m != 0; m &= m - 1 {
		if i := bits.TrailingZeros32(m); r.Counts[i] < sub.Counts[i] {
			return false
		}
	}
	return true
}

func contains(r, sub *tile.Rack) bool {
	for i, n := range sub.Counts {
		if r.Counts[i] < n {
			return false
		}
	}
	return true
}

// leaveKey packs a leave of at most 12 tiles into a number: 5 bits a tile,
// in tile order, so equal multisets get equal keys without a string.
func leaveKey(r *tile.Rack) uint64 {
	var k uint64
	for i, n := range r.Counts {
		for ; n > 0; n-- {
			k = k<<5 | uint64(i+1)
		}
	}
	return k
}

// Parse reads a table in the format described on Table.
func Parse(r io.Reader) (*Table, error) {
	cr := csv.NewReader(r)
	cr.Comment = '#'
	cr.FieldsPerRecord = 3
	cr.TrimLeadingSpace = true
	t := &Table{}
	header := true
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrTable, err)
		}
		line, _ := cr.FieldPos(0)
		if header {
			header = false
			if strings.Join(rec, ",") != "feature,key,value" {
				return nil, fmt.Errorf("line %d: %w (got %s)", line, ErrHeader, quote.String(strings.Join(rec, ",")))
			}
			continue
		}
		if err := t.set(rec[0], strings.TrimSpace(rec[1]), strings.TrimSpace(rec[2])); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
	}
	if header {
		return nil, fmt.Errorf("line 1: %w (empty table)", ErrHeader)
	}
	return t, nil
}

func (t *Table) set(feature, key, value string) error {
	v, err := strconv.ParseFloat(value, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%w %s for %s,%s", ErrValue, quote.String(value), quote.Text(feature), quote.Text(key))
	}
	switch feature {
	case "tile", "duplicate":
		if len(key) != 1 || tile.Index(key[0]) < 0 {
			return fmt.Errorf("%w %s: %s wants one tile, A-Z or ?", ErrKey, quote.String(key), feature)
		}
		if feature == "tile" {
			t.Tile[tile.Index(key[0])] = v
		} else {
			t.Duplicate[tile.Index(key[0])] = v
		}
	case "balance":
		var vw, cn int
		if n, err := fmt.Sscanf(key, "%d:%d", &vw, &cn); n != 2 || err != nil ||
			vw < 0 || cn < 0 || vw > MaxLeave || cn > MaxLeave || fmt.Sprintf("%d:%d", vw, cn) != key {
			return fmt.Errorf("%w %s: balance wants vowels:consonants, each 0-%d", ErrKey, quote.String(key), MaxLeave)
		}
		t.Balance[vw][cn] = v
	case "synergy", "leave":
		r, err := tile.ParseRack(key)
		if err != nil || r.N == 0 || r.N > 12 {
			return fmt.Errorf("%w %s: %s wants 1-12 tiles, A-Z or ?", ErrKey, quote.String(key), feature)
		}
		if feature == "synergy" {
			t.Synergies = append(t.Synergies, Synergy{Tiles: r, Value: v, kinds: r.Kinds()})
		} else {
			if t.Exact == nil {
				t.Exact = map[uint64]float64{}
			}
			t.Exact[leaveKey(&r)] = v
		}
	case "q_without_u":
		if key != "" {
			return fmt.Errorf("%w %s: q_without_u takes no key", ErrKey, quote.String(key))
		}
		t.QWithoutU = v
	case "param":
		p, ok := map[string]*float64{
			"fade_bag": &t.FadeBag, "tiles_left_weight": &t.TilesLeftWeight,
			"go_out_weight": &t.GoOutWeight, "exchange_cost": &t.ExchangeCost,
		}[key]
		if !ok {
			return fmt.Errorf("%w %s: unknown param (fade_bag, tiles_left_weight, go_out_weight, exchange_cost)", ErrKey, quote.String(key))
		}
		*p = v
	default:
		return fmt.Errorf("%w %s (tile, duplicate, balance, synergy, q_without_u, leave, param)", ErrFeature, quote.String(feature))
	}
	return nil
}
