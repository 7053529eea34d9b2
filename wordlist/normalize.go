// Package wordlist reads a word list as the index is built from it:
// gunzipped when it is gzip, normalised to sorted, unique, upper-case A-Z
// words within length bounds, and identified by its checksum. It is apart
// from package build (which fetches, builds and writes the index) so that
// what needs only the words, above all the embedded default list
// (DefaultWords), does not link build's downloader and bbolt writer.
package wordlist

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"unicode/utf8"

	"github.com/lexico/lexico/data"
)

// Default word length bounds: a two-letter word is the shortest that can be
// played, and 15 is the width of every Lexico board.
const (
	DefaultMinLen = 2
	DefaultMaxLen = 15
)

// maxLine bounds one line of the source. A word list's lines are short; a
// megabyte without a newline is not a word list.
const maxLine = 1 << 20

// rejectedShown is how many rejected lines a report keeps to show the user,
// and exampleRunes how much of each: a word's worth and more, so that a
// line of megabytes (a list in another format) is shown by its start, not
// printed whole on stderr and kept in the index's metadata.
const (
	rejectedShown = 5
	exampleRunes  = 40
)

// WordList is a normalised dictionary: sorted, unique, upper-case A-Z words
// within the length bounds, and an account of what was dropped.
type WordList struct {
	Words []string
	// SHA256 is the hex SHA-256 of the words in order, each followed by "\n".
	SHA256 string
	// Lines is the number of source lines read, Blank of them empty.
	Lines, Blank int
	// Rejected lines held a character outside A-Z; Examples shows a few.
	Rejected int
	Examples []string
	// OutOfLength words were outside [MinLen, MaxLen]; Duplicates repeated an
	// earlier word once upper-cased.
	OutOfLength, Duplicates int
	MinLen, MaxLen          int
}

// gzipMagic opens every gzip stream (RFC 1952).
var gzipMagic = []byte{0x1f, 0x8b}

// Decompress returns r's bytes, gunzipped when they start with the gzip magic
// (whatever the file or URL is called: the content decides).
func Decompress(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, err := br.Peek(2)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if !bytes.Equal(head, gzipMagic) {
		return br, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, fmt.Errorf("%w: gzip header: %v", ErrBinary, err)
	}
	return gzipReader{zr}, nil
}

// gzipReader names a cut-off gzip stream for what it is.
type gzipReader struct{ *gzip.Reader }

func (g gzipReader) Read(p []byte) (int, error) {
	n, err := g.Reader.Read(p)
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = fmt.Errorf("%w: gzip stream ends early", ErrTruncated)
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader):
		err = fmt.Errorf("%w: gzip: %v", ErrBinary, err)
	}
	return n, err
}

// Normalise reads a word list, one word a line, and returns it upper-cased,
// trimmed, without a UTF-8 byte-order mark, CR or blank lines, de-duplicated
// and sorted. A line with a character outside A-Z (after upper-casing a-z) is
// rejected and counted, not fatal: real lists carry a few such entries. Control
// bytes are fatal: they mean the input is binary, not a list with a few bad
// words. minLen and maxLen bound the word length (inclusive).
func Normalise(r io.Reader, minLen, maxLen int) (*WordList, error) {
	if minLen < 1 || maxLen < minLen || maxLen > 255 {
		return nil, fmt.Errorf("%w: length bounds %d..%d (need 1 <= min <= max <= 255)", ErrBadOption, minLen, maxLen)
	}
	wl := &WordList{MinLen: minLen, MaxLen: maxLen}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	// The kept words' letters go end to end into one buffer and become
	// one string, which every word is a slice of: a list of 270,000 words
	// is then one allocation for the collector to track rather than one a
	// word. The trade: a word kept alone keeps the whole text alive.
	text, ends := make([]byte, 0, 1<<20), make([]int, 0, 1<<16)
	buf := make([]byte, 0, 64)
	for sc.Scan() {
		line := sc.Bytes()
		wl.Lines++
		if wl.Lines == 1 {
			line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
		}
		if i := bytes.IndexFunc(line, isControl); i >= 0 {
			return nil, fmt.Errorf("%w: line %d has control byte 0x%02x", ErrBinary, wl.Lines, line[i])
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			wl.Blank++
			continue
		}
		buf = buf[:0]
		ok := true
		for _, c := range line {
			switch {
			case c >= 'A' && c <= 'Z':
			case c >= 'a' && c <= 'z':
				c -= 'a' - 'A'
			default:
				ok = false
			}
			buf = append(buf, c)
		}
		if !ok {
			wl.Rejected++
			if len(wl.Examples) < rejectedShown {
				wl.Examples = append(wl.Examples, example(line))
			}
			continue
		}
		if len(buf) < minLen || len(buf) > maxLen {
			wl.OutOfLength++
			continue
		}
		text = append(text, buf...)
		ends = append(ends, len(text))
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%w: line %d is longer than %d bytes", ErrBinary, wl.Lines+1, maxLine)
		}
		return nil, err
	}
	all, words, start := string(text), make([]string, len(ends)), 0
	for i, end := range ends {
		words[i], start = all[start:end], end
	}
	slices.Sort(words)
	n := len(words)
	words = slices.Compact(words)
	wl.Duplicates = n - len(words)
	if len(words) == 0 {
		return nil, fmt.Errorf("%w: no words of %d..%d letters A-Z (%d lines read, %d rejected, %d out of length)",
			ErrEmpty, minLen, maxLen, wl.Lines, wl.Rejected, wl.OutOfLength)
	}
	wl.Words = words
	wl.SHA256 = Checksum(words)
	return wl, nil
}

// Checksum is the hex SHA-256 of words, each followed by "\n": the identity of
// a normalised list, stored in the index and recomputed by verify.
func Checksum(words []string) string {
	h := sha256.New()
	// The words go to the hash in blocks, not one call (and a newline) a
	// word: the hash costs less than the calls would.
	block := make([]byte, 0, 64<<10)
	for _, w := range words {
		if len(block)+len(w)+1 > cap(block) {
			h.Write(block)
			block = block[:0]
		}
		block = append(append(block, w...), '\n')
	}
	h.Write(block)
	return hex.EncodeToString(h.Sum(nil))
}

// example is line as a report shows it: its first exampleRunes characters
// (bytes of invalid UTF-8 count one each), then "…" when there is more.
func example(line []byte) string {
	i := 0
	for n := 0; i < len(line); n++ {
		if n == exampleRunes {
			return string(line[:i]) + "…"
		}
		_, size := utf8.DecodeRune(line[i:])
		i += size
	}
	return string(line)
}

// isControl reports a byte that never appears in a text word list: ASCII
// control characters other than tab, LF, CR, form feed, and DEL.
func isControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f') || r == 0x7f
}

// DefaultWords is the embedded default list normalised as a build would
// normalise it, bounded to minLen..maxLen letters: what tests and tools that
// need real words without an index file should read, so every one of them
// sees the same words as the index.
func DefaultWords(minLen, maxLen int) ([]string, error) {
	r, err := Decompress(bytes.NewReader(data.DefaultDictionaryGz))
	if err != nil {
		return nil, err
	}
	wl, err := Normalise(r, minLen, maxLen)
	if err != nil {
		return nil, err
	}
	return wl.Words, nil
}
