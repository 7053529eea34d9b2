package main

import (
	"math"
	"testing"
)

// fit recovers the slope of a known line, with a standard error that
// shrinks with the noise, and the correction it would make.
func TestFitRecoversAKnownSlope(t *testing.T) {
	var xs, ys []float64
	for i := range 1000 {
		x := float64(i%50) - 25
		noise := float64(i%7) - 3 // mean 0 over each 7
		xs, ys = append(xs, x), append(ys, 10+2.5*x+noise)
	}
	slope, se, rms := fit(xs, ys)
	if math.Abs(slope-2.5) > 0.01 {
		t.Errorf("slope %v, want 2.5", slope)
	}
	if se <= 0 || se > 0.01 {
		t.Errorf("standard error %v, want a small positive one", se)
	}
	// rms of 2.5·(x − mean x): x runs evenly over −25..24.
	var want float64
	for i := range 50 {
		d := float64(i) - 25 + 0.5
		want += d * d
	}
	want = 2.5 * math.Sqrt(want/50)
	if math.Abs(rms-want) > 0.05 {
		t.Errorf("correction %v points, want %v", rms, want)
	}
	if s, _, _ := fit([]float64{1, 1, 1}, []float64{1, 2, 3}); s != 0 {
		t.Errorf("a feature that never varies: slope %v, want 0", s)
	}
}
