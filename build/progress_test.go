package build

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestStageLineOverwritesTheLineBefore(t *testing.T) {
	got := StageLine("anagrams", 4, 7, 1234*time.Millisecond)
	if want := "\r\x1b[Kbuilding the index: anagrams (stage 4 of 7, 1.2s)"; got != want {
		t.Errorf("StageLine = %q, want %q", got, want)
	}
}

// With a progress writer (the CLI gives one only on a terminal), a build
// names every stage, in order, each line overwriting the last, and erases
// its line at the end so that what follows starts clean.
func TestBuildShowsEachStage(t *testing.T) {
	var progress, log bytes.Buffer
	out := filepath.Join(t.TempDir(), "x.db")
	if _, err := Build(context.Background(), Options{Source: "-", Stdin: strings.NewReader("tea\neat\nat\n"), Out: out, Progress: &progress, Log: &log}); err != nil {
		t.Fatal(err)
	}
	p := progress.String()
	last := -1
	for _, stage := range BuildStages {
		i := strings.Index(p, "building the index: "+stage+" (")
		if i <= last {
			t.Fatalf("stage %q missing or out of order in %q", stage, p)
		}
		last = i
	}
	if !strings.HasSuffix(p, "\r\x1b[K") || strings.Contains(p, "\n") {
		t.Errorf("the progress does not end by erasing its line: %q", p)
	}
	if strings.Contains(log.String(), "building the index") {
		t.Errorf("the log holds progress lines: %q", log.String())
	}
}
