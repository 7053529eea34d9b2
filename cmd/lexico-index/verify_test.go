package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/index"
	bolt "go.etcd.io/bbolt"
)

func TestVerifyFreshIndex(t *testing.T) {
	path := buildTestIndex(t)
	code, stdout, stderr := runCLI(t, "", "verify", "--index", path)
	if code != 0 || !strings.Contains(stdout, "OK") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
}

func TestVerifyEditedIndexFails(t *testing.T) {
	path := buildTestIndex(t)
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error { return tx.Bucket(index.BucketWords).Put([]byte("ZZZ"), nil) })
	db.Close()
	code, _, stderr := runCLI(t, "", "verify", "--index", path)
	if code == 0 || !strings.Contains(stderr, "checksum mismatch") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}

func TestVerifyNotAnIndex(t *testing.T) {
	path := filepath.Join(t.TempDir(), "words.txt")
	os.WriteFile(path, []byte(strings.Repeat("HELLO\n", 2000)), 0o644)
	code, _, stderr := runCLI(t, "", "verify", "--index", path)
	if code == 0 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "not a Lexico index") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
