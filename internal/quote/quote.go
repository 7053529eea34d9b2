// Package quote words what the programs tell a user. It shows a user's
// value in a message without repeating all of it: a 1 MB field quoted whole
// would make a 1 MB error, HTTP body and log line, and the start of a value
// is enough to find it. Every error that quotes what a user gave goes
// through here, so the bound is one number. It also counts things
// (count.go) and says what was wrong with a JSON value (json.go) the one
// way every command and endpoint says it.
package quote

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Max is about how many bytes of a value a message shows; a longer value is
// cut there and its whole length said.
const Max = 100

// String is s Go-quoted, as %q prints it, cut to about Max bytes of quoted
// text (on a character boundary) with the whole length said when cut:
// "AAAA..." (1048576 bytes). The escapes count against Max, so a value of
// control bytes is not four times longer than one of letters.
func String(s string) string {
	q := strconv.Quote(s)
	if len(q) <= Max+2 {
		return q
	}
	out := []byte{'"'}
	for i := 0; i < len(s); {
		_, n := utf8.DecodeRuneInString(s[i:]) // an invalid byte is 1, quoted \xNN
		piece := strconv.Quote(s[i : i+n])
		piece = piece[1 : len(piece)-1]
		if len(out)-1+len(piece) > Max {
			break
		}
		out = append(out, piece...)
		i += n
	}
	return fmt.Sprintf("%s...\" (%d bytes)", out, len(s))
}

// Text is s as written, cut to at most Max bytes (on a character boundary)
// with the whole length said when cut: 1111... (1048576 bytes). It is for
// values that print as they are, such as JSON numbers and HTTP methods;
// anything that may hold a newline or a quote goes through String.
func Text(s string) string {
	if len(s) <= Max {
		return s
	}
	n := Max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return fmt.Sprintf("%s... (%d bytes)", s[:n], len(s))
}

// Rune is the character of s that starts at byte i, Go-quoted as %q quotes
// a rune ('é'), for a message naming the one character that is wrong. It
// decodes UTF-8: quoting the byte s[i] showed the character of that
// number, one byte of another ('Ã' for é, 'â' for €). A byte that starts
// no character is shown as what it is: byte 0xff.
func Rune(s string, i int) string {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf("byte 0x%02x", s[i])
	}
	return strconv.QuoteRune(r)
}
