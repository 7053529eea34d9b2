package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/wordlist"
	bolt "go.etcd.io/bbolt"
)

func TestStatsJSON(t *testing.T) {
	path := buildTestIndex(t)
	code, stdout, stderr := runCLI(t, "", "stats", "--index", path, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		WordCount     int    `json:"word_count"`
		FormatVersion int    `json:"format_version"`
		Source        string `json:"source"`
		SHA256        string `json:"sha256"`
		FileBytes     int64  `json:"file_bytes"`
		FragmentBloom struct {
			MeasuredFP float64 `json:"measured_fp"`
			Probes     int     `json:"probes"`
		} `json:"fragment_bloom"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("stats --json is not JSON: %v\n%s", err, stdout)
	}
	if got.WordCount != len(testWords) || got.FormatVersion != index.FormatVersion || got.Source != "stdin" ||
		got.SHA256 != wordlist.Checksum(sorted(testWords)) || got.FileBytes == 0 || got.FragmentBloom.Probes == 0 {
		t.Fatalf("stats: %+v", got)
	}
}

func TestStatsText(t *testing.T) {
	path := buildTestIndex(t)
	code, stdout, _ := runCLI(t, "", "stats", "--index", path)
	if code != 0 || !strings.Contains(stdout, "words") || !strings.Contains(stdout, "fragment Bloom") ||
		!strings.Contains(stdout, "less two in 2^") {
		t.Fatalf("exit %d:\n%s", code, stdout)
	}
	if !strings.Contains(stdout, "words by length") || !strings.Contains(stdout, "buckets:") {
		t.Errorf("stats without --brief lacks its tables:\n%s", stdout)
	}
	// --brief (make run's): the summary, not the tables.
	code, brief, _ := runCLI(t, "", "stats", "--brief", "--index", path)
	if summary, _, _ := strings.Cut(stdout, "\nwords by length"); code != 0 || brief != summary {
		t.Errorf("stats --brief: exit %d,\n%s\nwant the summary before the tables:\n%s", code, brief, summary)
	}
}

// A missing --index is a usage mistake, as in lexico-bot: exit status 2 and
// one line naming the file once, in every command that reads one.
func TestMissingIndex(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.db")
	for _, args := range [][]string{{"stats"}, {"lookup", "RETAIN?"}, {"verify"}} {
		code, _, stderr := runCLI(t, "", append([]string{args[0], "--index", missing}, args[1:]...)...)
		msg := strings.TrimSuffix(stderr, "\n")
		if code != 2 || strings.Contains(msg, "\n") || msg != "lexico-index: index "+missing+": no such file or directory" {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and the file named once, not there", args[0], code, stderr)
		}
	}
}

func TestStatsReadsLexicoIndexVariable(t *testing.T) {
	path := buildTestIndex(t)
	t.Setenv(build.EnvIndex, path)
	code, stdout, stderr := runCLI(t, "", "stats", "--json")
	if code != 0 || !strings.Contains(stdout, `"word_count": 23`) {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
}

// An index that cannot be opened is the user's input to mend, exit 2 as in
// lexico-bot, in every command that reads one; verify alone answers 1, its
// verdict on a file that is there but not a sound index.
func TestUnusableIndexIsAUsageMistake(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.db")
	if err := os.WriteFile(bad, bytes.Repeat([]byte("not an index "), 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"stats"}, {"lookup", "RETAIN?"}, {"verify"}} {
		code, _, stderr := runCLI(t, "", append([]string{args[0], "--index", bad}, args[1:]...)...)
		want := map[bool]int{true: 1, false: 2}[args[0] == "verify"]
		if code != want || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "not a Lexico index") {
			t.Errorf("%s: exit %d, stderr %q; want %d and one line saying it is no index", args[0], code, stderr, want)
		}
	}
}

// Damage in a word bucket, which the open leaves to the first word query
// (docs/index.md), is said as damage found at the open is: one line naming
// the file, exit 2, in stats and lookup alike.
func TestDamagedWordBucketIsAUsageMistake(t *testing.T) {
	path := buildTestIndex(t)
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { return tx.Bucket(index.BucketAnagrams).Put([]byte("AET"), []byte("TEAZZZ")) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, args := range [][]string{{"stats"}, {"stats", "--json"}, {"lookup", "RETAIN?"}} {
		code, stdout, stderr := runCLI(t, "", append([]string{args[0], "--index", path}, args[1:]...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 ||
			!strings.Contains(stderr, "index "+path+": ") || !strings.Contains(stderr, "checksum mismatch") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line naming the file and the damage", args, code, stdout, stderr)
		}
	}
}
