package equity

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/lexico/lexico/bot/engine/leaves"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/quote"
	"github.com/lexico/lexico/internal/readlimit"
)

// Load builds the valuation from files, as --leaves names them: at most one
// hand-tuned model (CSV, the format on Table) and any learned tables
// (package leaves), at most one per bag. No file at all is DefaultTable.
// Without a CSV the embedded hand-tuned model supplies the model and the
// parameters; a CSV alone is that model without any learned table, so
// --leaves data/leaves-hand.csv plays the hand-tuned values everywhere.
func Load(paths ...string) (*Table, error) {
	if len(paths) == 0 {
		return DefaultTable()
	}
	var (
		model   *Table
		learned []*leaves.Table
	)
	for _, p := range paths {
		b, err := readlimit.File(p, "leaves file", leaves.MaxFile)
		if err != nil {
			return nil, err
		}
		if leaves.IsTableFile(b) {
			l, err := leaves.ReadTable(b)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", p, err)
			}
			if !fitsAVariant(l) {
				return nil, fmt.Errorf("%s: %w: learned for the bag of %s, which no variant has (%s): no game would use it",
					p, ErrTable, quote.String(l.Variant), strings.Join(variant.Names(), ", "))
			}
			for _, o := range learned {
				if o.Space.Dist == l.Space.Dist {
					return nil, fmt.Errorf("%s: %w: a second learned table for the bag of %s", p, ErrTable, o.Variant)
				}
			}
			learned = append(learned, l)
			continue
		}
		if model != nil {
			return nil, fmt.Errorf("%s: %w: a second hand-tuned model (CSV); give at most one", p, ErrTable)
		}
		if model, err = Parse(bytes.NewReader(b)); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
	}
	if model == nil {
		var err error
		if model, err = HandTable(); err != nil {
			return nil, err
		}
	}
	model.Learned = learned
	return model, nil
}

// fitsAVariant reports whether some variant's games are played with l's
// bag: a table for none (another tile set, a hand-made file) would be
// carried along and never read.
func fitsAVariant(l *leaves.Table) bool {
	for v := range variant.All() {
		if l.Fits(&v.Distribution) {
			return true
		}
	}
	return false
}
