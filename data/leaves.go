package data

import (
	"embed"
	"io"
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

// LearnedLeaf is a learned leave table shipped with the binary
// (data/leaves/NAME.leaves, format: bot/engine/leaves).
type LearnedLeaf struct {
	Name string
	path string
}

// Head is the file's first n bytes (fewer if it is shorter), read without
// the rest: enough for the header that says which bag the table is for.
func (l LearnedLeaf) Head(n int) ([]byte, error) {
	f, err := learned.Open(l.path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	k, err := io.ReadFull(f, b)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return b[:k], err
}

// Bytes is the whole file (a copy, of over a megabyte).
func (l LearnedLeaf) Bytes() ([]byte, error) { return learned.ReadFile(l.path) }

// LearnedLeaves are the learned leave tables shipped with the binary, by
// name. Nothing of them is read until asked: a bot playing one variant
// need not read the tables of the others.
func LearnedLeaves() []LearnedLeaf {
	names, _ := fs.Glob(learned, "leaves/*.leaves")
	sort.Strings(names)
	out := make([]LearnedLeaf, 0, len(names))
	for _, n := range names {
		out = append(out, LearnedLeaf{Name: strings.TrimSuffix(path.Base(n), ".leaves"), path: n})
	}
	return out
}
