package index_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/index"
	"github.com/lexico/lexico/internal/damage"
	bolt "go.etcd.io/bbolt"
)

// TestEveryDamageIsReported flips bits all over real index files (every
// kind of page, every part of a page: see package damage) and cuts them
// short. Open and Verify must never panic; a copy damaged where some reader
// reads must fail to open with a clear error or fail Verify, each error
// wrapping ErrCorrupt or ErrChecksum; a copy damaged only where nothing
// reads (a meta page's tail, the slack after a page's last value, a free
// page) must still open and verify.
//
// The files: an index of every 97th word of the default list, big enough
// for branch pages in its big buckets; the same with the freelist stored, as
// a bbolt writer leaves it (lexico-index writes none); the small index,
// whose buckets are inline pages.
func TestEveryDamageIsReported(t *testing.T) {
	sample, _ := sampleIndex(t)
	small, err := smallIndexBytes()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	withFreelist := filepath.Join(dir, "freelist.db")
	os.WriteFile(withFreelist, sample, 0o644)
	db, err := bolt.Open(withFreelist, 0o644, nil) // a writer stores the freelist on open
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	stored, _ := os.ReadFile(withFreelist)

	for _, file := range []struct {
		name string
		b    []byte
		keep func(damage.Region) bool
	}{
		{"sample", sample, nil},
		{"sample with a stored freelist", stored, func(r damage.Region) bool { return r.Kind == "freelist" || r.Kind == "free" }},
		{"small", small, nil},
	} {
		t.Run(file.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "damaged.db")
			os.WriteFile(path, file.b, 0o644)
			if err := openAndVerify(path); err != nil {
				t.Fatalf("the undamaged file: %v", err)
			}
			l, err := damage.Map(file.b)
			if err != nil {
				t.Fatal(err)
			}
			if file.name == "sample" {
				kinds := map[string]bool{}
				for _, r := range l.Regions {
					kinds[r.Kind+" "+r.Bucket] = true
				}
				for _, k := range []string{"branch words", "branch anagrams", "branch length_letter", "leaf gaddag", "leaf blobs", "free "} {
					if !kinds[k] {
						t.Fatalf("the sample has no %s page to damage", k)
					}
				}
			}
			cases := append(l.Flips(3, 14, func(r damage.Region) bool {
				// meta.json's descriptive fields (source, build time,
				// rejection counts) have no checksum: a flip there is
				// invisible to any check.
				return (file.keep == nil || file.keep(r)) && !(r.Part == "values" && r.Key == string(index.MetaJSON))
			}), l.Truncations()...)
			reported := 0
			for _, c := range cases {
				os.WriteFile(path, c.Apply(file.b), 0o644)
				err := openAndVerify(path)
				damaged := c.Size >= 0 || c.Region.Used
				switch {
				case damaged && err == nil:
					t.Errorf("%s: not reported", c.Name)
				case damaged && c.Region.Key == string(index.MetaFormat) && (errors.Is(err, index.ErrNewerFormat) || errors.Is(err, index.ErrOlderFormat)):
					// A flipped format version reads as another version.
					reported++
				case damaged && !errors.Is(err, index.ErrCorrupt) && !errors.Is(err, index.ErrChecksum):
					t.Errorf("%s: %v, want ErrCorrupt or ErrChecksum", c.Name, err)
				case !damaged && err != nil:
					t.Errorf("%s: nothing reads these bytes, yet: %v", c.Name, err)
				case damaged:
					reported++
				}
			}
			t.Logf("%d damaged copies, %d reported; %d flips where nothing reads", len(cases), reported, len(cases)-reported)
		})
	}
}

// TestDamagedQueryBucketIsReportedByTheFirstQuery: Open walks the pages of
// the buckets it reads (meta, blobs, GADDAG) and leaves those of the word
// buckets to the first query. A branch page of the words bucket with its
// element offsets scribbled over opens, answers Contains (the GADDAG's),
// and makes every query that reads the buckets report ErrCorrupt, never
// panic or answer from the damaged page.
func TestDamagedQueryBucketIsReportedByTheFirstQuery(t *testing.T) {
	b, words := sampleIndex(t)
	l, err := damage.Map(b)
	if err != nil {
		t.Fatal(err)
	}
	var branch *damage.Region
	for i, r := range l.Regions {
		if r.Kind == "branch" && r.Bucket == string(index.BucketWords) && r.Part == "elements" {
			branch = &l.Regions[i]
			break
		}
	}
	if branch == nil {
		t.Fatal("the sample has no branch page of the words bucket")
	}
	for i := branch.Off; i < branch.Off+branch.Len; i++ {
		b[i] ^= 0x5a
	}
	path := filepath.Join(t.TempDir(), "damaged.db")
	os.WriteFile(path, b, 0o644)
	x, err := index.Open(path)
	if err != nil {
		t.Fatalf("Open: %v (the words bucket is not read until a query)", err)
	}
	defer x.Close()
	if !x.Contains(words[0]) {
		t.Errorf("Contains(%q) false: the GADDAG is whole", words[0])
	}
	for range 2 {
		if _, err := x.ByLength(3); !errors.Is(err, index.ErrCorrupt) {
			t.Errorf("ByLength on a damaged words bucket: %v, want ErrCorrupt", err)
		}
		if err := x.Each(func(string) bool { return true }); !errors.Is(err, index.ErrCorrupt) {
			t.Errorf("Each on a damaged words bucket: %v, want ErrCorrupt", err)
		}
	}
}

// sampleIndex is the bytes of an index of every 97th word of the default
// list, big enough for branch pages in its big buckets, and its words.
func sampleIndex(t *testing.T) ([]byte, []string) {
	var words []string
	for i, w := range defaultWords() {
		if i%97 == 0 {
			words = append(words, w)
		}
	}
	b, err := os.ReadFile(buildSmall(t, words))
	if err != nil {
		t.Fatal(err)
	}
	return b, words
}

// openAndVerify opens the index at path and verifies it, turning a panic
// into a test failure's error.
func openAndVerify(path string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("PANIC: %v", r)
		}
	}()
	x, err := index.Open(path)
	if err != nil {
		return err
	}
	defer x.Close()
	return x.Verify()
}

// TestDamagedMetaPageIsNamed: a flipped bit in either meta page of an index
// is reported as that page's damage, whether Open finds it (the page bbolt
// would read through) or Verify (the copy it falls back on); never as "not a
// Lexico index file". With both damaged, Open says so.
func TestDamagedMetaPageIsNamed(t *testing.T) {
	clean, err := smallIndexBytes()
	if err != nil {
		t.Fatal(err)
	}
	const pageSize = 4096
	fieldsAt := func(page int) int { return page*pageSize + 16 + 24 } // the root bucket's page
	path := filepath.Join(t.TempDir(), "damaged.db")
	for _, pages := range [][]int{{0}, {1}, {0, 1}} {
		b := append([]byte(nil), clean...)
		for _, p := range pages {
			b[fieldsAt(p)] ^= 0x04
		}
		os.WriteFile(path, b, 0o644)
		err := openAndVerify(path)
		if !errors.Is(err, index.ErrCorrupt) || errors.Is(err, index.ErrNotIndex) {
			t.Errorf("meta pages %v damaged: %v, want ErrCorrupt", pages, err)
			continue
		}
		for _, p := range pages {
			if want := fmt.Sprintf("bbolt meta page %d", p); !strings.Contains(err.Error(), want) {
				t.Errorf("meta pages %v damaged: %q does not name %s", pages, err, want)
			}
		}
	}
}

// TestEditedWordBucketIsRefusedByTheFirstQuery: the word buckets' pages
// wait for the first word query, and their contents too: a value changed
// behind the index's back (through bbolt, so every page is sound) opens,
// plays (no move search reads the buckets), and makes the first word query
// and every one after it fail with ErrChecksum naming the bucket, never
// answer from it; verify names it too.
func TestEditedWordBucketIsRefusedByTheFirstQuery(t *testing.T) {
	for _, b := range []struct {
		bucket    []byte
		structure string
	}{
		{index.BucketWords, index.StructWordsBucket},
		{index.BucketLengthLetter, index.StructLengthLetter},
		{index.BucketAnagrams, index.StructAnagramsBucket},
	} {
		p := copyIndex(t)
		rewrite(t, p, func(tx *bolt.Tx) error {
			bk := tx.Bucket(b.bucket)
			k, v := bk.Cursor().First()
			if len(v) == 0 {
				// The words bucket: a key changed, one letter.
				k2 := append([]byte(nil), k...)
				k2[len(k2)-1] ^= 0x01
				if err := bk.Delete(k); err != nil {
					return err
				}
				return bk.Put(k2, nil)
			}
			v2 := append([]byte(nil), v...)
			v2[0] ^= 0x01
			return bk.Put(k, v2)
		})
		x, err := index.Open(p)
		if err != nil {
			t.Fatalf("%s edited: Open: %v (the word buckets are not read until a query)", b.structure, err)
		}
		if !x.Contains(strings.ToUpper(smallList[0])) {
			t.Errorf("%s edited: Contains(%q) false: the GADDAG is whole", b.structure, smallList[0])
		}
		for range 2 {
			_, err := x.ByLength(3)
			var d *index.DamageError
			if !errors.Is(err, index.ErrChecksum) || !errors.As(err, &d) || d.Structure != b.structure {
				t.Errorf("%s edited: ByLength: %v, want ErrChecksum naming it", b.structure, err)
			}
			if _, err := x.Anagrams("TAC"); !errors.Is(err, index.ErrChecksum) {
				t.Errorf("%s edited: Anagrams: %v, want ErrChecksum", b.structure, err)
			}
		}
		if err := x.Verify(); err == nil || !strings.Contains(err.Error(), b.structure+": ") {
			t.Errorf("%s edited: Verify: %v, want it named", b.structure, err)
		}
		x.Close()
	}
}
