package build

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkBuildDefault builds the index of the embedded 274k-word list, the
// work of `lexico-index build` (target: under 5 s on 2 cores), and reports
// the file size.
func BenchmarkBuildDefault(b *testing.B) {
	dir := b.TempDir()
	out := filepath.Join(dir, "lexico.db")
	for b.Loop() {
		if _, err := Build(context.Background(), Options{Out: out}); err != nil {
			b.Fatal(err)
		}
	}
	fi, err := os.Stat(out)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(fi.Size())/1e6, "MB-file")
}
