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
