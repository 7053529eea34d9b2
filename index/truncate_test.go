package index_test

import (
	"errors"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/index/multiset"
)

// TestDetachedIndexSurvivesTruncation: a file truncated in place under a
// running reader (cp or a shell redirect over the index) takes the pages
// past its new end out of the memory map, and the next read of one faults:
// SIGBUS, which kills the process. A detached index (serve's) keeps
// answering from its own copies, and its word queries, which still read
// the map, report ErrCorrupt. The undetached index beside it shows that
// the truncation does fault.
func TestDetachedIndexSurvivesTruncation(t *testing.T) {
	p := copyIndex(t)
	detached, err := index.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer detached.Close()
	if err := detached.Detach(); err != nil {
		t.Fatalf("Detach: %v", err)
	}
	mapped, err := index.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer mapped.Close()

	if err := os.Truncate(p, 0); err != nil {
		t.Fatal(err)
	}

	if !faults(func() { mapped.GADDAG().Contains(strings.ToUpper(smallList[0])) }) {
		t.Fatal("reading the undetached GADDAG after the truncation did not fault: the test shows nothing")
	}
	for _, w := range upperAll(smallList) {
		if !detached.Contains(w) || !detached.GADDAG().Contains(w) {
			t.Errorf("detached: %s missing after the truncation", w)
		}
		if !detached.Multisets().HasWord(multiset.Of(w), w) {
			t.Errorf("detached: the multiset table misses %s after the truncation", w)
		}
		if l := w[len(w)-1] - 'A'; detached.Blanks().Letters(multiset.Of(w)-multiset.Letter(int(l)))&(1<<l) == 0 {
			t.Errorf("detached: the blank table misses %s with a blank for its last letter", w)
		}
		if !detached.Fragment(w) {
			t.Errorf("detached: the fragment filter misses %s", w)
		}
	}
	if detached.Contains("QQQQ") {
		t.Error("detached: QQQQ is a word after the truncation")
	}
	if _, err := detached.ByLength(3); !errors.Is(err, index.ErrCorrupt) {
		t.Errorf("ByLength after the truncation: %v, want ErrCorrupt", err)
	}
	if err := mapped.Detach(); !errors.Is(err, index.ErrCorrupt) {
		t.Errorf("Detach after the truncation: %v, want ErrCorrupt", err)
	}
}

// faults reports whether fn faulted reading memory.
func faults(fn func()) (faulted bool) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() { faulted = recover() != nil }()
	fn()
	return false
}
