package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/lexico/lexico/index"
	bolt "go.etcd.io/bbolt"
)

func TestLookupBestScoringFirst(t *testing.T) {
	path := buildTestIndex(t)
	code, stdout, stderr := runCLI(t, "", "lookup", "--index", path, "--json", "zaqis")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got []lookupWord
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	// From Z A Q I S: ZAS 12, QIS 12, ZA 11, QI 11, IS 2, SI 2, AS 2 (Lexico
	// values Z=10 Q=10 A=I=S=1). ADZ needs a D; TEA needs T, E.
	want := []lookupWord{{"QIS", "", 12}, {"ZAS", "", 12}, {"QI", "", 11}, {"ZA", "", 11}, {"AS", "", 2}, {"IS", "", 2}, {"SI", "", 2}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestLookupBlankScoresZero(t *testing.T) {
	path := buildTestIndex(t)
	code, stdout, _ := runCLI(t, "", "lookup", "--index", path, "Q?")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	// QI with the I from the blank: 10 points, shown with a lower-case i.
	if first := strings.SplitN(stdout, "\n", 2)[0]; strings.TrimSpace(first) != "10 Qi" {
		t.Fatalf("first line %q, want \"10 Qi\"\n%s", first, stdout)
	}
}

func TestLookupBadRack(t *testing.T) {
	path := buildTestIndex(t)
	for _, args := range [][]string{{"lookup", "--index", path, "AB3"}, {"lookup", "--index", path}, {"lookup", "--index", path, "A", "B"}} {
		code, _, stderr := runCLI(t, "", args...)
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// A word bucket edited behind the index's back opens (no move search reads
// it) and is refused by lookup, its first word query: one line naming the
// file and the bucket, exit 1, nothing on stdout.
func TestLookupRefusesAnEditedAnagramBucket(t *testing.T) {
	path := buildTestIndex(t)
	db, err := bolt.Open(path, 0o644, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(index.BucketAnagrams)
		k, v := b.Cursor().First()
		v = append([]byte(nil), v...)
		v[0] ^= 0x01
		return b.Put(k, v)
	})
	db.Close()
	code, stdout, stderr := runCLI(t, "", "lookup", "--index", path, "RETAINS")
	if code == 0 || stdout != "" || strings.Count(strings.TrimSpace(stderr), "\n") != 0 ||
		!strings.Contains(stderr, path+": anagrams bucket: index checksum mismatch") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
