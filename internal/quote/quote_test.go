package quote

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// A short value is quoted whole, exactly as %q would, so messages about
// ordinary mistakes read as they always did.
func TestShortValuesWhole(t *testing.T) {
	for _, s := range []string{"", "AB", "a\nb", "\xff", strings.Repeat("x", Max)} {
		if got, want := String(s), fmt.Sprintf("%q", s); got != want {
			t.Errorf("String(%q) = %s, want %s", s, got, want)
		}
		if got := Text(s); got != s {
			t.Errorf("Text(%q) = %q, want it unchanged", s, got)
		}
	}
}

// A long value shows its start, whole characters only, and says its length;
// the message stays short whatever the value is made of.
func TestLongValuesCut(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct{ name, s string }{
		{"letters", strings.Repeat("A", mb)},
		{"three-byte characters", strings.Repeat("€", mb/3)},
		{"control bytes", strings.Repeat("\x01", mb)},
		{"invalid bytes", strings.Repeat("\xff", mb)},
		{"letters then a newline", strings.Repeat("A", 99) + "€\n" + strings.Repeat("B", mb)},
	} {
		q := String(c.s)
		suffix := fmt.Sprintf(`..." (%d bytes)`, len(c.s))
		if len(q) > Max+len(suffix)+1 || !strings.HasSuffix(q, suffix) || strings.Contains(q, "\n") {
			t.Errorf("%s: String gave %d bytes: %.200s", c.name, len(q), q)
			continue
		}
		// What is shown unquotes to a start of the value.
		shown, err := strconv.Unquote(strings.TrimSuffix(q, suffix) + `"`)
		if err != nil || shown == "" || !strings.HasPrefix(c.s, shown) {
			t.Errorf("%s: String shows %q (%v), not a start of the value", c.name, shown, err)
		}

		tx := Text(c.s)
		tsuffix := fmt.Sprintf("... (%d bytes)", len(c.s))
		if !strings.HasSuffix(tx, tsuffix) || len(tx) > Max+len(tsuffix) {
			t.Errorf("%s: Text gave %d bytes: %.200q", c.name, len(tx), tx)
			continue
		}
		head := strings.TrimSuffix(tx, tsuffix)
		if !strings.HasPrefix(c.s, head) || (utf8.ValidString(c.s) && !utf8.ValidString(head)) {
			t.Errorf("%s: Text shows %q, not whole characters from the start", c.name, head)
		}
	}
}

// Rune names the character at a byte offset, not the byte: é is 'é', not
// 'Ã', its first byte read as a character; a byte that starts none is
// named as a byte.
func TestRuneDecodesTheCharacter(t *testing.T) {
	for _, c := range []struct {
		s    string
		i    int
		want string
	}{
		{"é", 0, "'é'"}, {"A€", 1, "'€'"}, {"1", 0, "'1'"}, {"\n", 0, `'\n'`},
		{"\xff", 0, "byte 0xff"}, {"é", 1, "byte 0xa9"}, {"\uFFFD", 0, "'\uFFFD'"},
	} {
		if got := Rune(c.s, c.i); got != c.want {
			t.Errorf("Rune(%q, %d) = %s, want %s", c.s, c.i, got, c.want)
		}
	}
}
