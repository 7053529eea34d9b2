package equity

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/engine/leaves"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/data"
)

func writeTable(t *testing.T, dir, name string, tb *leaves.Table) string {
	t.Helper()
	p := filepath.Join(dir, name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := tb.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	return p
}

// A learned table answers for the bag it was learned with, and only for the
// leaves it holds; other bags and a 7-tile leave get the model's value.
func TestLeaveValueAsksTheTableThatFitsTheBag(t *testing.T) {
	l := leaves.NewTable("multipliers", variant.Multipliers.Distribution)
	es := rack(t, "ES")
	r, _ := l.Space.Rank(&es)
	l.Set(r, 17.25)
	dir := t.TempDir()
	tb, err := Load(writeTable(t, dir, "m.leaves", l))
	if err != nil {
		t.Fatal(err)
	}
	hand, _ := HandTable()
	if got := tb.LeaveValue(variant.Multipliers, es); got != 17.25 {
		t.Errorf("multipliers ES: %v, want the learned 17.25", got)
	}
	if got, want := tb.LeaveValue(variant.Classic, es), hand.Value(es); got != want {
		t.Errorf("classic ES: %v, want the model's %v (no table for that bag)", got, want)
	}
	seven := rack(t, "AEINRST")
	if got, want := tb.LeaveValue(variant.Multipliers, seven), hand.Value(seven); got != want {
		t.Errorf("7 tiles: %v, want the model's %v", got, want)
	}
	if got := tb.LeaveValue(variant.Multipliers, tile.Rack{}); got != 0 {
		t.Errorf("empty leave: %v", got)
	}
	if n := testing.AllocsPerRun(100, func() { tb.LeaveValue(variant.Multipliers, es) }); n != 0 {
		t.Errorf("LeaveValue allocates %v times", n)
	}
}

func TestLoadCombinesAModelAndTables(t *testing.T) {
	dir := t.TempDir()
	m := writeTable(t, dir, "m.leaves", leaves.NewTable("multipliers", variant.Multipliers.Distribution))
	c := writeTable(t, dir, "c.leaves", leaves.NewTable("classic", variant.Classic.Distribution))
	csv := filepath.Join(dir, "model.csv")
	os.WriteFile(csv, []byte("feature,key,value\ntile,E,3\nparam,fade_bag,5\n"), 0o644)
	tb, err := Load(csv, m, c)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Learned) != 2 || tb.FadeBag != 5 || tb.Tile[tile.Index('E')] != 3 {
		t.Fatalf("learned %d, fade %v, E %v: want both tables over the given model", len(tb.Learned), tb.FadeBag, tb.Tile[tile.Index('E')])
	}
	only, err := Load(m)
	if err != nil {
		t.Fatal(err)
	}
	if hand, _ := HandTable(); only.FadeBag != hand.FadeBag || only.Tile != hand.Tile {
		t.Fatal("a table without a model should take the hand-tuned model and parameters")
	}
	damaged := filepath.Join(dir, "bad.leaves")
	b, _ := os.ReadFile(m)
	b[len(b)-10] ^= 0xff
	os.WriteFile(damaged, b, 0o644)
	for name, files := range map[string][]string{
		"two tables for one bag": {m, m},
		"two models":             {csv, csv},
		"damaged table":          {damaged},
		"missing file":           {filepath.Join(dir, "none")},
	} {
		if _, err := Load(files...); err == nil {
			t.Errorf("%s: no error", name)
		} else if name == "damaged table" && !errors.Is(err, leaves.ErrFormat) {
			t.Errorf("%s: %v, want leaves.ErrFormat", name, err)
		}
	}
}

// BenchmarkLeaveValue: the learned table's lookup against the hand-tuned
// model's sum, on the same leaves (a 7-tile leave falls back to the model).
func BenchmarkLeaveValue(b *testing.B) {
	hand, err := HandTable()
	if err != nil {
		b.Fatal(err)
	}
	learned := *hand
	learned.Learned = []*leaves.Table{leaves.NewTable("multipliers", variant.Multipliers.Distribution)}
	var racks []tile.Rack
	for _, s := range []string{"AEINST", "?S", "QU", "EEIOUV", "Z", "BCDFG?"} {
		r, _ := tile.ParseRack(s)
		racks = append(racks, r)
	}
	for name, tb := range map[string]*Table{"model": hand, "learned": &learned} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			sum := 0.0
			for i := 0; b.Loop(); i++ {
				sum += tb.LeaveValue(variant.Multipliers, racks[i%len(racks)])
			}
			_ = sum
		})
	}
}

// TestShippedTablesRead: every learned table shipped in the binary reads
// whole (checksum and shape), fits some variant's bag, and is the one the
// default valuation asks in that variant, read when first asked.
func TestShippedTablesRead(t *testing.T) {
	files := data.LearnedLeaves()
	if len(files) == 0 {
		t.Fatal("no learned table shipped (data/leaves/*.leaves)")
	}
	tb := mustDefault(t)
	for _, f := range files {
		// The valuation reads the tables in place, without their
		// checksum: here each is read whole, the checksum checked, and
		// the in-place read must give the same values.
		l, err := leaves.ReadTable([]byte(f.Data))
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		in, err := leaves.TableInPlace(f.Data)
		if err != nil || !slices.Equal(in.Values, l.Values) || in.Space.Dist != l.Space.Dist || in.Games != l.Games {
			t.Fatalf("%s read in place: %v, the same as read whole: %v", f.Name, err, err == nil && slices.Equal(in.Values, l.Values))
		}
		fits := false
		for _, name := range variant.Names() {
			v, _ := variant.ByName(name)
			if !l.Fits(&v.Distribution) {
				continue
			}
			fits = true
			if got := tb.LearnedFor(v); got == nil || got.Checksum() != l.Checksum() {
				t.Errorf("%s: the default valuation in %s asks another table (%v)", f.Name, name, got)
			}
		}
		if !fits {
			t.Errorf("shipped table %s (learned in %s) fits no variant's bag", f.Name, l.Variant)
		}
	}
}

// The default valuation, shipped tables included, must still encode the
// tactics of the platform's Lexico documentation in every variant: keep S
// (and blanks), avoid duplicates, all-vowel or all-consonant leaves and a Q
// without a U.
func TestDefaultValuesOrderLeavesAsAdvisedInEveryVariant(t *testing.T) {
	tb := mustDefault(t)
	better := [][2]string{
		{"S", "E"}, {"E", "V"}, {"ERS", "EEE"}, {"AEST", "IUVW"}, {"QU", "Q"}, {"INGS", "IIUU"},
		{"DEN", "DNR"}, {"DEN", "AEI"}, {"AEI", "AAA"}, {"RT", "BC"}, {"S", "VV"},
	}
	for _, v := range []*variant.Variant{variant.Classic, variant.Multipliers} {
		pairs := better
		if v.Distribution[tile.BlankIndex] > 0 {
			pairs = append(pairs, [2]string{"?", "S"}, [2]string{"S?", "SS"})
		}
		for _, p := range pairs {
			a, b := tb.LeaveValue(v, rack(t, p[0])), tb.LeaveValue(v, rack(t, p[1]))
			if a <= b {
				t.Errorf("%s: leave %q (%.1f) should be worth more than %q (%.1f)", v.Name, p[0], a, p[1], b)
			}
		}
	}
}

// ReadShipped reads every shipped table, so that a server's first answers
// do not wait for one; ForVariant reads its variant's, and only that one
// (player.Ready: a run reads it before its budget is made).
func TestReadShippedAndForVariantReadTheTables(t *testing.T) {
	fresh := unreadDefault(t)
	fresh.ReadShipped()
	for _, s := range fresh.shipped {
		if s.t == nil {
			t.Errorf("ReadShipped: %s not read", s.file.Name)
		}
	}
	fresh = unreadDefault(t)
	ForVariant(ScoreAndLeave{Table: fresh}, variant.Multipliers)
	for _, s := range fresh.shipped {
		if read, want := s.t != nil, s.file.Name == "multipliers"; read != want {
			t.Errorf("ForVariant(multipliers): %s read %v, want %v", s.file.Name, read, want)
		}
	}
}

// unreadDefault is the default valuation with its shipped tables not read.
func unreadDefault(t *testing.T) *Table {
	t.Helper()
	def := mustDefault(t)
	if len(def.shipped) < 2 {
		t.Fatalf("%d shipped tables, want classic and multipliers", len(def.shipped))
	}
	fresh := *def
	fresh.shipped = nil
	for _, s := range def.shipped {
		fresh.shipped = append(fresh.shipped, &shippedTable{bag: s.bag, file: s.file})
	}
	return &fresh
}
