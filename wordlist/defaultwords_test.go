package wordlist

import "testing"

// The embedded list as every consumer reads it: the same word count and
// checksum the default index holds (269,870 words of 2..15 letters), sorted
// and unique.
func TestDefaultWords(t *testing.T) {
	words, err := DefaultWords(DefaultMinLen, DefaultMaxLen)
	if err != nil {
		t.Fatal(err)
	}
	if len(words) != 269870 {
		t.Fatalf("%d words, want 269870", len(words))
	}
	// The checksum every index of the embedded list stores, which index's
	// Verify recomputes its own way from the words: a change here would
	// make it refuse the indexes built after.
	if got, want := Checksum(words), "9c141826c3166bd4508bef5faa75230a6fbb6f5db23c9329d07de13e114de13c"; got != want {
		t.Fatalf("checksum %s, want %s", got, want)
	}
	for i := 1; i < len(words); i++ {
		if words[i-1] >= words[i] {
			t.Fatalf("not sorted and unique at %d: %q, %q", i, words[i-1], words[i])
		}
	}
	short, err := DefaultWords(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range short {
		if len(w) < 2 || len(w) > 3 {
			t.Fatalf("bounds 2..3 kept %q", w)
		}
	}
}
