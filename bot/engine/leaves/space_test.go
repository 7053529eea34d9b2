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
