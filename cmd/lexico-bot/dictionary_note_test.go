package main

import (
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/platform/gamestate/gamestatetest"
	"github.com/lexico/lexico/data"
)

// The platform's own dictionary cannot be fetched and the embedded list
// stands in for it: run says nothing about it when it plays with an index
// of the embedded list (the play test index is one), and still names any
// other dictionary URL it cannot honour.
func TestRunNotesOnlyADictionaryThatMatters(t *testing.T) {
	doc := string(gamestatetest.DocExampleBytes(t))
	if !strings.Contains(doc, data.PlatformDictionaryURL) {
		t.Fatal("the doc example no longer names the platform's dictionary")
	}
	other := strings.Replace(doc, data.PlatformDictionaryURL, "https://example.com/my-words.txt", 1)
	for _, c := range []struct {
		name, gs string
		noted    bool
	}{{"the platform's dictionary", doc, false}, {"another dictionary", other, true}} {
		code, _, errs := runBot(t, c.gs, "run", "--index", playIndex(t), "--policy", "greedy", "-")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errs)
		}
		if got := strings.Contains(errs, "the gamestate's dictionary"); got != c.noted {
			t.Errorf("%s: noted %v, want %v:\n%s", c.name, got, c.noted, errs)
		}
	}
}
