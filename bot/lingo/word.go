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
	u := strings.ToUpper(w)
	for i := 0; i < len(u); i++ {
		if c := u[i]; c < 'A' || c > 'Z' {
			return WordVerdict{Word: w, Err: fmt.Errorf("%w: %q (letters A-Z only)", ErrNotAWord, w)}
		}
	}
	if u == "" {
		return WordVerdict{Word: w, Err: fmt.Errorf("%w: an empty word", ErrNotAWord)}
	}
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
