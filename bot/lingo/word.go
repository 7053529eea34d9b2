package lingo

import (
	"fmt"
	"strings"
)

// WordVerdict is the answer of the pbmserv Lingo help's word command: is w
// a word, and if not, does it read as one backwards (a Lingo word may be
// laid right to left or bottom to top).
type WordVerdict struct {
	// Word is the word asked about, upper case.
	Word  string `json:"word"`
	Valid bool   `json:"valid"`
	// Backwards is set when the word is not one but its reverse is.
	Backwards bool `json:"backwards,omitempty"`
	// Err is set when Word is not letters A-Z (Valid is then false).
	Err error `json:"-"`
}

// CheckWord looks w up in lex, whatever its case.
func CheckWord(lex *Lexicon, w string) WordVerdict {
	// The letters are checked before the case is changed: strings.ToUpper
	// maps some other letters onto A-Z (the long s 'ſ' to S, the dotless
	// 'ı' to I), and "caſt" would be answered as CAST.
	for i := 0; i < len(w); i++ {
		if c := w[i]; (c < 'A' || c > 'Z') && (c < 'a' || c > 'z') {
			return WordVerdict{Word: w, Err: fmt.Errorf("%w: %q (letters A-Z only)", ErrNotAWord, w)}
		}
	}
	if w == "" {
		return WordVerdict{Word: w, Err: fmt.Errorf("%w: an empty word", ErrNotAWord)}
	}
	u := strings.ToUpper(w)
	fwd, bwd := lex.Reads([]byte(u))
	return WordVerdict{Word: u, Valid: fwd, Backwards: !fwd && bwd}
}

// String is the verdict as the word command prints it.
func (v WordVerdict) String() string {
	switch {
	case v.Err != nil:
		return fmt.Sprintf("%s: not a word (letters A-Z only)", v.Word)
	case v.Valid:
		return fmt.Sprintf("%s: a word", v.Word)
	case v.Backwards:
		return fmt.Sprintf("%s: not a word, but it reads as one backwards", v.Word)
	}
	return fmt.Sprintf("%s: not a word", v.Word)
}
