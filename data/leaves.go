package data

import _ "embed"

// DefaultLeavesCSV is the hand-tuned leave model (format:
// bot/engine/equity/table.go): a value per tile, a duplicate penalty, a
// vowel/consonant balance term and the equity parameters. It is the leave
// valuation wherever no learned table fits the bag, and supplies the
// parameters always. It is embedded so the binary values leaves the same
// wherever it runs.
//
//go:embed leaves-hand.csv
var DefaultLeavesCSV []byte

// The learned tables, each embedded as a string: read-only memory of the
// binary, which the valuation reads in place (bot/engine/leaves.TableInPlace)
// instead of copying over a megabyte a table at start-up. A new table is
// added here and to LearnedLeaves (TestEveryShippedTableIsListed).
var (
	//go:embed leaves/classic.leaves
	classicLeaves string
	//go:embed leaves/multipliers.leaves
	multipliersLeaves string
)

// LearnedLeaf is a learned leave table shipped with the binary
// (data/leaves/NAME.leaves, format: bot/engine/leaves).
type LearnedLeaf struct {
	Name string
	// Data is the file as embedded (never to be modified; a string, so it
	// cannot be).
	Data string
}

// Head is the file's first n bytes (fewer if it is shorter): enough for
// the header that says which bag the table is for.
func (l LearnedLeaf) Head(n int) []byte { return []byte(l.Data[:min(n, len(l.Data))]) }

// LearnedLeaves are the learned leave tables shipped with the binary, by
// name. Nothing of them is read until asked: a bot playing one variant
// need not read the tables of the others.
func LearnedLeaves() []LearnedLeaf {
	return []LearnedLeaf{{"classic", classicLeaves}, {"multipliers", multipliersLeaves}}
}
