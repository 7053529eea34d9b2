package leaves

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

func rank(t *testing.T, s *Space, leave string) int {
	t.Helper()
	r, err := tile.ParseRack(leave)
	if err != nil {
		t.Fatal(err)
	}
	k, ok := s.Rank(&r)
	if !ok {
		t.Fatalf("leave %q not in the space", leave)
	}
	return k
}

func value(t *testing.T, tb *Table, leave string) float64 {
	t.Helper()
	r, _ := tile.ParseRack(leave)
	v, ok := tb.Value(&r)
	if !ok {
		t.Fatalf("no value for %q", leave)
	}
	return v
}

// A leave seen often is worth its mean target less the empty leave's; a
// leave never seen takes the estimate from its sub-leaves: its tiles' values
// and the interaction of every pair (each pair of Es costs what EE showed).
func TestFitUsesMeansAndFillsFromSubLeaves(t *testing.T) {
	tb := NewTable("classic", variant.Classic.Distribution)
	st := NewStats(tb)
	s := tb.Space
	add := func(leave string, target float64, n int) {
		for range n {
			st.Add(rank(t, s, leave), target)
		}
	}
	add("", 30, 100000)
	add("E", 34, 100000)    // E is worth 4
	add("EE", 35, 100000)   // a second E adds 1
	add("S", 38, 100000)    // S is worth 8
	add("ES", 43, 100000)   // E and S together 13: a synergy of 1
	add("A", 32, 100000)    // A is worth 2
	add("AE", 36.5, 100000) // A and E: a synergy of 0.5
	add("AS", 39, 100000)   // A and S: -1
	fit := st.Fit(30)
	for _, c := range []struct {
		leave string
		want  float64
	}{{"E", 4}, {"EE", 5}, {"S", 8}, {"ES", 13}, {"AES", 14.5}, {"EES", 15}, {"EEE", 3}, {"AEES", 17}} {
		if got := value(t, fit, c.leave); math.Abs(got-c.want) > 0.05 {
			t.Errorf("%s: %.2f, want %.2f", c.leave, got, c.want)
		}
	}
	if got := value(t, fit, ""); got != 0 {
		t.Errorf("empty leave worth %v, want 0", got)
	}
}

func TestTableAndStatsFilesRoundTripAndRefuseDamage(t *testing.T) {
	tb := NewTable("multipliers", variant.Multipliers.Distribution)
	tb.Generation, tb.Games, tb.Seed = 3, 1234, 99
	tb.Set(rank(t, tb.Space, "?S"), 25.37)
	tb.Set(rank(t, tb.Space, "QVVW"), -31.2)
	var buf bytes.Buffer
	if _, err := tb.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadTable(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if back.Generation != 3 || back.Games != 1234 || back.Seed != 99 || back.Variant != "multipliers" ||
		value(t, back, "S?") != 25.37 || value(t, back, "VQWV") != -31.2 || back.Checksum() != tb.Checksum() {
		t.Fatalf("round trip changed the table: %+v", back)
	}
	if bag, err := ReadBag(buf.Bytes()[:HeadLen]); err != nil || bag != tb.Space.Dist || !BagFits(&bag, &variant.Multipliers.Distribution) || BagFits(&bag, &variant.Classic.Distribution) {
		t.Fatalf("ReadBag of the header: %v, %v; want the multipliers bag %v", bag, err, tb.Space.Dist)
	}
	if _, err := ReadBag([]byte("letter,value\n")); !errors.Is(err, ErrFormat) {
		t.Fatalf("ReadBag of a CSV: %v, want ErrFormat", err)
	}
	b := buf.Bytes()
	b[len(b)/2] ^= 1
	if _, err := ReadTable(b); !errors.Is(err, ErrFormat) {
		t.Fatalf("a flipped bit: %v, want ErrFormat", err)
	}
	if _, err := ReadTable(b[:100]); !errors.Is(err, ErrFormat) {
		t.Fatalf("truncated: %v, want ErrFormat", err)
	}

	st := NewStats(tb)
	st.Generation, st.Seed, st.Shard, st.Shards, st.GenGames, st.Done = 2, 5, 1, 3, 10, 3
	st.Target = TargetRack
	st.Add(rank(t, st.Space, "ERS"), 41.5)
	st.Add(rank(t, st.Space, "ERS"), 20)
	buf.Reset()
	st.WriteTo(&buf)
	sb, err := ReadStats(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	r := rank(t, st.Space, "ERS")
	if sb.Count[r] != 2 || sb.Sum[r] != 61.5 || sb.N != 2 || sb.Total != 61.5 || sb.Shard != 1 || sb.Shards != 3 || sb.Done != 3 || !sb.Complete() || sb.Target != TargetRack {
		t.Fatalf("statistics round trip: count %d sum %v n %d total %v shard %d/%d done %d target %s",
			sb.Count[r], sb.Sum[r], sb.N, sb.Total, sb.Shard, sb.Shards, sb.Done, sb.Target)
	}

	// A file of the first format (before targets) is the next-turn
	// target's: the same file without the target's byte, under the old
	// magic, with its checksum.
	st.Target = TargetNextTurn
	buf.Reset()
	st.WriteTo(&buf)
	v2 := buf.Bytes()
	head := len(statsMagic) + 1 + len(st.Variant) + binary.Size(statsHeaderV1{})
	if v2[len(statsMagic)] != byte(len(st.Variant)) {
		t.Fatalf("the name is not where this test expects it")
	}
	v1 := append([]byte(statsMagicV1), v2[len(statsMagic):head]...)
	v1 = append(v1, v2[head+1:len(v2)-4]...)
	v1 = binary.LittleEndian.AppendUint32(v1, crc32.ChecksumIEEE(v1))
	old, err := ReadStats(v1)
	if err != nil {
		t.Fatalf("a statistics file of the first format: %v", err)
	}
	if old.Target != TargetNextTurn || old.Count[r] != 2 || old.Sum[r] != 61.5 || old.Done != 3 {
		t.Fatalf("first format read as target %s, count %d, sum %v, done %d", old.Target, old.Count[r], old.Sum[r], old.Done)
	}
}

// Shards of one generation add up; the wrong set of files is refused.
func TestMergeChecksTheShards(t *testing.T) {
	tb := NewTable("classic", variant.Classic.Distribution)
	shard := func(i, k int, done uint64) *Stats {
		st := NewStats(tb)
		st.Generation, st.Seed, st.Shard, st.Shards, st.GenGames, st.Done = 1, 7, i, k, 5, done
		st.Add(rank(t, tb.Space, "AE"), float64(10*(i+1)))
		return st
	}
	m, err := Merge([]*Stats{shard(1, 2, 2), shard(0, 2, 3)})
	if err != nil {
		t.Fatal(err)
	}
	if r := rank(t, tb.Space, "AE"); m.Count[r] != 2 || m.Sum[r] != 30 || m.Done != 5 {
		t.Fatalf("merged count %d sum %v done %d, want 2, 30, 5", m.Count[r], m.Sum[r], m.Done)
	}
	other := shard(1, 2, 2)
	other.Seed = 8
	rackTarget := shard(1, 2, 2)
	rackTarget.Target = TargetRack
	for name, set := range map[string][]*Stats{
		"missing shard":    {shard(0, 2, 3)},
		"shard twice":      {shard(0, 2, 3), shard(0, 2, 3)},
		"unfinished shard": {shard(0, 2, 3), shard(1, 2, 1)},
		"other seed":       {shard(0, 2, 3), other},
		"other target":     {shard(0, 2, 3), rackTarget},
		"none":             nil,
	} {
		if _, err := Merge(set); !errors.Is(err, ErrMismatch) {
			t.Errorf("%s: %v, want ErrMismatch", name, err)
		}
	}
	// The files are numbered as they were given, whatever their shards: a
	// refusal names the file the user has to replace.
	if _, err := Merge([]*Stats{other, shard(0, 2, 3)}); err == nil ||
		!strings.Contains(err.Error(), "file 2 is generation 1, seed 7") || !strings.Contains(err.Error(), "file 1 is generation 1, seed 8") {
		t.Errorf("another seed given first: %v, want file 2 named as seed 7 against file 1's seed 8", err)
	}
}

// TableInPlace reads a table file held in a string without copying its
// values (they are the string's bytes) and gives the values ReadTable
// gives; where the values are not 2-byte aligned it copies them, and a
// file of the wrong shape is refused.
func TestTableInPlaceReadsWithoutCopying(t *testing.T) {
	tb := NewTable("multipliers", variant.Multipliers.Distribution)
	tb.Set(rank(t, tb.Space, "?S"), 25.37)
	tb.Set(rank(t, tb.Space, "QVVW"), -31.2)
	var buf bytes.Buffer
	if _, err := tb.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	for _, shift := range []int{0, 1} {
		s := (strings.Repeat(" ", shift) + buf.String())[shift:] // the same bytes, at another address
		in, err := TableInPlace(s)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(in.Values, tb.Values) || value(t, in, "S?") != 25.37 || in.Variant != "multipliers" {
			t.Fatalf("shift %d: read in place, values differ from the table written", shift)
		}
		start := uintptr(unsafe.Pointer(unsafe.StringData(s)))
		at := uintptr(unsafe.Pointer(&in.Values[0]))
		aliased := at >= start && at < start+uintptr(len(s))
		if aligned := (start+uintptr(len(s))-4-uintptr(2*len(in.Values)))%2 == 0; aliased != (aligned && littleEndian) {
			t.Errorf("shift %d: values aliased %v, aligned %v", shift, aliased, aligned)
		}
	}
	for name, s := range map[string]string{
		"empty": "",
		"magic": tableMagic,
		"short": buf.String()[:len(buf.String())-10],
		"a CSV": "feature,key,value\n",
		"stats": statsMagic + strings.Repeat("x", 100),
	} {
		if _, err := TableInPlace(s); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
}
