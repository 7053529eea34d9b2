package montecarlo

import (
	"math"
	"math/bits"
)

// The simulation keeps no record per round: each goroutine adds every
// finished round to running sums per candidate, and the sums are added
// together when the simulation stops. Memory is a few words per candidate
// whatever the budget (millions of cheap end-game rounds in a few seconds
// once cost a gigabyte), and the report costs nothing to make after the
// deadline.
//
// The sums are integers: a value is counted in units of 2^-valueBits of a
// point. Integer addition does not depend on its order, so the same rounds
// give the same report to the last bit however the goroutines shared them,
// and the variance is computed exactly (no cancellation when every world
// agrees). A unit is about a millionth of a point, far below any difference
// between candidates.
const valueBits = 20

// maxValue bounds the value counted (points either way); a simulated
// spread is a few hundred points at most, and the bound keeps a value's
// square within 64 bits.
const maxValue = 1 << 11

// tally is the running sums of one candidate's outcomes.
type tally struct {
	n     int64
	sum   int64  // of the values, in units
	sqHi  uint64 // the sum of the squared values, 128 bits
	sqLo  uint64
	wins2 int64 // wins counted twice, ties once
	ended int64
}

// add counts one outcome.
func (t *tally) add(o outcome) {
	v := max(min(o.value, maxValue), -maxValue)
	q := int64(math.Round(v * (1 << valueBits)))
	t.n++
	t.sum += q
	sq := uint64(q * q) // |q| <= 2^31: the square fits
	var carry uint64
	t.sqLo, carry = bits.Add64(t.sqLo, sq, 0)
	t.sqHi += carry
	switch {
	case o.margin > 0:
		t.wins2 += 2
	case o.margin == 0:
		t.wins2++
	}
	if o.ended {
		t.ended++
	}
}

// merge adds u's outcomes to t.
func (t *tally) merge(u *tally) {
	t.n += u.n
	t.sum += u.sum
	var carry uint64
	t.sqLo, carry = bits.Add64(t.sqLo, u.sqLo, 0)
	t.sqHi += u.sqHi + carry
	t.wins2 += u.wins2
	t.ended += u.ended
}

// result turns the sums into a candidate's figures.
func (t *tally) result() Result {
	r := Result{Iterations: int(t.n), Ended: int(t.ended)}
	if t.n == 0 {
		return r
	}
	k := float64(t.n)
	r.Equity = float64(t.sum) / (1 << valueBits) / k
	r.WinRate = float64(t.wins2) / 2 / k
	if t.n > 1 {
		// n·Σq² − (Σq)², exactly, in 128 bits: the sample variance times
		// n(n−1), in units squared. Σq² < n·2^62 and n ≤ MaxRounds keep
		// both products within 128 bits.
		aHi, aLo := bits.Mul64(t.sqLo, uint64(t.n))
		aHi += t.sqHi * uint64(t.n)
		abs := uint64(t.sum)
		if t.sum < 0 {
			abs = uint64(-t.sum)
		}
		bHi, bLo := bits.Mul64(abs, abs)
		dLo, borrow := bits.Sub64(aLo, bLo, 0)
		dHi, _ := bits.Sub64(aHi, bHi, borrow)
		d := float64(dHi)*0x1p64 + float64(dLo)
		variance := d / (k * (k - 1)) / (1 << (2 * valueBits))
		r.StdErr = math.Sqrt(max(variance, 0) / k)
	}
	return r
}
