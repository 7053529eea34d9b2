package winprob

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/variant"
)

// synthetic is statistics drawn from a known curve per cell: the side to
// move leads by a turn's worth, and the curve steepens as tiles run out.
func synthetic(n int, seed uint64) (*Stats, func(spread float64, unseen int, toMove bool) float64) {
	v := variant.Multipliers
	st := NewStats(v.Name, v.Distribution, 93)
	truth := func(spread float64, unseen int, toMove bool) float64 {
		lead := spread
		if toMove {
			lead += 20
		}
		return 1 / (1 + math.Exp(-lead/(10+float64(unseen))))
	}
	r := rand.New(rand.NewPCG(seed, 0))
	for range n {
		u := 1 + r.IntN(93)
		spread := r.NormFloat64() * 60
		toMove := r.IntN(2) == 0
		var w uint8
		if r.Float64() < truth(spread, u, toMove) {
			w = 2
		}
		st.Add(st.Index(spread, u, toMove), w)
	}
	st.Done = 1
	return st, truth
}

// The fitted table rises with the spread in every cell, stays within
// (0, 1), and recovers the curve the positions were drawn from.
func TestFitIsMonotoneBoundedAndRecoversTheCurve(t *testing.T) {
	st, truth := synthetic(400_000, 1)
	tab := st.Fit(DefaultMinRecords)
	if tab.MaxUnseen() != 93 {
		t.Fatalf("MaxUnseen %d, want 93", tab.MaxUnseen())
	}
	worst := 0.0
	for u := 0; u <= 93; u++ {
		for _, toMove := range []bool{false, true} {
			prev := -1.0
			for s := -400.0; s <= 400; s += 5 {
				p := tab.P(s, u, toMove)
				if !(p > 0 && p < 1) || p < prev {
					t.Fatalf("P(%v, %d, %v) = %v after %v: want within (0,1) and rising", s, u, toMove, p, prev)
				}
				prev = p
				if u >= 1 && s >= -100 && s <= 100 {
					worst = max(worst, math.Abs(p-truth(s, u, toMove)))
				}
			}
		}
	}
	if worst > 0.05 {
		t.Fatalf("fitted curves stray %.3f from the curve drawn from, want within 0.05", worst)
	}
	if tab.P(0, 40, true) <= tab.P(0, 40, false) {
		t.Fatalf("moving next is worth nothing: %v to move, %v waiting", tab.P(0, 40, true), tab.P(0, 40, false))
	}
}

// A cell no position reached (and no neighbour either) still rises with
// the spread and says even at a spread of 0.
func TestEmptyStatisticsGiveAnEvenRisingTable(t *testing.T) {
	v := variant.Classic
	tab := NewStats(v.Name, v.Distribution, 91).Fit(10)
	if p := tab.P(0, 50, true); math.Abs(p-0.5) > 1e-9 {
		t.Fatalf("P(0) with no data %v, want 0.5", p)
	}
	if tab.P(10, 50, true) <= tab.P(-10, 50, true) {
		t.Fatal("P does not rise with the spread")
	}
}

// A table and statistics read back as written; a damaged file is an
// ErrFormat error naming what is wrong, never a table with holes.
func TestFilesRoundTripAndRefuseDamage(t *testing.T) {
	st, _ := synthetic(20_000, 2)
	st.Seed, st.Shard, st.Shards, st.Games, st.Playing = 7, 1, 3, 10, 0xfeed
	var b bytes.Buffer
	st.WriteTo(&b)
	back, err := ReadStats(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if back.Seed != 7 || back.Shard != 1 || back.Shards != 3 || back.Playing != 0xfeed || back.PlayingUnknown ||
		back.Records != st.Records || back.Dist != st.Dist ||
		back.Variant != st.Variant || !slices.Equal(back.N, st.N) || !slices.Equal(back.Wins2, st.Wins2) {
		t.Fatal("statistics changed through their file")
	}
	// A file of the first format, without the table played with, still
	// reads (a run under way resumes), the table marked unknown.
	v2 := b.Bytes()
	head := len(statsMagic) + binary.Size(statsHeaderV1{})
	v1 := append([]byte(statsMagicV1), v2[len(statsMagic):head]...)
	v1 = append(v1, v2[head+4:len(v2)-4]...)
	v1 = binary.LittleEndian.AppendUint32(v1, crc32.ChecksumIEEE(v1))
	old, err := ReadStats(v1)
	if err != nil {
		t.Fatalf("a statistics file of the first format: %v", err)
	}
	if !old.PlayingUnknown || old.Seed != 7 || !slices.Equal(old.N, st.N) || !slices.Equal(old.Wins2, st.Wins2) {
		t.Fatalf("first format read as playing unknown %v, seed %d, counts equal %v", old.PlayingUnknown, old.Seed, slices.Equal(old.N, st.N))
	}
	raw := b.Bytes()
	raw[len(raw)/2] ^= 1
	if _, err := ReadStats(raw); !errors.Is(err, ErrFormat) {
		t.Fatalf("damaged statistics: %v, want ErrFormat", err)
	}

	tab := st.Fit(1000)
	b.Reset()
	tab.WriteTo(&b)
	text := b.String()
	got, err := ReadTable(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []float64{-80, 0, 33} {
		if d := math.Abs(got.P(s, 20, true) - tab.P(s, 20, true)); d > 1e-6 {
			t.Fatalf("P(%v) off by %v after the file", s, d)
		}
	}
	for name, bad := range map[string]string{
		"falling curve":              strings.Replace(text, "\n20 1 ", "\n20 1 0 -0.01 #", 1),
		"cut short":                  text[:len(text)/2],
		"cut inside its last number": text[:len(text)-2],
		"not a table":                "hello\n",
	} {
		if _, err := ReadTable(strings.NewReader(bad)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
}

// Shards merge into the whole; a missing or repeated shard is refused.
func TestMergeAddsShardsAndRefusesAnIncompleteSet(t *testing.T) {
	a, _ := synthetic(1000, 3)
	b, _ := synthetic(1000, 4)
	a.Shard, a.Shards, a.Games, a.Done = 0, 2, 2, 1
	b.Shard, b.Shards, b.Games, b.Done = 1, 2, 2, 1
	m, err := Merge([]*Stats{b, a})
	if err != nil {
		t.Fatal(err)
	}
	if m.Records != 2000 || m.Done != 2 {
		t.Fatalf("merged %d records of %d games, want 2000 of 2", m.Records, m.Done)
	}
	if _, err := Merge([]*Stats{a, a}); !errors.Is(err, ErrMismatch) {
		t.Fatalf("a shard twice: %v, want ErrMismatch", err)
	}
	if _, err := Merge([]*Stats{a}); !errors.Is(err, ErrMismatch) {
		t.Fatalf("a shard missing: %v, want ErrMismatch", err)
	}
	// Games played with another leave table are another run's.
	leaves, _ := synthetic(1000, 4)
	leaves.Shard, leaves.Shards, leaves.Games, leaves.Done, leaves.Playing = 1, 2, 2, 1, 0xabc
	if _, err := Merge([]*Stats{a, leaves}); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "leave table") {
		t.Fatalf("a shard played with another table: %v, want ErrMismatch naming the table", err)
	}
	// The files are numbered as they were given, whatever their shards: a
	// refusal names the file the user has to replace.
	other, _ := synthetic(1000, 4)
	other.Shard, other.Shards, other.Games, other.Done, other.Seed = 1, 2, 2, 1, 99
	if _, err := Merge([]*Stats{other, a}); err == nil || !strings.Contains(err.Error(), "file 2 is seed 0 of 2 games; file 1 seed 99") {
		t.Fatalf("another seed given first: %v, want file 2 named against file 1's seed 99", err)
	}
}

// P is read on the simulation's hot path: it must not allocate.
func TestPDoesNotAllocate(t *testing.T) {
	tab := NewStats("x", variant.Classic.Distribution, 10).Fit(1)
	if n := testing.AllocsPerRun(100, func() { tab.P(12.5, 7, true) }); n != 0 {
		t.Fatalf("P allocates %v times", n)
	}
}

// Every shipped table reads, and the variants the platform plays have one.
func TestShippedTablesRead(t *testing.T) {
	if _, err := ReadShipped(); err != nil {
		t.Fatal(err)
	}
	for _, v := range []*variant.Variant{variant.Multipliers, variant.Classic} {
		tab := Shipped(&v.Distribution)
		if tab == nil {
			t.Fatalf("no shipped table for %s", v.Name)
		}
		if tab.Variant != v.Name || tab.P(30, 40, true) <= 0.5 || tab.P(-30, 40, false) >= 0.5 {
			t.Fatalf("%s: the table of %s says %.2f with 30 points ahead", v.Name, tab.Variant, tab.P(30, 40, true))
		}
	}
}
