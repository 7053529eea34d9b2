package winprob

import (
	"bytes"
	"fmt"

	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/data"
)

// Set is the tables a simulation may rank by, one per bag: For picks the
// one learned with a position's bag.
type Set []*Table

// For is the table of s learned with the bag dist, nil when there is none
// (the simulation then ranks by points).
func (s Set) For(dist *[tile.NumKinds]int) *Table {
	for _, t := range s {
		if t.Fits(dist) {
			return t
		}
	}
	return nil
}

// ReadShipped reads the tables embedded in the binary: a few kilobytes of
// text each, parsed in well under a millisecond. Each call parses them
// afresh, so the owner of what the searches read (an engine's
// player.Shared) holds its own, and nothing is kept for the whole process.
// An error means a damaged build (TestShippedTablesRead keeps that from
// shipping).
func ReadShipped() (Set, error) {
	var out Set
	for _, f := range data.WinProbTables() {
		t, err := ReadTable(bytes.NewReader(f.Data))
		if err != nil {
			return nil, fmt.Errorf("data/winprob/%s.winprob: %w", f.Name, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// Shipped is the embedded table learned with the bag dist, nil when there
// is none or the tables cannot be read: ReadShipped(...).For(dist), for
// tests and tools that want one table.
func Shipped(dist *[tile.NumKinds]int) *Table {
	set, err := ReadShipped()
	if err != nil {
		return nil
	}
	return set.For(dist)
}
