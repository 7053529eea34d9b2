package arena

import (
	"math"
	"sort"
	"time"
)

// Z95 is the normal quantile for a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson is the Wilson score interval for a proportion of successes out of
// n trials at normal quantile z. Unlike the textbook p ± z·sqrt(p(1-p)/n) it
// stays inside [0, 1] and keeps a sensible width at 0% or 100% and for small
// n, which is what a few hundred games between close policies produce.
// successes may be fractional (a draw counts as half a win). n = 0 gives the
// uninformative [0, 1].
func Wilson(successes float64, n int, z float64) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := successes / nf
	z2 := z * z
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// Percentiles summarises durations by nearest rank: P50 and P99 are
// durations that were actually measured, never interpolated.
type Percentiles struct {
	N             int
	P50, P99, Max time.Duration
}

// Quantiles computes Percentiles of ds (sorted in place).
func Quantiles(ds []time.Duration) Percentiles {
	if len(ds) == 0 {
		return Percentiles{}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	rank := func(q float64) time.Duration {
		i := int(math.Ceil(q*float64(len(ds)))) - 1
		return ds[max(0, min(i, len(ds)-1))]
	}
	return Percentiles{N: len(ds), P50: rank(0.50), P99: rank(0.99), Max: ds[len(ds)-1]}
}
