package leaves

import (
	"bytes"
	"testing"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// Every leave the bag allows has its own rank in 0..Len()-1 and Leave gives
// it back; the count matches a brute-force enumeration.
func TestRankIsADenseBijection(t *testing.T) {
	for _, v := range []*variant.Variant{variant.Classic, variant.Multipliers} {
		s := NewSpace(v.Distribution)
		seen := make([]bool, s.Len())
		n := 0
		var walk func(i, left int, r tile.Rack)
		walk = func(i, left int, r tile.Rack) {
			if i == tile.NumKinds {
				rank, ok := s.Rank(&r)
				if !ok || seen[rank] {
					t.Fatalf("%s: leave %q rank %d ok %v (seen before: %v)", v.Name, r.String(), rank, ok, ok && seen[rank])
				}
				seen[rank] = true
				if back := s.Leave(rank); back != r {
					t.Fatalf("%s: Leave(%d) = %q, want %q", v.Name, rank, back.String(), r.String())
				}
				n++
				return
			}
			for c := 0; c <= left && c <= v.Distribution[i]; c++ {
				r2 := r
				r2.Counts[i], r2.N = uint8(c), r.N+c
				walk(i+1, left-c, r2)
			}
		}
		walk(0, MaxTiles, tile.Rack{})
		if n != s.Len() {
			t.Fatalf("%s: enumerated %d leaves, Len %d", v.Name, n, s.Len())
		}
		t.Logf("%s: %d leaves of 0..%d tiles", v.Name, n, MaxTiles)
	}
}

func TestRankRefusesWhatTheBagCannotHold(t *testing.T) {
	s := NewSpace(variant.Classic.Distribution)
	for _, leave := range []string{"?", "QQ", "ZZ", "AEINRST", "XX"} {
		r, _ := tile.ParseRack(leave)
		if _, ok := s.Rank(&r); ok {
			t.Errorf("classic ranked %q", leave)
		}
	}
	r, _ := tile.ParseRack("")
	if rank, ok := s.Rank(&r); !ok || rank != 0 {
		t.Errorf("empty leave: rank %d ok %v, want 0 true", rank, ok)
	}
}

// AppendSubRanks gives the ranks of exactly the sub-leaves Rank ranks: every
// sub-multiset of the rack of at most MaxTiles tiles the space holds, each
// once, found here by trying every way to take some of each tile.
func TestAppendSubRanksAreTheRackSubLeaves(t *testing.T) {
	for _, c := range []struct {
		v    *variant.Variant
		rack string
		want int // distinct sub-leaves, empty included
	}{
		{variant.Multipliers, "ABCDEFG", 127}, // 2^7 - 1: the whole rack is no leave
		{variant.Multipliers, "AEEINST", 95},  // 2*3*2^4 - 1
		{variant.Multipliers, "??EEEEE", 17},  // 3*6 - 1
		{variant.Multipliers, "EEEEEEE", 7},   // 0..6 E
		{variant.Classic, "?AEINST", 64},      // classic has no blank: subsets of AEINST
		{variant.Multipliers, "QZ", 4},        // a short rack
		{variant.Multipliers, "", 1},          // the empty leave alone
		{variant.Classic, "QQQ", 2},           // one Q in the bag: "" and Q
	} {
		s := NewSpace(c.v.Distribution)
		r, err := tile.ParseRack(c.rack)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int32]bool{}
		var walk func(i int, sub tile.Rack)
		walk = func(i int, sub tile.Rack) {
			if i == tile.NumKinds {
				if rank, ok := s.Rank(&sub); ok {
					want[int32(rank)] = true
				}
				return
			}
			for k := 0; k <= int(r.Counts[i]); k++ {
				s2 := sub
				s2.Counts[i], s2.N = uint8(k), sub.N+k
				walk(i+1, s2)
			}
		}
		walk(0, tile.Rack{})
		got := s.AppendSubRanks(nil, &r)
		seen := map[int32]bool{}
		for _, rank := range got {
			if seen[rank] || !want[rank] {
				t.Fatalf("%s %q: rank %d (%q) given twice or not a sub-leave", c.v.Name, c.rack, rank, s.Leave(int(rank)).String())
			}
			seen[rank] = true
		}
		if len(got) != len(want) || len(got) != c.want {
			t.Errorf("%s %q: %d sub-leaves, want %d (brute force %d)", c.v.Name, c.rack, len(got), c.want, len(want))
		}
	}
}

func BenchmarkRankAndValue(b *testing.B) {
	s := NewSpace(variant.Multipliers.Distribution)
	tb := &Table{Space: s, Values: make([]int16, s.Len())}
	racks := []string{"AEINST", "?S", "QU", "EEIOUV", "Z", "BCDFG?"}
	rs := make([]tile.Rack, len(racks))
	for i, x := range racks {
		rs[i], _ = tile.ParseRack(x)
	}
	b.ReportAllocs()
	sum := 0.0
	for i := 0; b.Loop(); i++ {
		v, _ := tb.Value(&rs[i%len(rs)])
		sum += v
	}
	_ = sum
}

// BenchmarkReadTable: what loading a shipped multipliers-sized table adds to
// a command's start-up (the checksum and the copy of 1.8 MB).
func BenchmarkReadTable(b *testing.B) {
	var buf bytes.Buffer
	NewTable("multipliers", variant.Multipliers.Distribution).WriteTo(&buf)
	b.SetBytes(int64(buf.Len()))
	for b.Loop() {
		if _, err := ReadTable(buf.Bytes()); err != nil {
			b.Fatal(err)
		}
	}
}

// SubValues gives each sub-leave of a rack the value Value gives it, at the
// index a search over the rack's leaves uses (digits: the counts of the
// rack's kinds in tile order, the first the lowest), and NaN where the
// table holds no value.
func TestSubValuesAreTheValuesOfEachSubLeave(t *testing.T) {
	for _, c := range []struct {
		v    *variant.Variant
		rack string
	}{
		{variant.Multipliers, "ABCDEFG"},
		{variant.Multipliers, "?AEEINS"},
		{variant.Multipliers, "??EEEEE"},
		{variant.Multipliers, "EEEEEEE"},
		{variant.Classic, "?QQEST"},
		{variant.Multipliers, ""},
	} {
		tb := NewTable(c.v.Name, c.v.Distribution)
		for r := range tb.Values {
			tb.Values[r] = int16(r%2000 - 1000) // a value per leave, all different nearby
		}
		rack, err := tile.ParseRack(c.rack)
		if err != nil {
			t.Fatal(err)
		}
		dst := make([]float64, rack.SubRacks())
		tb.SubValues(&rack, dst)
		for i := range rack.SubRacks() {
			sub := rack.SubRack(i)
			want, ok := tb.Value(&sub)
			if got := dst[i]; ok && got != want || !ok && got == got {
				t.Fatalf("%s %q: index %d (%q) = %v, want %v (held %v)", c.v.Name, c.rack, i, sub.String(), got, want, ok)
			}
		}
	}
}
