package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestLookupBestScoringFirst(t *testing.T) {
	path := buildTestIndex(t)
	code, stdout, stderr := runCLI(t, "", "lookup", "--index", path, "--json", "zaqis")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got []lookupWord
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	// From Z A Q I S: ZAS 12, QIS 12, ZA 11, QI 11, IS 2, SI 2, AS 2 (Lexico
	// values Z=10 Q=10 A=I=S=1). ADZ needs a D; TEA needs T, E.
	want := []lookupWord{{"QIS", "", 12}, {"ZAS", "", 12}, {"QI", "", 11}, {"ZA", "", 11}, {"AS", "", 2}, {"IS", "", 2}, {"SI", "", 2}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestLookupBlankScoresZero(t *testing.T) {
	path := buildTestIndex(t)
	code, stdout, _ := runCLI(t, "", "lookup", "--index", path, "Q?")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	// QI with the I from the blank: 10 points, shown with a lower-case i.
	if first := strings.SplitN(stdout, "\n", 2)[0]; strings.TrimSpace(first) != "10 Qi" {
		t.Fatalf("first line %q, want \"10 Qi\"\n%s", first, stdout)
	}
}

func TestLookupBadRack(t *testing.T) {
	path := buildTestIndex(t)
	for _, args := range [][]string{{"lookup", "--index", path, "AB3"}, {"lookup", "--index", path}, {"lookup", "--index", path, "A", "B"}} {
		code, _, stderr := runCLI(t, "", args...)
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}
