package index_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/wordlist"
)

// smallList is a word list with anagram sets, shared prefixes, several
// lengths, lower case and a duplicate, to exercise every query.
var smallList = []string{
	"aa", "ab", "ad", "ae", "at", "ta", "tea", "eat", "ate", "eta", "tae",
	"rate", "tear", "tare", "retain", "retina", "ratine", "retains", "nastier",
	"stainer", "retinas", "antsier", "anestri", "ratines", "zoo", "quiz",
	"quizzes", "jazz", "Zebra", "zebra", "xi", "ox", "ex", "re", "er", "ear",
	"era", "are", "area", "arena", "aerie", "queen", "quean",
}

// buildSmall writes an index of words into a temporary directory.
func buildSmall(t testing.TB, words []string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "small.db")
	_, err := build.Build(context.Background(), build.Options{
		Source: "-", Stdin: strings.NewReader(strings.Join(words, "\n") + "\n"), Out: out,
	})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return out
}

func openSmall(t testing.TB) *index.Index {
	t.Helper()
	x, err := index.Open(buildSmall(t, smallList))
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

func TestContainsEveryWordAndNothingElse(t *testing.T) {
	x := openSmall(t)
	for _, w := range smallList {
		if !x.Contains(w) || !x.Contains(strings.ToUpper(w)) {
			t.Errorf("Contains(%q) = false for a listed word", w)
		}
	}
	for _, w := range []string{"", "A", "TE", "RETAI", "RETAINSS", "ZEBRAS", "QU", "AAA"} {
		if x.Contains(w) {
			t.Errorf("Contains(%q) = true for a word not in the list", w)
		}
	}
}

func TestMetaDescribesTheList(t *testing.T) {
	x := openSmall(t)
	m := x.Meta()
	// "Zebra" and "zebra" are one word once upper-cased.
	if m.WordCount != len(smallList)-1 || m.Duplicates != 1 {
		t.Errorf("WordCount %d, Duplicates %d; want %d, 1", m.WordCount, m.Duplicates, len(smallList)-1)
	}
	if m.FormatVersion != index.FormatVersion || m.Source != "stdin" || len(m.SHA256) != 64 {
		t.Errorf("meta = %+v", m)
	}
	want := wordlist.Checksum(sorted(upperAll(smallList)))
	if m.SHA256 != want {
		t.Errorf("SHA256 %s, want %s", m.SHA256, want)
	}
}
