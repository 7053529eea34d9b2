package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/damage"
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

// TestVerifyDamagedFile: verify on a damaged index exits non-zero with one
// line naming the damage, never a panic or a Go stack trace. The damage: a
// flag that makes a word a bucket with no header (it crashed verify inside
// bbolt), found by Open; a flipped bit in the backup meta page (verify
// passed it), found by Verify; a flipped bit in the blank table (named the
// multiset table) and in the fragment filter, found by Open and named.
func TestVerifyDamagedFile(t *testing.T) {
	clean, err := os.ReadFile(buildTestIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	l, err := damage.Map(clean)
	if err != nil {
		t.Fatal(err)
	}
	atKey := func(kind, part, bucket, key string) int64 {
		for _, r := range l.Regions {
			if r.Kind == kind && r.Part == part && r.Bucket == bucket && (key == "" || r.Key == key) {
				return r.Off + r.Len - 1
			}
		}
		t.Fatalf("no %s %s of key %q in %q in the test index", kind, part, key, bucket)
		return 0
	}
	at := func(kind, part, bucket string) int64 {
		for _, r := range l.Regions {
			if r.Kind == kind && r.Part == part && r.Bucket == bucket {
				return r.Off
			}
		}
		t.Fatalf("no %s %s in %q in the test index", kind, part, bucket)
		return 0
	}
	for _, tc := range []struct {
		name string
		off  int64
		want string
	}{
		{"a word flagged as a bucket", at("inline", "elements", "words"), `bucket "words", sub-bucket "ADZ": 0-byte bucket header`},
		{"backup meta page", at("meta 1", "fields", "") + 20, "bbolt meta page 1 (the copy bbolt falls back on): checksum mismatch"},
		// Named as the blank table, not the multiset table.
		{"blank table", atKey("leaf", "values", "blobs", "blanks"), "blank table: index checksum mismatch"},
		{"fragment filter", atKey("leaf", "values", "blobs", "bloom.fragments"), "fragment Bloom filter: index checksum mismatch"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "damaged.db")
			b := append([]byte(nil), clean...)
			b[tc.off] ^= 0x01
			os.WriteFile(path, b, 0o644)
			code, stdout, stderr := runCLI(t, "", "verify", "--index", path)
			if code == 0 || stdout != "" {
				t.Fatalf("exit %d, stdout %q", code, stdout)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, tc.want) ||
				strings.Contains(stderr, "goroutine") || strings.Contains(stderr, "panic") {
				t.Fatalf("stderr %q: want one line mentioning %q", stderr, tc.want)
			}
		})
	}
}
