package wordlist

import (
	"bytes"
	"compress/gzip"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func normalise(t *testing.T, src []byte) *WordList {
	t.Helper()
	r, err := Decompress(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	wl, err := Normalise(r, DefaultMinLen, DefaultMaxLen)
	if err != nil {
		t.Fatal(err)
	}
	return wl
}

func TestNormaliseCRLFBOMCaseBlanksDuplicates(t *testing.T) {
	src := "\xef\xbb\xbfZebra\r\n  apple \r\n\r\n\tCAT\r\ncat\r\nx\r\nabcdefghijklmnop\r\n"
	wl := normalise(t, []byte(src))
	want := []string{"APPLE", "CAT", "ZEBRA"}
	if !slices.Equal(wl.Words, want) {
		t.Fatalf("words %q, want %q", wl.Words, want)
	}
	if wl.Duplicates != 1 || wl.Blank != 1 || wl.OutOfLength != 2 || wl.Rejected != 0 {
		t.Fatalf("report %+v", wl)
	}
	if wl.SHA256 != Checksum(want) {
		t.Fatalf("checksum is not that of the normalised list")
	}
}

func TestNormaliseRejectsAndShowsNonLetters(t *testing.T) {
	wl := normalise(t, []byte("can't\nice cream\ncafé\nok\nx-ray\nco2\nfine\n"))
	if !slices.Equal(wl.Words, []string{"FINE", "OK"}) {
		t.Fatalf("words %q", wl.Words)
	}
	if wl.Rejected != 5 || len(wl.Examples) != 5 || wl.Examples[0] != "can't" {
		t.Fatalf("rejected %d, examples %q", wl.Rejected, wl.Examples)
	}
}

func TestNormaliseGzipGivesTheSameList(t *testing.T) {
	plain := []byte("dog\r\ncat\r\n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	a, b := normalise(t, plain), normalise(t, gz.Bytes())
	if !slices.Equal(a.Words, b.Words) || a.SHA256 != b.SHA256 {
		t.Fatalf("gzip %q differs from plain %q", b.Words, a.Words)
	}
}

func TestNormaliseBadInput(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(strings.Repeat("word\n", 1000)))
	zw.Close()
	cut := gz.Bytes()[:gz.Len()/2]
	for _, tc := range []struct {
		name string
		src  []byte
		want error
	}{
		{"empty", nil, ErrEmpty},
		{"only blank lines", []byte("\n \r\n\n"), ErrEmpty},
		{"only one-letter words", []byte("a\nb\n"), ErrEmpty},
		{"binary", []byte("word\n\x00\x01\x02garbage\n"), ErrBinary},
		{"utf-16", []byte("\xff\xfew\x00o\x00r\x00d\x00"), ErrBinary},
		{"truncated gzip", cut, ErrTruncated},
		{"one endless line", bytes.Repeat([]byte("a"), maxLine+10), ErrBinary},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Decompress(bytes.NewReader(tc.src))
			if err == nil {
				_, err = Normalise(r, DefaultMinLen, DefaultMaxLen)
			}
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
		})
	}
}

// A rejected line is shown cut to its start, on a character's boundary: a
// list with a line of megabytes gets a one-line report, not the megabytes
// on stderr and in the index's metadata.
func TestNormaliseShowsALongRejectedLineCut(t *testing.T) {
	long := strings.Repeat("é", 300_000) + "1"
	wl := normalise(t, []byte("ok\n"+long+"\n"))
	if wl.Rejected != 1 || len(wl.Examples) != 1 {
		t.Fatalf("rejected %d, examples %q", wl.Rejected, wl.Examples)
	}
	ex := wl.Examples[0]
	if len(ex) > 200 || !strings.HasPrefix(ex, "éé") || !strings.HasSuffix(ex, "…") || !utf8.ValidString(ex) {
		t.Fatalf("example of %d bytes %.40q...: want the line's start, cut on a character, marked with …", len(ex), ex)
	}
}
