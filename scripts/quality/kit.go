package main

import (
	"os"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/strategy"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
)

// kit is an open index, its GADDAG generator and the default valuation
// (the shipped learned leaves), as the bot's policies use them.
type kit struct {
	index *index.Index
	gen   movegen.Generator
	table *equity.Table
}

// openKit opens the index at path ("" : $LEXICO_INDEX, else the default
// index) and readies the generator and the valuation.
func openKit(path string) (*kit, error) {
	x, err := build.OpenIndex(path, os.Stderr)
	if err != nil {
		return nil, err
	}
	k := &kit{index: x}
	if k.gen, err = strategy.New("gaddag", x); err == nil {
		k.table, err = equity.DefaultTable()
	}
	if err != nil {
		x.Close()
		return nil, err
	}
	return k, nil
}

func (k *kit) close() error { return k.index.Close() }
