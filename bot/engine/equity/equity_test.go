package equity

import (
	"errors"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

func rack(t *testing.T, s string) tile.Rack {
	t.Helper()
	r, err := tile.ParseRack(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustDefault(t *testing.T) *Table {
	t.Helper()
	tb, err := DefaultTable()
	if err != nil {
		t.Fatalf("embedded data/leaves-hand.csv: %v", err)
	}
	return tb
}

// The default table must encode the tactics of the platform's Lexico
// documentation (keep S and blanks, avoid a hand of all vowels or all
// consonants) and avoid duplicates and a Q without a U (equity.RackProblem).
func TestDefaultTableOrdersLeavesAsAdvised(t *testing.T) {
	tb := mustDefault(t)
	better := [][2]string{
		{"?", "E"}, {"S", "E"}, {"E", "V"}, {"ERS", "EEE"}, {"AEST", "IUVW"},
		{"QU", "Q"}, {"RT", "BCDF"[:2]}, {"AEI", "AAA"}, {"INGS", "IIUU"},
		{"DEN", "DNR"}, {"DEN", "AEI"}, {"S?", "SS"}, {"", "Q"}, {"", "VV"},
	}
	for _, p := range better {
		a, b := tb.Value(rack(t, p[0])), tb.Value(rack(t, p[1]))
		if a <= b {
			t.Errorf("leave %q (%.1f) should be worth more than %q (%.1f)", p[0], a, p[1], b)
		}
	}
}

func TestValueAddsTheTableFeatures(t *testing.T) {
	tb, err := Parse(strings.NewReader(`feature,key,value
tile,E,2
tile,Q,-5
duplicate,E,-3
balance,2:1,0.5
synergy,EQ,1.25
q_without_u,,-4
`))
	if err != nil {
		t.Fatal(err)
	}
	// E, a second E (duplicate), Q, balance 2:1, synergy EQ, Q without U
	want := 2 - 3 - 5 + 0.5 + 1.25 - 4
	if got := tb.Value(rack(t, "EQE")); got != want {
		t.Fatalf("Value(EEQ) = %v, want %v", got, want)
	}
	if got := tb.Value(rack(t, "")); got != 0 {
		t.Fatalf("empty leave worth %v", got)
	}
}

// A synergy counts only when the leave holds all of its tiles, as many of
// each: in a parsed table (which passes over it by kinds of tile first)
// and in one made in code alike.
func TestSynergyNeedsAllItsTiles(t *testing.T) {
	parsed, err := Parse(strings.NewReader("feature,key,value\nsynergy,ING,3.5\nsynergy,SS,-2\n"))
	if err != nil {
		t.Fatal(err)
	}
	made := &Table{Synergies: []Synergy{{Tiles: rack(t, "ING"), Value: 3.5}, {Tiles: rack(t, "SS"), Value: -2}}}
	for leave, want := range map[string]float64{"GIN": 3.5, "GINS": 3.5, "GN": 0, "ING?": 3.5, "S": 0, "SS": -2, "GINSS": 1.5, "IN": 0} {
		for name, tb := range map[string]*Table{"parsed": parsed, "made in code": made} {
			if got := tb.Value(rack(t, leave)); got != want {
				t.Errorf("%s table: Value(%s) = %v, want %v", name, leave, got, want)
			}
		}
	}
}

func TestExactLeaveOverridesModel(t *testing.T) {
	tb, err := Parse(strings.NewReader("feature,key,value\ntile,S,8\nleave,SS,3\nleave,?S,30\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := tb.Value(rack(t, "SS")); got != 3 {
		t.Fatalf("exact SS = %v, want 3", got)
	}
	if got := tb.Value(rack(t, "S?")); got != 30 {
		t.Fatalf("exact ?S (given in another order) = %v, want 30", got)
	}
	if got := tb.Value(rack(t, "S")); got != 8 {
		t.Fatalf("S without exact row = %v, want model's 8", got)
	}
}

func TestParseRejectsBadTablesWithLine(t *testing.T) {
	cases := []struct{ name, text, line string }{
		{"no header", "tile,A,1\n", "line 1"},
		{"empty", "", "line 1"},
		{"unknown feature", "feature,key,value\ntile,A,1\nbonus,A,2\n", "line 3"},
		{"bad letter", "feature,key,value\ntile,AB,1\n", "line 2"},
		{"bad value", "feature,key,value\n# c\ntile,A,lots\n", "line 3"},
		{"NaN", "feature,key,value\ntile,A,NaN\n", "line 2"},
		{"bad balance", "feature,key,value\nbalance,9:1,1\n", "line 2"},
		{"bad param", "feature,key,value\nparam,speed,1\n", "line 2"},
		{"short row", "feature,key,value\ntile,A\n", "line 2"},
	}
	for _, c := range cases {
		_, err := Parse(strings.NewReader(c.text))
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !errors.Is(err, ErrTable) {
			t.Errorf("%s: %v does not wrap ErrTable", c.name, err)
		}
		if !strings.Contains(err.Error(), c.line) {
			t.Errorf("%s: %q does not name %s", c.name, err, c.line)
		}
	}
}

func TestValueDoesNotAllocate(t *testing.T) {
	tb := mustDefault(t)
	r := rack(t, "AEINST?")
	if n := testing.AllocsPerRun(100, func() { tb.Value(r) }); n != 0 {
		t.Fatalf("Value allocates %v times", n)
	}
}

func pos(bag int, rackS string, t *testing.T) *position.Position {
	b := variant.Classic.NewBoard()
	for i, c := range []byte("CAT") {
		b.Set(7, 6+i, board.Square{Letter: c})
	}
	return &position.Position{Variant: variant.Classic, Board: b, Rack: rack(t, rackS), BagCount: bag}
}

func TestScoreAndLeaveEquity(t *testing.T) {
	tb := mustDefault(t)
	s := ScoreAndLeave{Table: tb}
	m := &move.Move{Kind: move.Play, Score: 20}
	leave := rack(t, "QV")

	full := s.Equity(m, leave, pos(50, "QVABCDE", t))
	if want := 20 + tb.LeaveValue(variant.Classic, leave); full != want {
		t.Errorf("bag 50: equity %v, want score+leave %v", full, want)
	}
	half := s.Equity(m, leave, pos(int(tb.FadeBag)/2, "QVABCDE", t))
	if !(half > full && half < 20) {
		t.Errorf("small bag: equity %v should lie between %v and the score 20 (leave fades)", half, full)
	}
	// Bag empty: keeping Q (10) and V (4) costs their face value.
	end := s.Equity(m, leave, pos(0, "QVABCDE", t))
	if want := 20 - tb.TilesLeftWeight*14; end != want {
		t.Errorf("bag empty: equity %v, want %v", end, want)
	}
	// Going out with the bag empty earns the unseen tiles' value.
	out := s.Equity(m, tile.Rack{}, pos(0, "QVABCDE", t))
	if out <= 20 {
		t.Errorf("going out: equity %v, want more than the score", out)
	}
	ex := s.Equity(&move.Move{Kind: move.Exchange}, tile.Rack{}, pos(50, "QVABCDE", t))
	if want := -tb.ExchangeCost; ex != want {
		t.Errorf("exchange keeping nothing: %v, want %v", ex, want)
	}
	if g := (Score{}).Equity(m, leave, pos(50, "QV", t)); g != 20 {
		t.Errorf("greedy equity %v, want the score", g)
	}
}

func TestUnseenValue(t *testing.T) {
	p := pos(0, "QV", t)
	// Classic: 98 tiles worth 187 in all; CAT (5) on the board, QV (14) held.
	total := 0
	for i, n := range variant.Classic.Distribution {
		total += n * variant.Classic.Values[i]
	}
	if got, want := unseenValue(p), total-5-14; got != want {
		t.Fatalf("unseen value %d, want %d", got, want)
	}
	p.Variant = &variant.Variant{Values: variant.EnglishValues} // bag unknown
	if got := unseenValue(p); got != 0 {
		t.Fatalf("unknown bag: unseen value %d, want 0", got)
	}
}

func TestRackProblem(t *testing.T) {
	cases := map[string]string{
		"BCDFGHK": "no vowels", "AEIOUAE": "no consonants", "QAEIRST": "Q without U",
		"QUIETER": "", "BCDFGH?": "", "AEIOUA?": "", "Q?AERST": "", "": "", "YBCDFGH": "no vowels",
	}
	for r, want := range cases {
		if got := RackProblem(rack(t, r)); got != want {
			t.Errorf("RackProblem(%q) = %q, want %q", r, got, want)
		}
	}
}

// ForVariant values every leave as the valuation it specialises: with a
// learned table (classic's, shipped) and without one (multipliers: the
// model), at any bag, and for a position of another variant than its own.
func TestForVariantValuesAsTheValuation(t *testing.T) {
	s := ScoreAndLeave{Table: mustDefault(t)}
	for _, own := range []*variant.Variant{variant.Classic, variant.Multipliers} {
		in := ForVariant(s, own)
		if _, same := in.(ScoreAndLeave); same {
			t.Fatalf("%s: ForVariant returned ScoreAndLeave itself: nothing was looked up once", own.Name)
		}
		for _, v := range []*variant.Variant{variant.Classic, variant.Multipliers} {
			for _, bag := range []int{50, int(s.Table.FadeBag) / 2, 0} {
				p := pos(bag, "QVABCDE", t)
				p.Variant = v
				for _, l := range []string{"", "E", "QV", "ERS?", "AEINST", "QVABCDE"} {
					leave := rack(t, l)
					if got, want := in.LeaveValue(leave, p), s.LeaveValue(leave, p); got != want {
						t.Errorf("ForVariant(%s) in %s, bag %d, leave %q: %v, want %v", own.Name, v.Name, bag, l, got, want)
					}
				}
			}
		}
	}
	if lv := ForVariant(Score{}, variant.Classic); lv != (Score{}) {
		t.Errorf("ForVariant(Score) = %v, want Score itself", lv)
	}
}

// ScoreAndLeave's LeaveKey is the same for two bags exactly when every leave is
// valued alike in both, and it declines to key an empty bag, whose values
// depend on the board.
func TestScoreAndLeaveKeyMatchesItsValues(t *testing.T) {
	s := ScoreAndLeave{Table: mustDefault(t)}
	leaves := []string{"E", "QV", "ERS", "AEINST"}
	type bagKey struct {
		bag int
		key uint64
	}
	var keyed []bagKey
	for bag := 0; bag <= 3*int(s.Table.FadeBag); bag++ {
		key, ok := s.LeaveKey(pos(bag, "QVABCDE", t))
		if ok != (bag > 0) {
			t.Fatalf("bag %d: LeaveKey ok %v", bag, ok)
		}
		if ok {
			keyed = append(keyed, bagKey{bag, key})
		}
	}
	for _, a := range keyed {
		for _, b := range keyed {
			alike := true
			for _, l := range leaves {
				if s.LeaveValue(rack(t, l), pos(a.bag, "QVABCDE", t)) != s.LeaveValue(rack(t, l), pos(b.bag, "QVABCDE", t)) {
					alike = false
				}
			}
			if (a.key == b.key) != alike {
				t.Errorf("bags %d and %d: keys %d and %d, leaves valued alike: %v", a.bag, b.bag, a.key, b.key, alike)
			}
		}
	}
}

// SubLeaveValues gives every leave of a rack the value LeaveValue gives it,
// bit for bit (a search may take either), with the learned tables shipped
// for both bags, a fading bag, leaves the tables do not hold (the whole
// rack, seven of a letter) and blanks; it declines where the values depend
// on the board (an empty bag) or no table fits.
func TestSubLeaveValuesAreTheLeaveValues(t *testing.T) {
	s := ScoreAndLeave{Table: mustDefault(t)}
	for _, v := range []*variant.Variant{variant.Classic, variant.Multipliers} {
		in, ok := ForVariant(s, v).(SubLeaveValuer)
		if !ok {
			t.Fatalf("%s: ForVariant(ScoreAndLeave) is no SubLeaveValuer", v.Name)
		}
		for _, bag := range []int{50, int(s.Table.FadeBag) / 2, 1} {
			for _, r := range []string{"QVABCDE", "?AEINST", "??EEERS", "EEEEEEE", "AB", ""} {
				p := pos(bag, r, t)
				p.Variant = v
				rk := rack(t, r)
				dst := make([]float64, 256)
				if !in.SubLeaveValues(&rk, p, dst) {
					t.Fatalf("%s bag %d rack %q: declined", v.Name, bag, r)
				}
				for i := range rk.SubRacks() {
					sub := rk.SubRack(i)
					if want := s.LeaveValue(sub, p); dst[i] != want {
						t.Fatalf("%s bag %d rack %q leave %q (index %d): %v, want %v", v.Name, bag, r, sub.String(), i, dst[i], want)
					}
				}
			}
		}
		rk := rack(t, "AEINRST")
		if p := pos(0, "AEINRST", t); in.SubLeaveValues(&rk, p, make([]float64, 256)) {
			t.Errorf("%s: valued the leaves of an empty bag, which depend on the board", v.Name)
		}
	}
	model := ScoreAndLeave{Table: mustDefault(t).WithLearned()}
	rk := rack(t, "AEINRST")
	if in, ok := ForVariant(model, variant.Multipliers).(SubLeaveValuer); ok && in.SubLeaveValues(&rk, pos(50, "AEINRST", t), make([]float64, 256)) {
		t.Error("valued the leaves with no learned table (the model's are valued one by one)")
	}
}
