package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Each bad flag is refused with a line naming it; the defaults pass.
func TestOptionsCheck(t *testing.T) {
	good := options{n: 100, candidates: 10, iterations: 100, budget: 5 * time.Second}
	if err := good.check(); err != nil {
		t.Fatalf("defaults refused: %v", err)
	}
	for flag, o := range map[string]options{
		"-n":          {n: 0, candidates: 10, budget: time.Second},
		"-bag":        {n: 1, bag: -1, candidates: 10, budget: time.Second},
		"-candidates": {n: 1, candidates: 0, budget: time.Second},
		"-iterations": {n: 1, candidates: 10, iterations: -1, budget: time.Second},
		"-budget":     {n: 1, candidates: 10},
	} {
		if err := o.check(); err == nil || !strings.HasPrefix(err.Error(), flag+" ") {
			t.Errorf("%s out of range: %v, want an error naming %s", flag, err, flag)
		}
	}
}

// An earlier run's file is read by game; a damaged line is named.
func TestReadRecords(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "a.jsonl")
	os.WriteFile(good, []byte(`{"game":3,"variant":"classic","bag":0,"sim_margin":12,"static_margin":4}
{"game":5,"variant":"multipliers","bag":1,"sim_margin":-7,"static_margin":-9}
`), 0o644)
	recs, err := readRecords(good)
	if err != nil || len(recs) != 2 || recs[5].Sim != -7 || recs[3].Static != 4 {
		t.Fatalf("readRecords: %v, %+v", err, recs)
	}
	bad := filepath.Join(dir, "b.jsonl")
	os.WriteFile(bad, []byte("{\"game\":3}\nnot json\n"), 0o644)
	if _, err := readRecords(bad); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a damaged second line: %v, want it named", err)
	}
}
