package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/match/arena"
)

// One vocabulary of rule sets: solve and play both take --variant with the
// registered names. The old spellings (solve --rules, the name lexico) still
// work, give the same answer as the new ones, and say the name to use.
func TestVariantNamesAndTheirOldSpellings(t *testing.T) {
	idx := solveIndex(t)
	path, _ := boardFile(t, nil)
	solve := func(args ...string) (int, string, string) {
		return runBot(t, "", append([]string{"solve", "--board", path, "--hand", "xypdqab", "--index", idx, "--top", "3"}, args...)...)
	}
	code, want, errs := solve("--variant", "multipliers")
	if code != 0 || errs != "" {
		t.Fatalf("solve --variant multipliers: exit %d, stderr %q", code, errs)
	}
	if _, def, _ := solve(); def != want {
		t.Errorf("solve's default rule set is not multipliers:\n%s\nwant\n%s", def, want)
	}
	code, got, errs := solve("--rules", "lexico")
	if code != 0 || got != want {
		t.Errorf("solve --rules lexico: exit %d, stdout\n%s\nwant that of --variant multipliers\n%s", code, got, want)
	}
	if !strings.Contains(errs, "use --variant multipliers") || strings.Count(errs, "\n") != 1 {
		t.Errorf("solve --rules lexico: stderr %q, want one note naming --variant multipliers", errs)
	}

	// Greedy against greedy from one seed: the same games whatever the
	// machine's speed, so the scores tell which rule set was played.
	play := func(name string) (arena.Summary, string) {
		code, out, errs := runBot(t, "", "play", "--index", playIndex(t), "--json", "--seed", "7", "--parallel", "1",
			"--p1", "greedy", "--p2", "greedy", "--variant", name)
		var s arena.Summary
		if code != 0 || json.Unmarshal([]byte(out), &s) != nil {
			t.Fatalf("play --variant %s: exit %d, stdout %q, stderr %q", name, code, out, errs)
		}
		return s, errs
	}
	summ, _ := play("multipliers")
	gotS, errs := play("lexico")
	if gotS.Variant != "multipliers" || gotS.Seats[0].AvgScore != summ.Seats[0].AvgScore || gotS.Seats[1].AvgScore != summ.Seats[1].AvgScore {
		t.Errorf("play --variant lexico: %s, scores %v/%v; --variant multipliers: %v/%v",
			gotS.Variant, gotS.Seats[0].AvgScore, gotS.Seats[1].AvgScore, summ.Seats[0].AvgScore, summ.Seats[1].AvgScore)
	}
	if !strings.Contains(errs, "use --variant multipliers") {
		t.Errorf("play --variant lexico: stderr %q, want a note naming --variant multipliers", errs)
	}
}
