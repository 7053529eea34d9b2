package data

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// DefaultLeavesCSV is the hand-tuned leave model (format:
// bot/engine/equity/table.go): a value per tile, a duplicate penalty, a
// vowel/consonant balance term and the equity parameters. It is the leave
// valuation wherever no learned table fits the bag, and supplies the
// parameters always. It is embedded so the binary values leaves the same
// wherever it runs.
//
//go:embed leaves-hand.csv
var DefaultLeavesCSV []byte

//go:embed leaves
var learned embed.FS

// LearnedLeaves are the learned leave tables shipped with the binary
// (data/leaves/*.leaves, format: bot/engine/leaves), by file name.
func LearnedLeaves() map[string][]byte {
	out := map[string][]byte{}
	names, _ := fs.Glob(learned, "leaves/*.leaves")
	sort.Strings(names)
	for _, n := range names {
		b, err := learned.ReadFile(n)
		if err == nil {
			out[strings.TrimSuffix(path.Base(n), ".leaves")] = b
		}
	}
	return out
}
