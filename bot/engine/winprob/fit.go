package winprob

import "math"

// DefaultMinRecords is Fit's default: the positions a cell's curve is
// fitted from at least. A curve is two numbers, so a few thousand
// positions pin it to within a point or two of percentage.
const DefaultMinRecords = 4000

// Fit turns the statistics into a table: for each cell (unseen count,
// side to move) a logistic curve in the spread, fitted by maximum
// likelihood to the positions of its own and its neighbouring unseen
// counts, the nearer weighing more (a triangular kernel), widened until
// they hold minRecords positions. Neighbours smooth the table across the
// unseen count, where one tile more or less changes little, and fill the
// cells self-play seldom visits (no side is ever 0 tiles from the end and
// not over). Every curve rises with the spread (B > 0).
func (s *Stats) Fit(minRecords int) *Table {
	maxU := s.MaxUnseen()
	t := &Table{Variant: s.Variant, Dist: s.Dist, Games: s.Done, Seed: s.Seed, // Done: the games counted, the shards' together once merged
		A: make([]float64, 2*(maxU+1)), B: make([]float64, 2*(maxU+1))}
	// The positions of each unseen count and side, to find each cell's
	// kernel width without summing its bins again at every width.
	count := make([]float64, 2*(maxU+1))
	for c := range count {
		for _, k := range s.N[c*spreadBins : (c+1)*spreadBins] {
			count[c] += float64(k)
		}
	}
	n := make([]float64, spreadBins)
	w2 := make([]float64, spreadBins)
	for u := 0; u <= maxU; u++ {
		for side := range 2 {
			h := 0
			for ; h <= maxU; h++ {
				total := 0.0
				for v := max(u-h, 0); v <= min(u+h, maxU); v++ {
					total += (1 - float64(abs(u-v))/float64(h+1)) * count[v*2+side]
				}
				if total >= float64(minRecords) {
					break
				}
			}
			clear(n)
			clear(w2)
			for v := max(u-h, 0); v <= min(u+h, maxU); v++ {
				k := 1 - float64(abs(u-v))/float64(h+1)
				base := (v*2 + side) * spreadBins
				for b := range spreadBins {
					if c := s.N[base+b]; c > 0 {
						n[b] += k * float64(c)
						w2[b] += k * float64(s.Wins2[base+b])
					}
				}
			}
			c := u*2 + side
			t.A[c], t.B[c] = logistic(n, w2)
		}
	}
	return t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// spreadScale is the unit of the spread inside the fit (a hundred points),
// which keeps Newton's steps well conditioned.
const spreadScale = 100

// minSlope is the least slope a curve is given (a point of spread is worth
// at least this much of the logit): a cell with no data, or data that
// cannot tell, still rises with the spread.
const minSlope = 1e-4

// logistic fits P(win) = 1/(1+exp(-(a + b·spread))) to the counts of each
// spread bin (n positions, w2 wins counted twice) by Newton's method on the
// log-likelihood, with a weak ridge on the slope (a record's worth) that
// keeps a perfectly separated cell finite.
func logistic(n, w2 []float64) (a, b float64) {
	const ridge = 1
	var bs float64 // slope per spreadScale points
	for range 50 {
		var ga, gb, haa, hab, hbb float64
		for i, c := range n {
			if c == 0 {
				continue
			}
			x := float64(i-MaxSpread) / spreadScale
			p := 1 / (1 + math.Exp(-(a + bs*x)))
			r := w2[i]/2 - c*p
			v := c * p * (1 - p)
			ga += r
			gb += r * x
			haa += v
			hab += v * x
			hbb += v * x * x
		}
		gb -= ridge * bs
		hbb += ridge
		haa += 1e-9
		det := haa*hbb - hab*hab
		if !(det > 0) {
			break
		}
		da := (hbb*ga - hab*gb) / det
		db := (haa*gb - hab*ga) / det
		// A step of more than a few logits is the curve running away
		// from a cell it cannot separate: take it in part.
		if m := max(math.Abs(da), math.Abs(db)); m > 4 {
			da, db = da*4/m, db*4/m
		}
		a += da
		bs += db
		if math.Abs(da) < 1e-9 && math.Abs(db) < 1e-9 {
			break
		}
	}
	return a, max(bs/spreadScale, minSlope)
}
