package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/lexico/lexico/index"
)

// The test binary re-executes itself as lexico-index when this variable is
// set, so a real process can be killed in the middle of a build.
const asCLI = "LEXICO_INDEX_TEST_AS_CLI"

func init() {
	if os.Getenv(asCLI) == "1" {
		os.Exit(run(append([]string{"lexico-index"}, os.Args[1:]...), os.Stdin, os.Stdout, os.Stderr))
	}
}

// TestKilledBuildLeavesOldIndex kills `lexico-index build` of the full default
// list at several moments, with SIGKILL (no chance to clean up) and SIGINT
// (Ctrl-C). The index already at --out must stay byte-for-byte the same and
// still open; after SIGINT no temporary file may remain.
func TestKilledBuildLeavesOldIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("runs partial builds of the full default list")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "lexico.db")
	if code, _, stderr := runCLI(t, "old\nwords\n", "build", "--source", "-", "--out", out); code != 0 {
		t.Fatal(stderr)
	}
	before, _ := os.ReadFile(out)
	for _, tc := range []struct {
		sig   syscall.Signal
		after time.Duration
	}{{syscall.SIGKILL, 300 * time.Millisecond}, {syscall.SIGKILL, 1200 * time.Millisecond}, {syscall.SIGINT, 700 * time.Millisecond}} {
		cmd := exec.Command(os.Args[0], "build", "--out", out)
		cmd.Env = append(os.Environ(), asCLI+"=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(tc.after)
		cmd.Process.Signal(tc.sig)
		err := cmd.Wait()
		if err == nil {
			// The build won the race; the new index replaced the old one
			// whole. Nothing more to check for this moment.
			t.Logf("%v after %v: build had finished", tc.sig, tc.after)
			before, _ = os.ReadFile(out)
			continue
		}
		after, _ := os.ReadFile(out)
		if !bytes.Equal(before, after) {
			t.Fatalf("%v after %v changed the index at --out", tc.sig, tc.after)
		}
		x, err := index.Open(out)
		if err != nil {
			t.Fatalf("%v after %v: old index no longer opens: %v", tc.sig, tc.after, err)
		}
		x.Close()
		temps, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
		if tc.sig == syscall.SIGINT && len(temps) > 0 {
			t.Fatalf("SIGINT left temporary files %v (stderr %q)", temps, stderr.String())
		}
		for _, f := range temps {
			os.Remove(f) // what SIGKILL leaves: beside --out, never at it
		}
	}
}
