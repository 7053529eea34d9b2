package data

import _ "embed"

// DefaultLeavesCSV is the leave-value table the equity player uses unless it
// is given another (format: bot/engine/equity/table.go). It is embedded so the
// binary values leaves the same wherever it runs.
//
//go:embed leaves.csv
var DefaultLeavesCSV []byte
