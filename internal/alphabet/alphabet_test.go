package alphabet

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseRackAcceptsEveryBlankSpellingAndLowerCase(t *testing.T) {
	r, err := ParseRack("ab?*_Z")
	if err != nil {
		t.Fatal(err)
	}
	if r.N != 6 || r.Blanks() != 3 || r.Count('A') != 1 || r.Count('B') != 1 || r.Count('Z') != 1 {
		t.Fatalf("rack %v: want A, B, Z and three blanks", r)
	}
	if got := r.String(); got != "ABZ???" {
		t.Fatalf("String() = %q, want ABZ???", got)
	}
}

func TestParseRackRejectsNonLetters(t *testing.T) {
	for _, s := range []string{"AB1", "A B", "É"} {
		if _, err := ParseRack(s); err == nil {
			t.Errorf("ParseRack(%q) accepted a non-letter", s)
		}
	}
}

// A character that is not a letter is named whole, decoded from UTF-8: its
// first byte alone was named, 'Ã' for é.
func TestParseRackNamesTheCharacter(t *testing.T) {
	for s, want := range map[string]string{"é": "'é' is not a letter", "A€€": "'€' is not a letter", "A\xff": "byte 0xff is not a letter"} {
		if _, err := ParseRack(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseRack(%q): %v, want an error saying %s", s, err, want)
		}
	}
}

func TestRemoveOnlyWhatIsThere(t *testing.T) {
	r := RackOf([]byte("AAB"))
	if !r.Remove('A') || !r.Remove('A') || r.Remove('A') {
		t.Fatal("a rack with two A's gave up a third")
	}
	if r.Remove('!') {
		t.Fatal("Remove of a non-tile succeeded")
	}
	if r.N != 1 || r.Count('B') != 1 {
		t.Fatalf("rack after removals %v, want B", r)
	}
}

func TestCanonicalIsTheAnagramKey(t *testing.T) {
	if a, b := Canonical("LISTEN"), Canonical("SILENT"); a != b || a != "EILNST" {
		t.Fatalf("Canonical(LISTEN)=%q Canonical(SILENT)=%q, want both EILNST", a, b)
	}
}

func TestIndexAndByteAreInverse(t *testing.T) {
	for i := 0; i < NumKinds; i++ {
		if Index(Byte(i)) != i {
			t.Fatalf("Index(Byte(%d)) = %d", i, Index(Byte(i)))
		}
	}
	if Index('a') != -1 || Index(' ') != -1 {
		t.Fatal("Index accepts bytes that are not tiles")
	}
}

// A long rack is shown short in the refusal.
func TestParseRackQuotesLongInputShort(t *testing.T) {
	_, err := ParseRack(strings.Repeat("A", 1<<20) + "1")
	if err == nil || !strings.Contains(err.Error(), "'1' is not a letter") || len(err.Error()) > 300 {
		t.Errorf("error of %d bytes: %.300v", len(fmt.Sprint(err)), err)
	}
}

func TestKindsMarksEachKindHeld(t *testing.T) {
	r, err := ParseRack("ABBZ?")
	if err != nil {
		t.Fatal(err)
	}
	want := uint32(1)<<0 | 1<<1 | 1<<25 | 1<<BlankIndex
	if got := r.Kinds(); got != want {
		t.Errorf("Kinds(ABBZ?) = %b, want %b", got, want)
	}
	var empty Rack
	if empty.Kinds() != 0 {
		t.Error("an empty rack holds some kind")
	}
}

// SubRack numbers a rack's sub-multisets one to one, by their counts as
// digits (the first kind's lowest): each of them once, from the empty rack
// to the rack itself.
func TestSubRackNumbersEachSubMultisetOnce(t *testing.T) {
	for _, c := range []struct {
		rack string
		n    int
	}{{"", 1}, {"A", 2}, {"AAB", 6}, {"ABCDEFG", 128}, {"??EEEES", 30}} {
		r, err := ParseRack(c.rack)
		if err != nil {
			t.Fatal(err)
		}
		if r.SubRacks() != c.n {
			t.Fatalf("%q: %d sub-racks, want %d", c.rack, r.SubRacks(), c.n)
		}
		seen := map[Rack]bool{}
		for i := range c.n {
			sub := r.SubRack(i)
			n := 0
			for k, cnt := range sub.Counts {
				if cnt > r.Counts[k] {
					t.Fatalf("%q: sub-rack %d %q holds more than the rack", c.rack, i, sub.String())
				}
				n += int(cnt)
			}
			if n != sub.N || seen[sub] {
				t.Fatalf("%q: sub-rack %d %q counted %d (N %d) or seen before", c.rack, i, sub.String(), n, sub.N)
			}
			seen[sub] = true
		}
		if r.SubRack(0).N != 0 || r.SubRack(c.n-1) != r {
			t.Errorf("%q: first %q, last %q: want the empty rack and the rack", c.rack, r.SubRack(0).String(), r.SubRack(c.n-1).String())
		}
	}
	// The digits: in AAB, A is the first kind (base 3), B the second.
	r, _ := ParseRack("AAB")
	if got := r.SubRack(2 + 1*3); got.String() != "AAB" {
		t.Errorf("AAB sub-rack 5 = %q, want AAB", got.String())
	}
	if got := r.SubRack(1 + 0*3); got.String() != "A" {
		t.Errorf("AAB sub-rack 1 = %q, want A", got.String())
	}
}
