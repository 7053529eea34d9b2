package leaves

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"

	"github.com/lexico/lexico/bot/game/tile"
)

// Stats are what self-play saw of each leave: how often a move kept it and
// the sum of the targets recorded for it (the mover's points over its next
// turn, see package leavegen), plus the totals over every leave. Counts and
// sums add up, so statistics gathered by separate processes (shards of one
// generation's games) merge by addition, in any order up to rounding.
type Stats struct {
	Variant string
	Space   *Space
	// Generation is the generation these games belong to (1 is the first,
	// played with the starting table); Seed the trainer's seed; Playing the
	// Checksum of the table the games were played with.
	Generation int
	Seed       uint64
	Playing    uint32
	// Target is what the records credit a leave with: records of two
	// targets do not add up.
	Target Target
	// Shard of Shards: this process played the generation's games i with
	// i % Shards == Shard. A merged Stats has Shards == 0.
	Shard, Shards int
	// GenGames is the number of games in the whole generation; Done how
	// many of this shard's share have been played (the resume point).
	GenGames, Done uint64

	Count []uint32
	Sum   []float64
	// N and Total are the number of records and the sum of their targets.
	N     uint64
	Total float64
}

// Target is what the statistics credit a leave with.
type Target uint8

const (
	// TargetNextTurn credits the leave a move keeps with the mover's next
	// turn: its score and the value of what it keeps in turn. One record
	// a move, and only for the leave the player chose.
	TargetNextTurn Target = iota
	// TargetRack credits every sub-leave of the rack a player holds with
	// the equity of the move it makes from it (its score and the value of
	// its leave), as MAGPIE's leavegen does (src/ent/leave_list.c): the
	// value of holding a leave is then what racks holding it are worth,
	// against the average rack. Up to 127 records a move, for leaves the
	// player did not choose as well, so rare leaves are seen far more often
	// and the choice's own bias (a leave is kept when it looks good) is
	// gone.
	TargetRack
	// TargetTwoTurns credits the leave a move keeps with the mover's next
	// two turns: both scores and the value of what the second keeps (a
	// two-step return where TargetNextTurn is a one-step one: it leans
	// less on the valuation's own estimate, at the cost of noisier
	// records). One record a move, as TargetNextTurn.
	TargetTwoTurns
)

// ParseTarget reads a target's name (Target.String).
func ParseTarget(name string) (Target, error) {
	for _, t := range []Target{TargetNextTurn, TargetRack, TargetTwoTurns} {
		if name == t.String() {
			return t, nil
		}
	}
	return 0, fmt.Errorf("%q: want next-turn, two-turns or rack", name)
}

// String is the target's name on the command line.
func (t Target) String() string {
	switch t {
	case TargetRack:
		return "rack"
	case TargetTwoTurns:
		return "two-turns"
	}
	return "next-turn"
}

// NewStats is an empty record over the space of a table.
func NewStats(t *Table) *Stats {
	return &Stats{Variant: t.Variant, Space: t.Space, Count: make([]uint32, t.Space.Len()), Sum: make([]float64, t.Space.Len())}
}

// Add records target for the leave ranked r.
func (s *Stats) Add(r int, target float64) {
	s.Count[r]++
	s.Sum[r] += target
	s.N++
	s.Total += target
}

// ShareOf is how many of a generation's games shard plays of shards.
func ShareOf(genGames uint64, shard, shards int) uint64 {
	if shards <= 1 {
		return genGames
	}
	q, r := genGames/uint64(shards), genGames%uint64(shards)
	if uint64(shard) < r {
		q++
	}
	return q
}

// Complete reports whether the shard has played its whole share.
func (s *Stats) Complete() bool { return s.Done >= ShareOf(s.GenGames, s.Shard, s.Shards) }

// Merge adds the statistics of shards of one generation into one, checking
// they belong together: same space, generation, seed and playing table, and
// every shard 0..k-1 present once and complete.
func Merge(shards []*Stats) (*Stats, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("%w: no statistics to merge", ErrMismatch)
	}
	first := shards[0]
	k := max(first.Shards, 1)
	out := &Stats{Variant: first.Variant, Space: first.Space, Generation: first.Generation, Seed: first.Seed,
		Playing: first.Playing, Target: first.Target, GenGames: first.GenGames,
		Count: make([]uint32, first.Space.Len()), Sum: make([]float64, first.Space.Len())}
	seen := make([]bool, k)
	// Checked in the order given, so that "file i" is the i-th file on the
	// command line, the one to replace.
	for i, s := range shards {
		switch {
		case s.Space.Dist != first.Space.Dist:
			return nil, fmt.Errorf("%w: file %d is for another bag (%s) than file 1 (%s)", ErrMismatch, i+1, s.Variant, first.Variant)
		case s.Generation != first.Generation || s.Seed != first.Seed || s.Playing != first.Playing || s.GenGames != first.GenGames:
			return nil, fmt.Errorf("%w: file %d is generation %d, seed %d, table %08x, %d games; file 1 is generation %d, seed %d, table %08x, %d games",
				ErrMismatch, i+1, s.Generation, s.Seed, s.Playing, s.GenGames, first.Generation, first.Seed, first.Playing, first.GenGames)
		case s.Target != first.Target:
			return nil, fmt.Errorf("%w: file %d credits leaves with the %s target, file 1 with the %s target", ErrMismatch, i+1, s.Target, first.Target)
		case max(s.Shards, 1) != k || s.Shard < 0 || s.Shard >= k:
			return nil, fmt.Errorf("%w: file %d is shard %d/%d, file 1 one of %d", ErrMismatch, i+1, s.Shard, s.Shards, k)
		case seen[s.Shard]:
			return nil, fmt.Errorf("%w: shard %d/%d given twice", ErrMismatch, s.Shard, k)
		case !s.Complete():
			return nil, fmt.Errorf("%w: shard %d/%d has played %d of its %d games (still running, or killed: run it again to finish)",
				ErrMismatch, s.Shard, k, s.Done, ShareOf(s.GenGames, s.Shard, s.Shards))
		}
		seen[s.Shard] = true
	}
	for sh, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("%w: shard %d/%d is missing", ErrMismatch, sh, k)
		}
	}
	// Added in shard order, so the sums do not depend on the order of the
	// files on the command line.
	shards = slices.Clone(shards)
	slices.SortStableFunc(shards, func(a, b *Stats) int { return a.Shard - b.Shard })
	for _, s := range shards {
		for r, c := range s.Count {
			out.Count[r] += c
			out.Sum[r] += s.Sum[r]
		}
		out.N += s.N
		out.Total += s.Total
		out.Done += s.Done
	}
	return out, nil
}

// Fit turns the statistics into a table. A leave's value is its mean target
// less the mean over all leaves, shrunk toward an estimate from its
// sub-leaves with the weight of priorWeight records: a leave seen often
// keeps its own mean, a rare one takes the estimate (subLeaveEstimate: the
// tiles' values and every pair's interaction, as its smaller leaves show
// them, so two S or a Q without its U are priced from what they cost in
// smaller leaves). Leaves are fitted smallest first, so the
// sub-leaves are settled before they are used. Values are finally shifted so
// that the empty leave is worth 0, as the equity valuation expects.
func (s *Stats) Fit(priorWeight float64) *Table {
	sp := s.Space
	n := sp.Len()
	mu := 0.0
	if s.N > 0 {
		mu = s.Total / float64(s.N)
	}
	var bySize [MaxTiles + 1][]int32
	for r := range n {
		l := sp.Leave(r)
		bySize[l.N] = append(bySize[l.N], int32(r))
	}
	v := make([]float64, n)
	for size := range bySize {
		for _, r32 := range bySize[size] {
			r := int(r32)
			// The empty leave and single tiles have no smaller leaves to
			// estimate them from (only "average"), and every one is seen
			// often: they take their own means (a blank kept alone is
			// rare enough that shrinking it toward the average would
			// halve the best tile's value).
			prior, w := 0.0, 1.0
			if size >= 2 {
				prior, w = subLeaveEstimate(sp, sp.Leave(r), v), priorWeight
			}
			c := float64(s.Count[r])
			v[r] = (s.Sum[r] - c*mu + w*prior) / (c + w)
		}
	}
	t := &Table{Variant: s.Variant, Space: sp, Values: make([]int16, n), Generation: s.Generation, Games: s.GenGames, Seed: s.Seed}
	for r := range n {
		t.Set(r, v[r]-v[0])
	}
	return t
}

// subLeaveEstimate is the value of leave l (n >= 2 tiles) under a model
// with a constant, a value per tile and an interaction per pair of tiles
// (copies of a letter are distinct tiles with the same values), fitted
// exactly by its sub-leaves one and two tiles smaller: with S1 the sum of
// v(l - t) over its tiles t and S2 the sum of v(l - t - u) over its pairs of
// tiles, v(l) = a*S1 + b*S2 + c*v(empty), with a = 2/(n-1),
// b = -2/((n-1)(n-2)) and c = 1 - n(n-3)/((n-1)(n-2)): the coefficients
// that make every tile and every pair count once. For two tiles it is
// v(t) + v(u) - v(empty).
func subLeaveEstimate(sp *Space, l tile.Rack, v []float64) float64 {
	n := float64(l.N)
	s1, s2 := 0.0, 0.0
	for a := range l.Counts {
		ca := float64(l.Counts[a])
		if ca == 0 {
			continue
		}
		la := l
		la.Counts[a]--
		la.N--
		ra, _ := sp.Rank(&la)
		s1 += ca * v[ra]
		for b := a; b < len(l.Counts); b++ {
			if la.Counts[b] == 0 {
				continue
			}
			pairs := ca * float64(l.Counts[b]) // a tile of a and one of b
			if b == a {
				pairs = ca * (ca - 1) / 2
			}
			lab := la
			lab.Counts[b]--
			lab.N--
			rab, _ := sp.Rank(&lab)
			s2 += pairs * v[rab]
		}
	}
	if l.N == 2 {
		return s1 - v[0]
	}
	a := 2 / (n - 1)
	b := -2 / ((n - 1) * (n - 2))
	c := 1 - n*(n-3)/((n-1)*(n-2))
	return a*s1 + b*s2 + c*v[0]
}

// The statistics file: statsMagic, the variant's name, the header, the
// leaves seen, and a CRC-32 of everything before it. A file of the first
// format (statsMagicV1, before targets other than the next turn's) has no
// Target in its header.
const (
	statsMagic   = "LEXLSTA2"
	statsMagicV1 = "LEXLSTA1"
)

type statsHeader struct {
	statsHeaderV1
	Target Target
}

type statsHeaderV1 struct {
	Dist       [tile.NumKinds]uint8
	MaxTiles   uint8
	Generation uint32
	Seed       uint64
	Playing    uint32
	Shard      uint32
	Shards     uint32
	GenGames   uint64
	Done       uint64
	N          uint64
	Total      float64
	Entries    uint32
}

type statsEntry struct {
	Rank, Count uint32
	Sum         float64
}

// WriteTo writes the statistics file: the header and the leaves seen
// (rank, count, sum), then a CRC-32.
func (s *Stats) WriteTo(w io.Writer) (int64, error) {
	cw := &crcWriter{w: bufio.NewWriter(w), crc: crc32.NewIEEE()}
	cw.WriteString(statsMagic)
	writeName(cw, s.Variant)
	entries := uint32(0)
	for _, c := range s.Count {
		if c > 0 {
			entries++
		}
	}
	h := statsHeader{statsHeaderV1{Dist: s.Space.Dist, MaxTiles: MaxTiles, Generation: uint32(s.Generation), Seed: s.Seed, Playing: s.Playing,
		Shard: uint32(s.Shard), Shards: uint32(s.Shards), GenGames: s.GenGames, Done: s.Done, N: s.N, Total: s.Total, Entries: entries}, s.Target}
	binary.Write(cw, binary.LittleEndian, &h)
	for r, c := range s.Count {
		if c > 0 {
			binary.Write(cw, binary.LittleEndian, statsEntry{uint32(r), c, s.Sum[r]})
		}
	}
	binary.Write(cw.w, binary.LittleEndian, cw.crc.Sum32())
	if err := cw.w.Flush(); err != nil {
		return cw.n, err
	}
	return cw.n + 4, cw.err
}

// ReadStats reads a statistics file.
func ReadStats(b []byte) (*Stats, error) {
	if len(b) < len(statsMagic)+4 {
		return nil, fmt.Errorf("%w: not a leave statistics file (no %s header)", ErrFormat, statsMagic)
	}
	magic := string(b[:len(statsMagic)])
	if magic != statsMagic && magic != statsMagicV1 {
		return nil, fmt.Errorf("%w: not a leave statistics file (no %s header)", ErrFormat, statsMagic)
	}
	rd, err := checkedBody(b, statsMagic)
	if err != nil {
		return nil, err
	}
	name := rd.name()
	var h statsHeader
	if magic == statsMagicV1 {
		rd.read(&h.statsHeaderV1)
	} else {
		rd.read(&h)
	}
	if rd.err != nil {
		return nil, rd.err
	}
	dist, err := shapeOf(h.MaxTiles, h.Dist)
	if err != nil {
		return nil, err
	}
	t := NewTable(name, dist)
	s := NewStats(t)
	s.Generation, s.Seed, s.Playing, s.Target = int(h.Generation), h.Seed, h.Playing, h.Target
	s.Shard, s.Shards, s.GenGames, s.Done, s.N, s.Total = int(h.Shard), int(h.Shards), h.GenGames, h.Done, h.N, h.Total
	if len(rd.b) != int(h.Entries)*binary.Size(statsEntry{}) {
		return nil, fmt.Errorf("%w: %d entries announced, %d bytes hold them", ErrFormat, h.Entries, len(rd.b))
	}
	for range h.Entries {
		var e statsEntry
		rd.read(&e)
		if int(e.Rank) >= len(s.Count) || math.IsNaN(e.Sum) || math.IsInf(e.Sum, 0) {
			return nil, fmt.Errorf("%w: entry for leave %d of %d (sum %v)", ErrFormat, e.Rank, len(s.Count), e.Sum)
		}
		s.Count[e.Rank], s.Sum[e.Rank] = e.Count, e.Sum
	}
	if math.IsNaN(s.Total) || math.IsInf(s.Total, 0) {
		return nil, fmt.Errorf("%w: total %v", ErrFormat, s.Total)
	}
	return s, rd.err
}
