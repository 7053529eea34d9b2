package lingo

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// Values are the Scramble letter values the seed's table gives, which are
// Lexico's English values (variant.EnglishValues): A=1 ... Q=10, Z=10.
// Lingo has no blanks.
var Values = letters(variant.EnglishValues)

// FullDistribution is the Scramble set with its two blanks removed, which
// is Lexico's classic set (variant.Classic): 98 tiles.
var FullDistribution = letters(variant.Classic.Distribution)

// letters are a table's entries for A to Z, Lingo's letters.
func letters(kinds [tile.NumKinds]int) (out [26]int) {
	for i := range out {
		out[i] = kinds[tile.Index(byte('A'+i))]
	}
	return out
}

// TileSet is one of the seed's three tile sets.
type TileSet uint8

const (
	// SetDefault is about half the Scramble set: 49 tiles.
	SetDefault TileSet = iota
	// SetSmall is the seed's "small set of 30 tiles": a quarter of the
	// Scramble set would be 24.5, but the seed fixes the count at 30.
	SetSmall
	// SetFull is the whole Scramble set without blanks: 98 tiles.
	SetFull
)

// Size is the number of tiles in the set.
func (s TileSet) Size() int {
	switch s {
	case SetSmall:
		return 30
	case SetFull:
		return 98
	}
	return 49
}

func (s TileSet) String() string {
	switch s {
	case SetSmall:
		return "small"
	case SetFull:
		return "full"
	}
	return "default"
}

// Distribution is how many of each letter the set holds (index 0 = A).
func (s TileSet) Distribution() [26]int { return Scale(FullDistribution, s.Size()) }

// Scale shrinks the distribution full to exactly total tiles by the
// largest-remainder method: every letter gets the whole part of its
// proportional share full[i]*total/sum, and the tiles still missing go to
// the largest fractional parts. Ties (common: halving turns every odd count
// into a .5) go to the letter with more tiles in the full set, then to the
// lower value (the set keeps playable letters rather than J, Q, X, Z), then
// alphabetically. Each letter's count is therefore within one of its exact
// share, and the sum is exact, which rounding each letter on its own is
// not (rounding quarters gives 29 tiles, rounding halves 53).
//
// The results (see TestTileSetsAreTheSeedsSizes):
//
//	small 30:   A3 B1 C1 D1 E4 F1 G1 H1 I3 L1 M1 N2 O2 P1 R2 S1 T2 U1 V1
//	default 49: A5 B1 C1 D2 E6 F1 G2 H1 I5 K1 L2 M1 N3 O4 P1 R3 S2 T3 U2 V1 W1 Y1
func Scale(full [26]int, total int) [26]int {
	sum := 0
	for _, n := range full {
		sum += n
	}
	var out [26]int
	if sum == 0 || total <= 0 {
		return out
	}
	if total >= sum {
		return full
	}
	rem := make([]int, 0, 26) // letters in the order they get a spare tile
	left := total
	var frac [26]int // remainder numerators, share = (full*total) / sum
	for i, n := range full {
		out[i] = n * total / sum
		frac[i] = n * total % sum
		left -= out[i]
		rem = append(rem, i)
	}
	sort.SliceStable(rem, func(a, b int) bool {
		i, j := rem[a], rem[b]
		switch {
		case frac[i] != frac[j]:
			return frac[i] > frac[j]
		case full[i] != full[j]:
			return full[i] > full[j]
		case Values[i] != Values[j]:
			return Values[i] < Values[j]
		}
		return i < j
	})
	for _, i := range rem[:left] {
		out[i]++
	}
	return out
}

// FormatDistribution writes a distribution as "A3 B1 ...", letters with no
// tiles left out.
func FormatDistribution(d [26]int) string {
	var f []string
	for i, n := range d {
		if n > 0 {
			f = append(f, fmt.Sprintf("%c%d", 'A'+i, n))
		}
	}
	return strings.Join(f, " ")
}
