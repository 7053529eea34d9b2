package winprob

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/lexico/lexico/bot/engine/leaves"
	"github.com/lexico/lexico/bot/game/tile"
)

// MaxSpread bounds the spreads counted: a larger lead either way is counted
// as this one. Past it a game is all but decided.
const MaxSpread = 300

// spreadBins is the number of spread bins: one a point, -MaxSpread to
// MaxSpread.
const spreadBins = 2*MaxSpread + 1

// Stats are what self-play saw: for each cell (unseen count and side to
// move) and each spread, rounded to a point, how many positions and how
// many of them were won (counted twice, a tie once). Counts add, so the
// statistics of shards played by separate processes merge by addition, in
// any order, exactly.
type Stats struct {
	Variant string
	Dist    [tile.NumKinds]int
	// Seed is the trainer's seed.
	Seed uint64
	// Playing is the Checksum of the learned leave table the games were
	// played with (0: the hand-tuned model alone): the players' leaves
	// change which positions arise and who wins, so games played with two
	// tables are two runs. PlayingUnknown: read from a file of the first
	// format, which did not record it, so it is not checked.
	Playing        uint32
	PlayingUnknown bool
	// Shard of Shards: this process played the games i with i % Shards ==
	// Shard. A merged Stats has Shards == 0.
	Shard, Shards int
	// Games is the number of games of the whole run; Done how many of this
	// shard's share have been played (the resume point).
	Games, Done uint64
	// N and Wins2 are indexed by (unseen*2 + side)*spreadBins + spread +
	// MaxSpread, unseen from 0 to MaxUnseen.
	N, Wins2 []uint32
	// Records is the number of positions counted.
	Records uint64
}

// NewStats is empty statistics for a variant's bag: maxUnseen is the most
// tiles a side can fail to see (the bag and a rack at the start).
func NewStats(variant string, dist [tile.NumKinds]int, maxUnseen int) *Stats {
	n := (maxUnseen + 1) * 2 * spreadBins
	return &Stats{Variant: variant, Dist: dist, N: make([]uint32, n), Wins2: make([]uint32, n)}
}

// MaxUnseen is the largest unseen count with cells.
func (s *Stats) MaxUnseen() int { return len(s.N)/(2*spreadBins) - 1 }

// Index is the counter of a position: spread is the side's lead (rounded
// to a point, capped at MaxSpread either way), unseen the tiles it cannot
// see (capped at MaxUnseen), toMove whether it moves next.
func (s *Stats) Index(spread float64, unseen int, toMove bool) int32 {
	c := min(max(unseen, 0), s.MaxUnseen()) * 2
	if toMove {
		c++
	}
	b := int(math.Round(min(max(spread, -MaxSpread), MaxSpread))) + MaxSpread
	return int32(c*spreadBins + b)
}

// Add counts a position at index i (Index) whose side ended with wins2: 2
// for a win, 1 for a tie, 0 for a loss.
func (s *Stats) Add(i int32, wins2 uint8) {
	s.N[i]++
	s.Wins2[i] += uint32(wins2)
	s.Records++
}

// ShareOf is how many of a run's games shard plays of shards: the leave
// trainer's rule (game j of shard i is game i + j*shards).
func ShareOf(games uint64, shard, shards int) uint64 { return leaves.ShareOf(games, shard, shards) }

// Complete reports whether the shard has played its whole share.
func (s *Stats) Complete() bool { return s.Done >= ShareOf(s.Games, s.Shard, s.Shards) }

// Merge adds the statistics of a run's shards into one, checking they
// belong together: same bag, seed and games, and every shard 0..k-1
// present once and complete.
func Merge(shards []*Stats) (*Stats, error) {
	if len(shards) == 0 {
		return nil, fmt.Errorf("%w: no statistics to merge", ErrMismatch)
	}
	first := shards[0]
	k := max(first.Shards, 1)
	out := NewStats(first.Variant, first.Dist, first.MaxUnseen())
	out.Seed, out.Games, out.Playing, out.PlayingUnknown = first.Seed, first.Games, first.Playing, first.PlayingUnknown
	seen := make([]bool, k)
	// Checked in the order given, so that "file i" is the i-th file on the
	// command line, the one to replace.
	for i, s := range shards {
		switch {
		case s.Dist != first.Dist || len(s.N) != len(first.N):
			return nil, fmt.Errorf("%w: file %d is for another bag (%s) than file 1 (%s)", ErrMismatch, i+1, s.Variant, first.Variant)
		case s.Seed != first.Seed || s.Games != first.Games:
			return nil, fmt.Errorf("%w: file %d is seed %d of %d games; file 1 seed %d of %d games", ErrMismatch, i+1, s.Seed, s.Games, first.Seed, first.Games)
		case s.Playing != first.Playing && !s.PlayingUnknown && !first.PlayingUnknown:
			return nil, fmt.Errorf("%w: file %d was played with leave table %08x, file 1 with %08x (another --leaves)", ErrMismatch, i+1, s.Playing, first.Playing)
		case max(s.Shards, 1) != k || s.Shard < 0 || s.Shard >= k:
			return nil, fmt.Errorf("%w: file %d is shard %d/%d, file 1 one of %d", ErrMismatch, i+1, s.Shard, s.Shards, k)
		case seen[s.Shard]:
			return nil, fmt.Errorf("%w: shard %d/%d given twice", ErrMismatch, s.Shard, k)
		case !s.Complete():
			return nil, fmt.Errorf("%w: shard %d/%d has played %d of its %d games (still running, or killed: run it again to finish)",
				ErrMismatch, s.Shard, k, s.Done, ShareOf(s.Games, s.Shard, s.Shards))
		}
		seen[s.Shard] = true
	}
	for sh, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("%w: shard %d/%d is missing", ErrMismatch, sh, k)
		}
	}
	for _, s := range shards {
		for j := range s.N {
			out.N[j] += s.N[j]
			out.Wins2[j] += s.Wins2[j]
		}
		out.Records += s.Records
		out.Done += s.Done
	}
	return out, nil
}

// The statistics file: statsMagic, the header, the variant's name, the
// counts, a CRC-32. A file of the first format (statsMagicV1, before the
// leave table the games were played with was recorded) has no Playing in
// its header.
const (
	statsMagic   = "LEXWPST2"
	statsMagicV1 = "LEXWPST1"
)

type statsHeader struct {
	statsHeaderV1
	Playing uint32
}

type statsHeaderV1 struct {
	Dist          [tile.NumKinds]uint8
	Seed          uint64
	Shard, Shards uint32
	Games, Done   uint64
	Records       uint64
	Cells         uint32
	NameLen       uint32
}

// WriteTo writes the statistics file: a header, the counts, a checksum.
func (s *Stats) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	buf.WriteString(statsMagic)
	h := statsHeader{statsHeaderV1{Seed: s.Seed, Shard: uint32(s.Shard), Shards: uint32(s.Shards), Games: s.Games, Done: s.Done,
		Records: s.Records, Cells: uint32(len(s.N)), NameLen: uint32(len(s.Variant))}, s.Playing}
	for i, n := range s.Dist {
		h.Dist[i] = uint8(min(n, 255))
	}
	binary.Write(&buf, binary.LittleEndian, &h)
	buf.WriteString(s.Variant)
	binary.Write(&buf, binary.LittleEndian, s.N)
	binary.Write(&buf, binary.LittleEndian, s.Wins2)
	binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	n, err := w.Write(buf.Bytes())
	return int64(n), err
}

// ReadStats reads a statistics file WriteTo wrote.
func ReadStats(b []byte) (*Stats, error) {
	v1 := bytes.HasPrefix(b, []byte(statsMagicV1))
	if !v1 && !bytes.HasPrefix(b, []byte(statsMagic)) {
		return nil, fmt.Errorf("%w: not a win probability statistics file (no %s header)", ErrFormat, statsMagic)
	}
	if len(b) < len(statsMagic)+4 || crc32.ChecksumIEEE(b[:len(b)-4]) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch (damaged or cut short)", ErrFormat)
	}
	r := bytes.NewReader(b[len(statsMagic) : len(b)-4])
	var h statsHeader
	var err error
	if v1 {
		err = binary.Read(r, binary.LittleEndian, &h.statsHeaderV1)
	} else {
		err = binary.Read(r, binary.LittleEndian, &h)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrFormat, err)
	}
	cells := int(h.Cells)
	if cells == 0 || cells%(2*spreadBins) != 0 || int(h.NameLen) > 64 || r.Len() != int(h.NameLen)+8*cells {
		return nil, fmt.Errorf("%w: %d counts and a name of %d bytes do not fill %d bytes", ErrFormat, cells, h.NameLen, r.Len())
	}
	name := make([]byte, h.NameLen)
	io.ReadFull(r, name)
	s := &Stats{Variant: string(name), Seed: h.Seed, Playing: h.Playing, PlayingUnknown: v1, Shard: int(h.Shard), Shards: int(h.Shards), Games: h.Games, Done: h.Done,
		Records: h.Records, N: make([]uint32, cells), Wins2: make([]uint32, cells)}
	for i, n := range h.Dist {
		s.Dist[i] = int(n)
	}
	binary.Read(r, binary.LittleEndian, s.N)
	binary.Read(r, binary.LittleEndian, s.Wins2)
	return s, nil
}
