package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index"
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
		got.SHA256 != build.Checksum(sorted(testWords)) || got.FileBytes == 0 || got.FragmentBloom.Probes == 0 {
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
}

func TestStatsMissingIndex(t *testing.T) {
	code, _, stderr := runCLI(t, "", "stats", "--index", filepath.Join(t.TempDir(), "none.db"))
	if code == 0 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "no such file") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
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
