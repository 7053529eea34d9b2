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

// wpBits is the unit of a win probability in the sums: 2^-wpBits, far
// below any difference between candidates, and small enough that a
// probability's square times MaxRounds fits the 128-bit sums.
const wpBits = 24

// moments are the exact running sums of a quantity counted in integer
// units: its count is the tally's, its sum, and the sum of its squares in
// 128 bits.
type moments struct {
	sum        int64
	sqHi, sqLo uint64
}

// add counts one value of q units (|q| <= 2^31, so its square fits).
func (m *moments) add(q int64) {
	m.sum += q
	var carry uint64
	m.sqLo, carry = bits.Add64(m.sqLo, uint64(q*q), 0)
	m.sqHi += carry
}

// merge adds u's values to m.
func (m *moments) merge(u *moments) {
	m.sum += u.sum
	var carry uint64
	m.sqLo, carry = bits.Add64(m.sqLo, u.sqLo, 0)
	m.sqHi += u.sqHi + carry
}

// meanErr is the mean of n values and its standard error, in units of
// 2^-unitBits.
func (m *moments) meanErr(n int64, unitBits int) (mean, stdErr float64) {
	if n == 0 {
		return 0, 0
	}
	k := float64(n)
	unit := math.Ldexp(1, -unitBits)
	mean = float64(m.sum) * unit / k
	if n > 1 {
		// n·Σq² − (Σq)², exactly, in 128 bits: the sample variance times
		// n(n−1), in units squared. Σq² < n·2^62 and n ≤ MaxRounds keep
		// both products within 128 bits.
		aHi, aLo := bits.Mul64(m.sqLo, uint64(n))
		aHi += m.sqHi * uint64(n)
		abs := uint64(m.sum)
		if m.sum < 0 {
			abs = uint64(-m.sum)
		}
		bHi, bLo := bits.Mul64(abs, abs)
		dLo, borrow := bits.Sub64(aLo, bLo, 0)
		dHi, _ := bits.Sub64(aHi, bHi, borrow)
		d := float64(dHi)*0x1p64 + float64(dLo)
		variance := d / (k * (k - 1)) * unit * unit
		stdErr = math.Sqrt(max(variance, 0) / k)
	}
	return mean, stdErr
}

// tally is the running sums of one candidate's outcomes.
type tally struct {
	n     int64
	value moments // in units of 2^-valueBits points
	wp    moments // in units of 2^-wpBits
	wins2 int64   // wins counted twice, ties once
	ended int64
}

// add counts one outcome.
func (t *tally) add(o outcome) {
	v := max(min(o.value, maxValue), -maxValue)
	t.n++
	t.value.add(int64(math.Round(v * (1 << valueBits))))
	t.wp.add(int64(math.Round(min(max(o.wp, 0), 1) * (1 << wpBits))))
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
	t.value.merge(&u.value)
	t.wp.merge(&u.wp)
	t.wins2 += u.wins2
	t.ended += u.ended
}

// result turns the sums into a candidate's figures.
func (t *tally) result() Result {
	r := Result{Iterations: int(t.n), Ended: int(t.ended)}
	if t.n == 0 {
		return r
	}
	r.Equity, r.StdErr = t.value.meanErr(t.n, valueBits)
	r.WinProb, r.WinProbErr = t.wp.meanErr(t.n, wpBits)
	r.WinRate = float64(t.wins2) / 2 / float64(t.n)
	return r
}
