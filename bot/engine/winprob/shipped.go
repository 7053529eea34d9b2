package winprob

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/data"
)

// shipped is the tables embedded in the binary, read once and read-only
// after: a few kilobytes of text each, parsed in well under a millisecond.
var shipped = sync.OnceValues(func() ([]*Table, error) {
	var out []*Table
	for _, f := range data.WinProbTables() {
		t, err := ReadTable(bytes.NewReader(f.Data))
		if err != nil {
			return nil, fmt.Errorf("data/winprob/%s.winprob: %w", f.Name, err)
		}
		out = append(out, t)
	}
	return out, nil
})

// Shipped is the embedded table learned with the bag dist, nil when there
// is none (or the tables cannot be read: TestShippedTablesRead keeps that
// from shipping). Treat it as read-only: every caller shares it.
func Shipped(dist *[tile.NumKinds]int) *Table {
	tables, _ := shipped()
	for _, t := range tables {
		if t.Fits(dist) {
			return t
		}
	}
	return nil
}
