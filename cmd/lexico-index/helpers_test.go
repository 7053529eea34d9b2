package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// testWords is a small dictionary for the command tests.
var testWords = []string{"QI", "QIS", "IS", "SI", "ZA", "ZAS", "ADZ", "TEA", "EAT", "ATE", "ETA", "TAE", "TAES", "SEAT", "EATS", "EAST", "SATE", "TEAS", "ETAS", "AT", "TA", "ES", "AS"}

// buildTestIndex runs lexico-index build on testWords and returns the file.
func buildTestIndex(t *testing.T) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "test.db")
	if code, _, stderr := runCLI(t, strings.Join(testWords, "\n"), "build", "--source", "-", "--out", out); code != 0 {
		t.Fatalf("build: %s", stderr)
	}
	return out
}

func sorted(words []string) []string {
	out := append([]string(nil), words...)
	slices.Sort(out)
	return out
}
