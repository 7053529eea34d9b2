package build

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A caller of Build tells a bad list from a bad option by build's own
// error names (reading the list is package wordlist's, whose values they
// are), and nothing is written.
func TestBuildErrorsMatchTheirNames(t *testing.T) {
	for _, tc := range []struct {
		name, words    string
		minLen, maxLen int
		want           error
	}{
		{"empty", "\n\n", 0, 0, ErrEmpty},
		{"binary", "word\n\x00\x01garbage\n", 0, 0, ErrBinary},
		{"bounds", "word\n", 5, 3, ErrBadOption},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "x.db")
			_, err := Build(context.Background(), Options{Source: "-", Stdin: strings.NewReader(tc.words), Out: out, MinLen: tc.minLen, MaxLen: tc.maxLen})
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
				t.Fatalf("a failed build left %s (%v)", out, err)
			}
		})
	}
}
