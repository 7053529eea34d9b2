package lingo

import (
	"unsafe"

	"github.com/lexico/lexico/index/gaddag"
)

// Dictionary is what Lingo needs of a word list; *index.Index and a plain
// set of words both satisfy it. Words are upper case A-Z.
type Dictionary interface {
	Contains(word string) bool
}

// Fragmenter is an optional extra of a Dictionary: Fragment(s) false means
// no word contains s. s is valid only during the call (the move finder
// passes its scratch buffer without a copy: it asks millions of times). The index answers it from a Bloom filter (no false
// negatives), which lets the scorer and the move finder stop extending a
// string early. Without it every extension is tried, which is correct but
// slower on long lines and large --place values.
type Fragmenter interface {
	Fragment(s string) bool
}

// Automaton is another optional extra of a Dictionary: its words as a
// GADDAG (the index has one). With it the move finder knows at every
// square whether the stretch it grows is a word, read either way, and
// whether one can still come, exactly and without a lookup; without it,
// Fragment and Contains answer. The GADDAG holds words of up to
// gaddag.MaxWordLen (15) letters, the longest a 15x15 board takes: a
// Lingo line can be longer, and a move whose only word through all its
// tiles is longer than 15 letters is then not found (Judge, which uses
// Contains, still accepts it).
type Automaton interface {
	GADDAG() *gaddag.GADDAG
}

// Lexicon answers the two questions Lingo asks of a string of board
// letters, whether it is a word read forwards or read backwards, and
// whether it can still grow into one, and remembers the answers: the scorer
// and the move finder ask about the same board lines over and over, and
// the index's Contains is a B+tree lookup. A Lexicon is not safe for
// concurrent use; give each game or goroutine its own.
type Lexicon struct {
	dict   Dictionary
	frag   Fragmenter
	gaddag *gaddag.GADDAG
	known  map[string]uint8
	rev    []byte
}

// Bits of a Lexicon's memo.
const (
	knowWord uint8 = 1 << iota
	wordFwd
	wordBwd
)

// maxKnown bounds the memo (some 15 MB); past it the memo starts afresh.
const maxKnown = 1 << 18

// NewLexicon wraps d, using its Fragment method when it has one.
func NewLexicon(d Dictionary) *Lexicon {
	l := &Lexicon{dict: d, known: make(map[string]uint8)}
	l.frag, _ = d.(Fragmenter)
	if a, ok := d.(Automaton); ok {
		l.gaddag = a.GADDAG()
	}
	return l
}

func (l *Lexicon) reversed(s []byte) string { return string(l.reverse(s)) }

// reverse writes s backwards into the Lexicon's scratch buffer.
func (l *Lexicon) reverse(s []byte) []byte {
	l.rev = l.rev[:0]
	for i := len(s) - 1; i >= 0; i-- {
		l.rev = append(l.rev, s[i])
	}
	return l.rev
}

func (l *Lexicon) remember(s []byte, bits uint8) {
	if len(l.known) >= maxKnown {
		clear(l.known)
	}
	l.known[string(s)] |= bits
}

// Reads reports whether the letters s are a word read forwards and read
// backwards.
func (l *Lexicon) Reads(s []byte) (fwd, bwd bool) {
	k := l.known[string(s)]
	if k&knowWord == 0 {
		k = knowWord
		if l.dict.Contains(string(s)) {
			k |= wordFwd
		}
		if l.dict.Contains(l.reversed(s)) {
			k |= wordBwd
		}
		l.remember(s, k)
	}
	return k&wordFwd != 0, k&wordBwd != 0
}

// MayGrow reports whether s can be part of a word read either way; false
// is certain, true may be wrong (and is always the answer without a
// Fragmenter). It is not memoised: the index answers from a Bloom filter
// faster than a map lookup, and without allocating, since s is lent to
// Fragment in place.
func (l *Lexicon) MayGrow(s []byte) bool {
	if l.frag == nil || len(s) < 2 {
		return true
	}
	if l.frag.Fragment(unsafe.String(unsafe.SliceData(s), len(s))) {
		return true
	}
	r := l.reverse(s)
	return l.frag.Fragment(unsafe.String(unsafe.SliceData(r), len(r)))
}
